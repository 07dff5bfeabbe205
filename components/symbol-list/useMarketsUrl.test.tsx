/**
 * @jest-environment ./jest.jsdom-env.mjs
 */
import { act, useEffect } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { MarketsUrlState } from '@/lib/symbol-view/url-state'
import { useMarketsUrl } from './useMarketsUrl'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** What Next's router keeps in each history entry it wrote (app-router.js): its marker and its tree. */
const NEXT_STATE = { __NA: true, __PRIVATE_NEXTJS_INTERNALS_TREE: { tree: ['', { children: ['en', {}] }] } }

let root: Root
/** What the hook answered at the last commit. */
const probe: { seen: MarketsUrlState | null; write: (next: MarketsUrlState) => void } = { seen: null, write: () => {} }
function Probe() {
  const [state, set] = useMarketsUrl()
  useEffect(() => {
    probe.seen = state
    probe.write = set
  })
  return null
}
const write = (next: MarketsUrlState) => probe.write(next)

beforeEach(() => {
  window.history.replaceState(NEXT_STATE, '', '/en')
  root = createRoot(document.createElement('div'))
  act(() => root.render(<Probe />))
})
afterEach(() => act(() => root.unmount()))

describe('useMarketsUrl', () => {
  it('writes the tab into the URL and keeps the entry’s state, so Next’s router is not restored on every tap', () => {
    act(() => write({ tab: { kind: 'quote', tokenId: 'USDC' }, query: '', sort: probe.seen!.sort }))
    expect(window.location.search).toBe('?tab=USDC')
    // Next's history patch passes a write whose state carries its marker straight through; a
    // null state made it restore its router, re-rendering the app's tree after each tap.
    expect(window.history.state).toEqual(NEXT_STATE)
    expect(probe.seen?.tab).toEqual({ kind: 'quote', tokenId: 'USDC' })
  })

  it('a keystroke replaces the entry: no new history entry per character', () => {
    const before = window.history.length
    act(() => write({ tab: null, query: 'e', sort: probe.seen!.sort }))
    act(() => write({ tab: null, query: 'et', sort: probe.seen!.sort }))
    expect(window.history.length).toBe(before)
    expect(new URLSearchParams(window.location.search).get('q')).toBe('et')
    expect(window.history.state).toEqual(NEXT_STATE)
  })

  it("reads a shared link's query once mounted, and the entry's query on Back", () => {
    act(() => root.unmount())
    window.history.replaceState(NEXT_STATE, '', '/en?tab=USDC&q=et')
    root = createRoot(document.createElement('div'))
    act(() => root.render(<Probe />))
    expect(probe.seen).toMatchObject({ tab: { kind: 'quote', tokenId: 'USDC' }, query: 'et' })
    act(() => {
      window.history.replaceState(NEXT_STATE, '', '/en?q=btc')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    expect(probe.seen).toMatchObject({ tab: null, query: 'btc' })
  })
})

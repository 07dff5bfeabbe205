/**
 * @jest-environment ./jest.jsdom-env.mjs
 */
import { act, StrictMode, useEffect } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { startTestSim, type TestSim } from '@/simulator/testkit'
import { useNetwork } from '../network/useNetwork'
import type { ClientRuntime } from '@/lib/browser-runtime/runtime'
import type { ClientSiteConfig } from '@/lib/browser-runtime/site-config'
import { ClientRuntimeProvider, useClientRuntime } from './ClientRuntime'

// react-dom's real renderer in jsdom, against the real simulator on 127.0.0.1.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let t: TestSim
let site: ClientSiteConfig
beforeAll(async () => {
  t = await startTestSim()
  const { main, alt1, alt2, fastPath } = t.sim.urls
  site = { region: 'main', apiHosts: { main, alt1, alt2 }, fastPathHosts: [fastPath], fastPath: { mode: 'off', wsUrl: null, cdnUrl: null } }
})
afterAll(() => t.sim.close())
beforeEach(() => t.sim.resetHits())

/** Route probes (GET /t1) each API host has seen. */
function probes(): number[] {
  const { hits } = t.sim.state()
  return [hits.main.t1 ?? 0, hits.alt1.t1 ?? 0, hits.alt2.t1 ?? 0]
}

type Seen = { runtime?: ClientRuntime; engines?: unknown }

/** Reports what the provider hands its children after every commit. */
function Capture({ onSeen }: { onSeen: (seen: Seen) => void }) {
  const runtime = useClientRuntime()
  const { engines } = useNetwork()
  useEffect(() => {
    onSeen({ runtime, engines })
  })
  return null
}

async function mount(strict: boolean) {
  const seen: Seen = {}
  const root: Root = createRoot(document.createElement('div'))
  const tree = (
    <ClientRuntimeProvider site={site}>
      <Capture onSeen={(now) => Object.assign(seen, now)} />
    </ClientRuntimeProvider>
  )
  await act(async () => root.render(strict ? <StrictMode>{tree}</StrictMode> : tree))
  return { root, seen }
}

/** Waits for the runtime's first probe cycle, then one more round trip to the simulator. */
async function decided(seen: Seen) {
  await act(async () => {
    await seen.runtime?.ready
    await fetch(t.url('main', '/'))
  })
}

describe('ClientRuntimeProvider starts the engines after hydration, once', () => {
  it('a strict-mode mount (effects run, are cleaned up, run again) starts one probe loop, not two', async () => {
    const { root, seen } = await mount(true)
    await decided(seen)
    expect(seen.engines).toBeTruthy()
    expect(probes()).toEqual([1, 1, 1])
    await act(async () => root.unmount())
  })

  it('rendering alone starts nothing: a render that never commits makes no probe', async () => {
    // The component body runs (with window present), its effects never do.
    const html = renderToString(
      <ClientRuntimeProvider site={site}>
        <Capture
          onSeen={() => {
            throw new Error('no effect runs in a server render')
          }}
        />
      </ClientRuntimeProvider>,
    )
    expect(html).toBe('')
    await new Promise((resolve) => setTimeout(resolve, 0)) // a chunk import or fetch would start here
    await fetch(t.url('main', '/'))
    expect(probes()).toEqual([0, 0, 0])
  })

  it('unmounting stops the probe loop: showing the tab again probes nothing', async () => {
    const { root, seen } = await mount(false)
    await decided(seen)
    expect(probes()).toEqual([1, 1, 1])
    await act(async () => root.unmount())
    let hidden = true
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') })
    document.dispatchEvent(new Event('visibilitychange'))
    hidden = false
    document.dispatchEvent(new Event('visibilitychange')) // a running loop probes at once here
    await fetch(t.url('main', '/'))
    expect(probes()).toEqual([1, 1, 1])
  })

  it('under fe.crossApi the route chooser and the fast path stand down: ready at once, no probe of any host', async () => {
    window.localStorage.setItem('fe.crossApi', 'true')
    try {
      const { root, seen } = await mount(false)
      await decided(seen)
      expect(seen.runtime?.crossApi()).toBe(true)
      expect(seen.engines).toBeNull()
      expect(probes()).toEqual([0, 0, 0])
      await act(async () => root.unmount())
    } finally {
      window.localStorage.removeItem('fe.crossApi')
    }
  })
})

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFreeSimulator } from '@/simulator/testkit'
import type { Simulator } from '@/simulator/contract'
import { LANGUAGES } from '@/lib/i18n/languages'
import { loadSiteConfig, type RegionConfig } from '@/lib/regions/config'
import { eventually } from '@/testing/eventually'
import { installFakeTimeouts } from '@/testing/fake-timeouts'
import { pending } from '@/testing/pending'
import { createSymbolListService } from './service'

let sim: Simulator & { settled?: () => Promise<void> }
let dir: string
let region: RegionConfig

beforeAll(async () => {
  sim = await startFreeSimulator({ latencyMs: { main: 0, alt1: 0, alt2: 0, fastPath: 0 } })
  region = loadSiteConfig({ API_BASE_URL: sim.urls.main }).regions.tr
})
afterAll(() => sim.close())
// The chain's timeouts and the patience run on jest's fake clock (docs/decisions/stack.md "Tests wait
// for events, not for time"): a healthy load never times out on a loaded machine, and the patience
// ends when a test moves the clock.
beforeEach(() => {
  installFakeTimeouts()
  sim.clearFaults()
  sim.resetHits()
  dir = mkdtempSync(join(tmpdir(), 'spot-symbols-'))
})
afterEach(() => {
  jest.useRealTimers()
  rmSync(dir, { recursive: true, force: true })
})

const en = LANGUAGES['en-TR']
const tr = LANGUAGES['tr-TUR']
/**
 * A render while the region's upstream hangs: pending 1 ms short of the patience (after a later
 * request elsewhere was answered), answered at it, while the refresh it gave up on is still out.
 */
async function renderAfterPatience(s: ReturnType<typeof service>, language: (typeof LANGUAGES)[keyof typeof LANGUAGES]) {
  const render = pending(s.getSymbolList(region, language))
  await eventually(
    'the refresh at the hung upstream',
    () => sim.state().hits.main.symbol_list_v3 ?? 0,
    (n) => n >= 1,
  )
  await jest.advanceTimersByTimeAsync(199)
  expect((await fetch(`${sim.urls.alt1}/t1`)).status).toBe(200) // a later request, answered
  expect(render.settled).toBe(false)
  await jest.advanceTimersByTimeAsync(1) // patienceMs
  await eventually('the render at its patience', () => render.settled)
  expect(s.status(region).consecutiveFailures).toBe(0) // the refresh has not ended: no timeout waited for
  return render.promise
}

const service = (over: Partial<Parameters<typeof createSymbolListService>[0]> = {}) =>
  createSymbolListService({ dir, reuseMs: 0, patienceMs: 200, timeoutMs: 2000, ...over })

describe('server symbol service', () => {
  it('serves the live list, and reuses it within reuseMs', async () => {
    const s = service({ reuseMs: 60_000 })
    const first = await s.getSymbolList(region, en)
    expect(first.provenance.source).toBe('v3+all')
    expect(first.symbols.length).toBeGreaterThanOrEqual(600)
    sim.resetHits()
    expect(await s.getSymbolList(region, en)).toBe(first)
    expect(sim.state().hits.main.symbol_list_v3 ?? 0).toBe(0)
    expect(s.status(region)).toMatchObject({
      status: 'ok',
      consecutiveFailures: 0,
      languages: [{ source: 'v3+all', pairs: first.symbols.length, language: 'en-TR' }],
    })
  })

  it('answers the last list again without asking the upstream; a language never asked is asked once', async () => {
    const s = service() // reuseMs 0: every getSymbolList asks again
    const first = await s.lastSymbolList(region, en)
    expect(first.provenance.source).toBe('v3+all')
    sim.resetHits()
    expect(await s.lastSymbolList(region, en)).toBe(first)
    expect(await s.lastSymbolList(region, en)).toBe(first)
    expect(sim.state().hits.main?.symbol_list_v3 ?? 0).toBe(0)
    const renewed = await s.getSymbolList(region, en)
    expect(sim.state().hits.main?.symbol_list_v3 ?? 0).toBe(1)
    expect(await s.lastSymbolList(region, en)).toBe(renewed)
  })

  it('gives the browser a cache seed for a live list only: none for the cached copy an outage serves', async () => {
    const s = service()
    const live = await s.getSymbolList(region, en)
    const seed = s.cacheSeed(region, en, live)
    expect(seed?.symbol).toMatchObject({ version: expect.any(String), savedAt: live.provenance.fetchedAt, language: 'en-TR' })
    expect(seed?.incremental).toMatchObject({ lastModifiedTime: expect.any(Number), savedAt: live.provenance.fetchedAt, language: 'en-TR' })
    sim.setFault({ host: '*', endpoint: '*', fault: { kind: 'refuse' } })
    const cached = await s.getSymbolList(region, en)
    expect(cached.provenance.source).toBe('cache')
    expect(s.cacheSeed(region, en, cached)).toBeUndefined()
  })

  it('with the upstream hung, a render with a good list answers after patienceMs with that list', async () => {
    const s = service()
    const good = await s.getSymbolList(region, en)
    sim.setFault({ host: 'main', endpoint: '*', fault: { kind: 'hang' } })
    sim.resetHits()
    const stale = await renderAfterPatience(s, en)
    expect(stale.provenance.source).toBe('cache')
    expect(stale.symbols.length).toBe(good.symbols.length)
  })

  it('with the upstream hung, a language never loaded answers after patienceMs with another language’s list', async () => {
    const s = service()
    const good = await s.getSymbolList(region, en)
    sim.setFault({ host: 'main', endpoint: '*', fault: { kind: 'hang' } })
    sim.resetHits()
    const borrowed = await renderAfterPatience(s, tr)
    expect(borrowed.provenance.source).toBe('cache')
    expect(borrowed.symbols.length).toBe(good.symbols.length)
  })

  it('a restarted server with the upstream down renders its last good list from disk', async () => {
    const before = await service().getSymbolList(region, en)
    sim.setFault({ host: 'main', endpoint: '*', fault: { kind: 'refuse' } })
    await sim.settled?.()
    const after = await service().getSymbolList(region, en)
    expect(after.provenance.source).toBe('cache')
    expect(after.symbols.map((p) => p.symbolId)).toEqual(before.symbols.map((p) => p.symbolId))
  })

  it('a language never loaded borrows the same upstream’s list before the built-in sample', async () => {
    const s = service()
    await s.getSymbolList(region, en)
    sim.setFault({ host: 'main', endpoint: '*', fault: { kind: 'refuse' } })
    await sim.settled?.()
    const borrowed = await s.getSymbolList(region, tr)
    expect(borrowed.provenance.source).toBe('cache')
    expect(borrowed.symbols.length).toBeGreaterThanOrEqual(600)
    // A fresh process with nothing on disk has only the built-in sample.
    const empty = createSymbolListService({ dir: join(dir, 'empty'), reuseMs: 0, timeoutMs: 2000 })
    expect((await empty.getSymbolList(region, tr)).provenance.source).toBe('builtin')
  })

  it('a restarted server during an outage renders a language never loaded from another language’s list on disk', async () => {
    await service().getSymbolList(region, en)
    sim.setFault({ host: 'main', endpoint: '*', fault: { kind: 'refuse' } })
    await sim.settled?.()
    const restarted = service()
    const borrowed = await restarted.getSymbolList(region, tr)
    expect(borrowed.provenance.source).toBe('cache')
    expect(borrowed.symbols.length).toBeGreaterThanOrEqual(600)
  })
})

/**
 * The SPEC §4 fallback chain against the real simulator on 127.0.0.1: each path asserts the
 * source used and the exact incident codes, in order.
 */
import type { Simulator } from '@/simulator/contract'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from './storage-keys'
import { createSymbolCaches } from './cache'
import type { DerivedSymbol } from './derive'
import { SYMBOL_INCIDENTS as I } from './incidents'
import { harness, lastQuery, startSim } from '../testing/symbol-harness'
import { installFakeTimeouts } from '@/testing/fake-timeouts'

let sim: Simulator
beforeEach(async () => {
  sim = await startSim()
})
afterEach(() => sim.close())

const ids = (symbols: readonly DerivedSymbol[]) => symbols.map((s) => s.symbolId)
const DERIVED = ['quantityPrecision', 'pricePrecision', 'amountPrecision', 'isFiat', 'digitMergeSteps']
const withoutDerived = (s: DerivedSymbol) => Object.fromEntries(Object.entries(s).filter(([k]) => !DERIVED.includes(k)))

// The loader's request timeouts on jest's fake clock, which these tests never move (lib/testing/symbol-harness.ts).
beforeEach(installFakeTimeouts)
afterEach(() => jest.useRealTimers())

describe('v3 + all', () => {
  it('happy path: the merged list equals the full pairs, both caches stored, no incident', async () => {
    const h = harness(sim)
    const result = await h.loader.load()
    expect(result.provenance).toEqual({ source: 'v3+all', fetchedAt: h.clock.now, dropped: 0 })
    expect(h.monitor.codes()).toEqual([])
    expect(lastQuery(h.urls, 'symbol_list_v3').has('version')).toBe(false)
    expect(lastQuery(h.urls, 'symbol_list_all').has('last_modified_at')).toBe(false)
    const v2 = (await (await fetch(`${sim.urls.main}/spot/api/basic/symbol_list_v2`)).json()) as {
      result: { quoteTokenResult: { quoteTokenSymbols: unknown[] }[] }
    }
    expect(result.symbols.map(withoutDerived)).toEqual(v2.result.quoteTokenResult.flatMap((g) => g.quoteTokenSymbols))
    expect(result.symbols).toHaveLength(sim.state().pairCount)
    expect(h.storage.getItem(SYMBOL_CACHE_KEY)).not.toBeNull()
    expect(h.storage.getItem(INCREMENTAL_CACHE_KEY)).not.toBeNull()
    expect(h.loader.peek()).toBe(result)
  })

  it('version hit: sends version and last_modified_at, keeps the cached groups', async () => {
    const h = harness(sim, { recordBodies: true })
    const first = await h.loader.load()
    h.clock.now += 1000
    const second = await h.loader.load()
    const v3 = lastQuery(h.urls, 'symbol_list_v3')
    expect(v3.get('version')).toBe(sim.state().version)
    expect(lastQuery(h.urls, 'symbol_list_all').get('last_modified_at')).toBe(String(sim.state().lastModifiedTime))
    expect(h.bodies.get(h.urls.find((u) => u.includes('version='))!)).toMatchObject({ result: { version: sim.state().version } })
    expect((h.bodies.get(h.urls.find((u) => u.includes('version='))!) as { result: object }).result).not.toHaveProperty('quoteTokenResult')
    expect(second.provenance).toEqual({ source: 'v3+all', fetchedAt: first.provenance.fetchedAt + 1000, dropped: 0 })
    expect(second.symbols).toEqual(first.symbols)
    expect(h.monitor.codes()).toEqual([])
  })

  it('a version hit without cached groups is a v3 failure: v2 is used', async () => {
    // An upstream that answers "same version" to a caller that holds nothing.
    const h = harness(sim, { rewrite: (url) => (url.includes('symbol_list_v3') ? `${url}?version=${sim.state().version}` : url) })
    const result = await h.loader.load()
    expect(result.provenance.source).toBe('v2')
    expect(h.monitor.codes()).toEqual([I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2])
    expect(h.monitor.entries.find((e) => e.code === I.V3_REQUEST_ERROR)?.detail?.message).toContain('version-hit-without-cache')
  })

  it('merge gap: merge error, v2 used, nothing stored', async () => {
    sim.setFault({ host: 'main', endpoint: 'symbol_list_all', fault: { kind: 'mergeGap' } })
    const h = harness(sim)
    const result = await h.loader.load()
    expect(result.provenance.source).toBe('v2')
    expect(h.monitor.codes()).toEqual([I.MERGE_ERROR, I.FALLBACK_TO_V2])
    expect(h.monitor.entries[0]?.detail?.message).toContain('BTCUSDT')
    expect(h.storage.getItem(SYMBOL_CACHE_KEY)).toBeNull()
    expect(h.storage.getItem(INCREMENTAL_CACHE_KEY)).toBeNull()
  })

  it('a gap in the incremental cache: merge error once, then the whole all-list is requested again', async () => {
    const h = harness(sim)
    await h.loader.load()
    const caches = createSymbolCaches(h.storage)
    const incremental = caches.readIncremental()!
    caches.save(caches.readSymbol()!, { ...incremental, quoteTokenSymbols: incremental.quoteTokenSymbols.filter((p) => p.symbolId !== 'ETHUSDT') })
    expect((await h.loader.load()).provenance.source).toBe('v2')
    expect(h.monitor.codes()).toEqual([I.MERGE_ERROR, I.FALLBACK_TO_V2])
    expect(caches.readIncremental()?.lastModifiedTime).toBeNull()
    const healed = await h.loader.load()
    expect(lastQuery(h.urls, 'symbol_list_all').has('last_modified_at')).toBe(false)
    expect(healed.provenance.source).toBe('v3+all')
    expect(healed.symbolMap.ETHUSDT).toBeDefined()
    expect(h.monitor.codes()).toEqual([I.MERGE_ERROR, I.FALLBACK_TO_V2])
  })

  it('a delta after advanceClock lists a new pair, upserted into the incremental cache', async () => {
    const h = harness(sim, { recordBodies: true })
    const before = await h.loader.load()
    const stamp = sim.state().lastModifiedTime
    sim.advanceClock(60_000) // change 1 of the feed: a listing
    const after = await h.loader.load()
    const allUrl = h.urls.filter((u) => u.includes('symbol_list_all'))[1]!
    expect(new URL(allUrl).searchParams.get('last_modified_at')).toBe(String(stamp))
    const delta = (h.bodies.get(allUrl) as { result: { quoteTokenSymbols: { si: string }[] } }).result.quoteTokenSymbols
    expect(delta).toHaveLength(1)
    const added = ids(after.symbols).filter((id) => !before.symbolMap[id])
    expect(added).toEqual([delta[0]?.si])
    expect(after.symbols).toHaveLength(before.symbols.length + 1)
    expect(createSymbolCaches(h.storage).readIncremental()?.quoteTokenSymbols).toHaveLength(before.symbols.length + 1)
    expect(h.monitor.codes()).toEqual([])
  })

  it('a delisted pair disappears although the incremental cache still holds it', async () => {
    const h = harness(sim)
    const before = await h.loader.load()
    sim.advanceClock(120_000) // a listing, then a delisting
    const after = await h.loader.load()
    const removed = ids(before.symbols).filter((id) => !after.symbolMap[id])
    expect(removed).toHaveLength(1)
    expect(after.symbols).toHaveLength(before.symbols.length)
    const stored = createSymbolCaches(h.storage)
      .readIncremental()
      ?.quoteTokenSymbols.map((p) => p.symbolId)
    expect(stored).toContain(removed[0])
    expect(h.monitor.codes()).toEqual([])
  })
})

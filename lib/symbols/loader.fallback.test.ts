/**
 * The lower rungs of the SPEC §4 chain against the real simulator: v2, the stored list with its
 * age, the built-in sample, corrupt storage, bugs, single flight and stale-if-error.
 */
import type { Simulator } from '@/simulator/contract'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from './storage-keys'
import { createMemoryStorage } from '../storage/memory'
import { SYMBOL_INCIDENTS as I } from './incidents'
import { downV2, downV3, harness, lastQuery, startSim } from '../testing/symbol-harness'
import { installFakeTimeouts } from '@/testing/fake-timeouts'

let sim: Simulator
beforeEach(async () => {
  sim = await startSim()
})
afterEach(() => sim.close())

it('v3 down: v2 is used and nothing is stored', async () => {
  downV3(sim)
  const h = harness(sim)
  const result = await h.loader.load()
  expect(result.provenance).toEqual({ source: 'v2', fetchedAt: h.clock.now, dropped: 0 })
  expect(result.symbols).toHaveLength(sim.state().pairCount)
  expect(h.monitor.codes()).toEqual([I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2])
  expect(h.monitor.entries[0]?.detail).toMatchObject({ status: 503, message: 'Service Unavailable' })
  expect(sim.state().hits.main.symbol_list_v2).toBe(1)
  expect(h.storage.getItem(SYMBOL_CACHE_KEY)).toBeNull()
})

it('v3 and v2 down: the stored list, with its age', async () => {
  const storage = createMemoryStorage()
  const first = harness(sim, { storage })
  const good = await first.loader.load()
  downV3(sim)
  downV2(sim)
  const later = harness(sim, { storage }) // a new page: nothing in memory
  later.clock.now = first.clock.now + 5000
  const result = await later.loader.load()
  expect(result.provenance).toEqual({ source: 'cache', fetchedAt: first.clock.now, ageMs: 5000, dropped: 0 })
  expect(result.symbols).toEqual(good.symbols)
  expect(later.monitor.codes()).toEqual([I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2, I.V2_FALLBACK_ERROR, I.CACHE_DATA_USED])
  expect(later.monitor.entries.find((e) => e.code === I.CACHE_DATA_USED)?.detail).toMatchObject({ ageMs: 5000 })
})

it('the same loader keeps its last good list even when storage lost it', async () => {
  const h = harness(sim)
  const good = await h.loader.load()
  h.storage.removeItem(SYMBOL_CACHE_KEY)
  downV3(sim)
  downV2(sim)
  h.clock.now += 700
  const result = await h.loader.load()
  expect(result.provenance).toEqual({ source: 'cache', fetchedAt: good.provenance.fetchedAt, ageMs: 700, dropped: 0 })
  expect(result.symbolMap).toEqual(good.symbolMap)
  expect(h.monitor.codes()).toEqual([I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2, I.V2_FALLBACK_ERROR, I.CACHE_DATA_USED])
})

it('stale-if-error: a newer v2 list in memory wins over an older stored v3+all list', async () => {
  const h = harness(sim)
  const stored = await h.loader.load()
  downV3(sim)
  h.clock.now += 1000
  const fromV2 = await h.loader.load()
  expect(fromV2.provenance.source).toBe('v2')
  downV2(sim)
  h.clock.now += 1000
  const result = await h.loader.load()
  expect(result.provenance).toMatchObject({ source: 'cache', fetchedAt: stored.provenance.fetchedAt + 1000, ageMs: 1000 })
})

it('nothing cached and everything down: the built-in sample', async () => {
  downV3(sim)
  downV2(sim)
  const h = harness(sim)
  const result = await h.loader.load()
  expect(result.provenance).toEqual({ source: 'builtin', fetchedAt: h.clock.now, dropped: 0 })
  expect(result.symbols.map((s) => s.symbolId)).toEqual(['BTCUSDT', 'ETHUSDT'])
  expect(h.monitor.codes()).toEqual([I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2, I.V2_FALLBACK_ERROR, I.BUILTIN_DATA_USED])
})

// The loader's request timeouts on jest's fake clock, which these tests never move (lib/testing/symbol-harness.ts).
beforeEach(installFakeTimeouts)
afterEach(() => jest.useRealTimers())

describe('corrupt cache', () => {
  const corrupt = () => createMemoryStorage({ [SYMBOL_CACHE_KEY]: '{"version":"v0","quoteTokenRes', [INCREMENTAL_CACHE_KEY]: '[]' })

  it('is evicted and the lists are requested whole', async () => {
    const h = harness(sim, { storage: corrupt() })
    const result = await h.loader.load()
    expect(result.provenance.source).toBe('v3+all')
    expect(lastQuery(h.urls, 'symbol_list_v3').has('version')).toBe(false)
    expect(lastQuery(h.urls, 'symbol_list_all').has('last_modified_at')).toBe(false)
    expect(h.monitor.codes()).toEqual([])
    const problems = h.monitor.entries.filter((e) => e.name === 'symbol_storage_problem').map((e) => [e.detail?.kind, e.detail?.key])
    expect(problems).toEqual([
      ['corrupt', SYMBOL_CACHE_KEY],
      ['corrupt', INCREMENTAL_CACHE_KEY],
    ])
  })

  it('with everything down falls through to the built-in sample', async () => {
    downV3(sim)
    downV2(sim)
    const h = harness(sim, { storage: corrupt() })
    expect((await h.loader.load()).provenance.source).toBe('builtin')
    expect(h.monitor.codes()).toEqual([I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2, I.V2_FALLBACK_ERROR, I.BUILTIN_DATA_USED])
  })
})

/**
 * An unchanged list is confirmed, not rewritten (lib/symbols/cache.ts, docs/decisions/README.md): the
 * browser's loader, against the real simulator on 127.0.0.1, writes only the small confirmation
 * record when the upstream answers "same version, no changes", and every reader (the stale list's
 * age, the next conditional request, the seeding of a later page) sees the same as if both records
 * had been rewritten, which is what the server still does.
 */
import type { Simulator } from '@/simulator/contract'
import { createMemoryStorage } from '../storage/memory'
import type { KeyValueStorage } from '../storage/storage'
import { confirmedSavedAt, createSymbolCaches, type UnchangedSave } from './cache'
import { seedSymbolCaches } from './testing/seed'
import { CONFIRMED_KEY, INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from './storage-keys'
import { downV2, downV3, harness, lastQuery, startSim } from '../testing/symbol-harness'
import { installFakeTimeouts } from '@/testing/fake-timeouts'

let sim: Simulator
beforeEach(async () => {
  sim = await startSim()
})
afterEach(() => sim.close())

/** A memory storage that counts the writes per key. */
function countingStorage(): KeyValueStorage & { writes: Map<string, number>; keys(): string[] } {
  const inner = createMemoryStorage()
  const writes = new Map<string, number>()
  return {
    writes,
    keys: () => inner.keys(),
    getItem: (key) => inner.getItem(key),
    removeItem: (key) => inner.removeItem(key),
    setItem(key, value) {
      writes.set(key, (writes.get(key) ?? 0) + 1)
      return inner.setItem(key, value)
    },
  }
}

const texts = (storage: KeyValueStorage) => [storage.getItem(SYMBOL_CACHE_KEY), storage.getItem(INCREMENTAL_CACHE_KEY)]

// The loader's request timeouts on jest's fake clock, which these tests never move (lib/testing/symbol-harness.ts).
beforeEach(installFakeTimeouts)
afterEach(() => jest.useRealTimers())

describe('the browser confirms an unchanged list', () => {
  it('a version hit with an empty delta writes only the confirmation; the records stay as they were', async () => {
    const storage = countingStorage()
    const h = harness(sim, { storage, unchanged: 'confirm' })
    await h.loader.load()
    const before = texts(storage)
    expect(storage.writes.get(SYMBOL_CACHE_KEY)).toBe(1)
    expect(storage.getItem(CONFIRMED_KEY)).toBeNull()
    h.clock.now += 1000
    const second = await h.loader.load()
    expect(lastQuery(h.urls, 'symbol_list_v3').get('version')).toBe(sim.state().version)
    expect(second.provenance).toEqual({ source: 'v3+all', fetchedAt: h.clock.now, dropped: 0 })
    expect(texts(storage)).toEqual(before)
    expect(storage.writes.get(SYMBOL_CACHE_KEY)).toBe(1)
    expect(storage.writes.get(INCREMENTAL_CACHE_KEY)).toBe(1)
    expect(JSON.parse(storage.getItem(CONFIRMED_KEY)!)).toEqual({
      savedAt: h.clock.now,
      version: sim.state().version,
      lastModifiedTime: sim.state().lastModifiedTime,
    })
    // Both records read as saved at the confirmation.
    const caches = createSymbolCaches(storage)
    expect(caches.readSymbol()?.savedAt).toBe(h.clock.now)
    expect(caches.readIncremental()?.savedAt).toBe(h.clock.now)
  })

  it('the stale list after an outage has the same age as with rewritten records', async () => {
    const outcome = async (unchanged: UnchangedSave) => {
      const h = harness(sim, { unchanged })
      await h.loader.load()
      h.clock.now += 60_000
      await h.loader.load() // unchanged: confirmed or rewritten
      downV3(sim)
      downV2(sim)
      h.clock.now += 5000
      const later = harness(sim, { storage: h.storage, unchanged })
      later.clock.now = h.clock.now
      const stale = await later.loader.load()
      sim.clearFaults() // the next variant starts from a healthy upstream
      return { provenance: stale.provenance, stored: texts(h.storage).map((t) => t?.length) }
    }
    const confirmed = await outcome('confirm')
    const rewritten = await outcome('rewrite')
    expect(confirmed.provenance).toEqual({ source: 'cache', fetchedAt: 1_800_000_060_000, ageMs: 5000, dropped: 0 })
    expect(confirmed.provenance).toEqual(rewritten.provenance)
  })

  it('a change rewrites the changed record and the confirmation no longer moves its age', async () => {
    const storage = countingStorage()
    const h = harness(sim, { storage, unchanged: 'confirm' })
    await h.loader.load()
    h.clock.now += 1000
    await h.loader.load() // confirmed at +1000
    const [symbolBefore, incrementalBefore] = texts(storage)
    sim.advanceClock(60_000) // a listing: a new version and a one-pair delta
    h.clock.now += 1000
    const changed = await h.loader.load()
    const [symbolAfter, incrementalAfter] = texts(storage)
    expect(symbolAfter).not.toBe(symbolBefore)
    expect(incrementalAfter).not.toBe(incrementalBefore)
    expect(storage.writes.get(SYMBOL_CACHE_KEY)).toBe(2)
    const caches = createSymbolCaches(storage)
    expect(caches.readSymbol()).toMatchObject({ version: sim.state().version, savedAt: h.clock.now })
    expect(caches.readIncremental()).toMatchObject({ lastModifiedTime: sim.state().lastModifiedTime, savedAt: h.clock.now })
    expect(changed.symbols).toHaveLength(sim.state().pairCount)
  })

  it('the server (the default) still rewrites both records: its seed and fleet copies read savedAt from them', async () => {
    const storage = countingStorage()
    const h = harness(sim, { storage })
    await h.loader.load()
    h.clock.now += 1000
    await h.loader.load()
    expect(storage.writes.get(SYMBOL_CACHE_KEY)).toBe(2)
    expect(storage.writes.get(INCREMENTAL_CACHE_KEY)).toBe(2)
    expect(storage.getItem(CONFIRMED_KEY)).toBeNull()
    expect((JSON.parse(storage.getItem(SYMBOL_CACHE_KEY)!) as { savedAt: number }).savedAt).toBe(h.clock.now)
  })

  it('a page seed older than the browser confirmation is not written over its records', async () => {
    // The server's records of the first load are the seed of a page rendered then.
    const server = harness(sim, { language: 'en' })
    await server.loader.load()
    const seed = {
      symbol: JSON.parse(server.storage.getItem(SYMBOL_CACHE_KEY)!) as unknown,
      incremental: JSON.parse(server.storage.getItem(INCREMENTAL_CACHE_KEY)!) as unknown,
    }
    // The browser loaded the same list earlier and confirmed it after the seed was saved.
    const storage = countingStorage()
    const browser = harness(sim, { storage, unchanged: 'confirm', language: 'en' })
    browser.clock.now -= 1000
    await browser.loader.load()
    browser.clock.now += 2000
    await browser.loader.load()
    const writes = new Map(storage.writes)
    expect(seedSymbolCaches(storage, seed, 'en')).toEqual({ symbol: 'kept', incremental: 'kept' })
    expect(storage.writes).toEqual(writes)
    // Without the confirmation the seed is newer and is written.
    storage.removeItem(CONFIRMED_KEY)
    expect(seedSymbolCaches(storage, seed, 'en')).toEqual({ symbol: 'written', incremental: 'written' })
  })
})

describe('confirmedSavedAt', () => {
  const confirmation = { savedAt: 5000, version: 'v2', lastModifiedTime: 700, language: 'en' }
  it.each([
    ['symbol of the confirmed version', 'symbol', { savedAt: 1000, version: 'v2', language: 'en' }, 5000],
    ['symbol of another version', 'symbol', { savedAt: 1000, version: 'v1', language: 'en' }, 1000],
    ['symbol of another language', 'symbol', { savedAt: 1000, version: 'v2', language: 'tr-TUR' }, 1000],
    ['symbol saved after the confirmation', 'symbol', { savedAt: 6000, version: 'v2', language: 'en' }, 6000],
    ['incremental up to the confirmed time', 'incremental', { savedAt: 1000, lastModifiedTime: 700, language: 'en' }, 5000],
    ['incremental marked for a resync', 'incremental', { savedAt: 1000, lastModifiedTime: null, language: 'en' }, 1000],
    ['incremental up to another time', 'incremental', { savedAt: 1000, lastModifiedTime: 600, language: 'en' }, 1000],
  ] as const)('%s', (_name, part, record, savedAt) => {
    expect(confirmedSavedAt(part, record, confirmation)).toBe(savedAt)
  })

  it('a confirmation that does not fit its schema is evicted, reported and ignored', async () => {
    const storage = createMemoryStorage()
    await harness(sim, { storage }).loader.load()
    const savedAt = createSymbolCaches(storage).readSymbol()?.savedAt
    storage.setItem(CONFIRMED_KEY, '{"savedAt":"soon"}')
    const problems: string[] = []
    expect(createSymbolCaches(storage, (p) => problems.push(`${p.kind} ${p.key}`)).readSymbol()?.savedAt).toBe(savedAt)
    expect(storage.getItem(CONFIRMED_KEY)).toBeNull()
    expect(problems).toEqual([`corrupt ${CONFIRMED_KEY}`])
  })
})

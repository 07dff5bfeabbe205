import { createMemoryStorage } from '../storage/memory'
import { createSymbolCaches } from './cache'
import type { SymbolListResult } from './result'
import { allAnswerSchema, incrementalCacheSchema, symbolCacheSchema, v3AnswerSchema } from './schema'
import { seedOf, seedSymbolCache } from './seed'
import { seedSymbolCaches } from './testing/seed'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from './storage-keys'
import { allResult, SAMPLE_GROUPS, v3Result } from './testing/fixtures'
import type { SymbolSource } from './provenance'

/** Storage holding both records of one load, as the server's loader saves them. */
function storedLoad(savedAt: number, { version = 'v9', language = 'en', lastModifiedTime = 555 } = {}) {
  const storage = createMemoryStorage()
  const groups = v3AnswerSchema.parse(v3Result(version, SAMPLE_GROUPS)).value.quoteTokenResult ?? []
  const pairs = allAnswerSchema.parse(allResult(SAMPLE_GROUPS.flatMap((g) => g.pairs))).value.quoteTokenSymbols
  createSymbolCaches(storage).save(
    { version, quoteTokenResult: groups, savedAt, language },
    { quoteTokenSymbols: pairs, lastModifiedTime, droppedSymbolIds: [], savedAt, language },
  )
  return storage
}
const listOf = (source: SymbolSource, fetchedAt: number) => ({ provenance: { source, fetchedAt, dropped: 0 } }) as SymbolListResult
const stamps = (storage: ReturnType<typeof createMemoryStorage>) => {
  const caches = createSymbolCaches(storage)
  return { version: caches.readSymbol()?.version, since: caches.readIncremental()?.lastModifiedTime, savedAt: caches.readSymbol()?.savedAt }
}

describe('seedOf (server)', () => {
  it('gives the stored records of the load that produced a live v3+all list', () => {
    const seed = seedOf(storedLoad(1000), listOf('v3+all', 1000))
    expect(seed?.symbol).toMatchObject({ version: 'v9', savedAt: 1000, language: 'en' })
    expect(seed?.incremental).toMatchObject({ lastModifiedTime: 555, savedAt: 1000 })
  })

  it.each<SymbolSource>(['cache', 'builtin', 'v2'])('gives nothing for a %s list', (source) => {
    expect(seedOf(storedLoad(1000), listOf(source, 1000))).toBeUndefined()
  })

  it('gives nothing when the stored records are of another load (or absent)', () => {
    expect(seedOf(storedLoad(900), listOf('v3+all', 1000))).toBeUndefined()
    expect(seedOf(createMemoryStorage(), listOf('v3+all', 1000))).toBeUndefined()
  })
})

describe('seedSymbolCaches (browser)', () => {
  const seed = () => seedOf(storedLoad(1000), listOf('v3+all', 1000))!

  it('fills empty caches, so the first load asks with version and last_modified_at', () => {
    const browser = createMemoryStorage()
    expect(seedSymbolCaches(browser, seed(), 'en')).toEqual({ symbol: 'written', incremental: 'written' })
    expect(stamps(browser)).toEqual({ version: 'v9', since: 555, savedAt: 1000 })
  })

  it('seeds one record at a time (the browser does each in a task of its own), each describing itself', () => {
    const browser = createMemoryStorage()
    expect(seedSymbolCache(browser, seed(), 'symbol', 'en')).toBe('written')
    expect(browser.keys()).toEqual([SYMBOL_CACHE_KEY])
    expect(stamps(browser)).toEqual({ version: 'v9', since: undefined, savedAt: 1000 })
    expect(seedSymbolCache(browser, seed(), 'incremental', 'en')).toBe('written')
    expect(stamps(browser)).toEqual({ version: 'v9', since: 555, savedAt: 1000 })
    expect(seedSymbolCache(browser, seed(), 'incremental', 'en')).toBe('kept')
  })

  it('keeps the browser’s own records when they are newer or as new', () => {
    const browser = storedLoad(2000, { version: 'v10', lastModifiedTime: 777 })
    expect(seedSymbolCaches(browser, seed(), 'en')).toEqual({ symbol: 'kept', incremental: 'kept' })
    expect(stamps(browser)).toEqual({ version: 'v10', since: 777, savedAt: 2000 })
  })

  it.each([
    ['older own records', storedLoad(500, { version: 'v1' })],
    ['newer own records of another language', storedLoad(5000, { version: 'v1', language: 'de-DE' })],
  ])('replaces %s', (_, browser) => {
    expect(seedSymbolCaches(browser, seed(), 'en')).toEqual({ symbol: 'written', incremental: 'written' })
    expect(stamps(browser)).toEqual({ version: 'v9', since: 555, savedAt: 1000 })
  })

  it('refuses a seed that does not fit its schema or is of another language, and keeps what it had', () => {
    const problems: string[] = []
    const browser = storedLoad(500, { version: 'v1' })
    const broken = { symbol: { version: 9 }, incremental: { ...(seed().incremental as object), language: 'de-DE' } }
    expect(seedSymbolCaches(browser, broken, 'en', (p) => problems.push(p.key ?? ''))).toEqual({ symbol: 'invalid', incremental: 'invalid' })
    expect(stamps(browser)).toEqual({ version: 'v1', since: 555, savedAt: 500 })
    expect(problems).toEqual([SYMBOL_CACHE_KEY, INCREMENTAL_CACHE_KEY])
  })

  it('replaces an own record that looks newer but does not fit its schema', () => {
    const problems: string[] = []
    const browser = storedLoad(2000, { version: 'v10' })
    const own = JSON.parse(browser.getItem(SYMBOL_CACHE_KEY)!) as Record<string, unknown>
    browser.setItem(SYMBOL_CACHE_KEY, JSON.stringify({ ...own, quoteTokenResult: 'broken' }))
    expect(seedSymbolCaches(browser, seed(), 'en', (p) => problems.push(p.key ?? ''))).toEqual({ symbol: 'written', incremental: 'kept' })
    expect(stamps(browser).version).toBe('v9')
    expect(problems).toEqual([SYMBOL_CACHE_KEY])
  })

  it('checks each record once: the loader’s first read of a seeded or kept record is not checked again', () => {
    const check = [jest.spyOn(symbolCacheSchema, 'safeParse'), jest.spyOn(incrementalCacheSchema, 'safeParse')]
    try {
      const browser = storedLoad(500, { version: 'v1' }) // the symbol record is written, the incremental one kept
      const own = JSON.parse(browser.getItem(INCREMENTAL_CACHE_KEY)!) as Record<string, unknown>
      browser.setItem(INCREMENTAL_CACHE_KEY, JSON.stringify({ ...own, savedAt: 3000 }))
      const given = seed()
      check.forEach((c) => c.mockClear())
      expect(seedSymbolCaches(browser, given, 'en')).toEqual({ symbol: 'written', incremental: 'kept' })
      expect(check.map((c) => c.mock.calls.length)).toEqual([1, 2]) // the seed records, and the own incremental record that is kept
      const caches = createSymbolCaches(browser)
      expect(caches.readSymbol()?.version).toBe('v9')
      expect(caches.readIncremental()?.savedAt).toBe(3000)
      expect(check.map((c) => c.mock.calls.length)).toEqual([1, 2])
    } finally {
      check.forEach((c) => c.mockRestore())
    }
  })
})

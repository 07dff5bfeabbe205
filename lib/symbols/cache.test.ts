import { createMemoryStorage } from '../storage/memory'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from './storage-keys'
import type { StorageProblem } from '../storage/storage'
import { createSymbolCaches } from './cache'
import { deriveCollections } from './derive'
import { indexBySymbolId, mergeV3WithAll } from './merge'
import { allAnswerSchema, v3AnswerSchema } from './schema'
import type { IncrementalCacheRecord, SymbolCacheRecord } from './types'
import { allResult, fullPair, SAMPLE_GROUPS, v3Result } from './testing/fixtures'

const symbolRecord = (): SymbolCacheRecord => ({
  version: 'v9',
  quoteTokenResult: v3AnswerSchema.parse(v3Result('v9', SAMPLE_GROUPS)).value.quoteTokenResult ?? [],
  savedAt: 1000,
  language: 'en',
})
const leveraged = fullPair('BTC3LUSDT', 'USDT', { symbolType: 'LEVERAGED_TOKEN', ltDirection: 'LONG', allowPlan: false, loanEnabled: false })
const incrementalRecord = (): IncrementalCacheRecord => ({
  quoteTokenSymbols: allAnswerSchema.parse(allResult([...SAMPLE_GROUPS.flatMap((g) => g.pairs), leveraged])).value.quoteTokenSymbols,
  lastModifiedTime: 555,
  droppedSymbolIds: ['BADUSDT'],
  savedAt: 1000,
  language: 'en',
})

/** What two records mean: the pairs they merge into. The caches leave out values the defaults imply. */
const meaning = (symbol: SymbolCacheRecord | undefined, incremental: IncrementalCacheRecord | undefined) =>
  deriveCollections(mergeV3WithAll(symbol?.quoteTokenResult ?? [], indexBySymbolId(incremental?.quoteTokenSymbols ?? [])).groups).collections.symbols

describe('symbol caches', () => {
  it('round-trips both records through storage', () => {
    const storage = createMemoryStorage()
    const caches = createSymbolCaches(storage)
    expect(caches.save(symbolRecord(), incrementalRecord())).toBe(true)
    const [symbol, incremental] = [caches.readSymbol(), caches.readIncremental()]
    expect(meaning(symbol, incremental)).toEqual(meaning(symbolRecord(), incrementalRecord()))
    expect(meaning(symbol, incremental)).toHaveLength(3)
    expect(symbol).toMatchObject({ version: 'v9', savedAt: 1000, language: 'en' })
    expect(incremental).toMatchObject({ lastModifiedTime: 555, droppedSymbolIds: ['BADUSDT'], savedAt: 1000, language: 'en' })
    expect(incremental?.quoteTokenSymbols.map((p) => p.symbolId)).toEqual(['BTCUSDT', 'ETHUSDT', 'BTCEUR', 'BTC3LUSDT'])
  })

  it('stores short keys and leaves out values the defaults imply', () => {
    const storage = createMemoryStorage()
    createSymbolCaches(storage).save(symbolRecord(), incrementalRecord())
    const stored = JSON.parse(storage.getItem(INCREMENTAL_CACHE_KEY) ?? '{}') as { quoteTokenSymbols: Record<string, unknown>[] }
    const lt = stored.quoteTokenSymbols.find((p) => p.si === 'BTC3LUSDT')
    expect(lt).toMatchObject({ si: 'BTC3LUSDT', st: 'LEVERAGED_TOKEN', ld: 'LONG', bp: '0.0001' })
    // allowPlan false, loanEnabled false, lu null are the static defaults: not stored.
    expect(lt).not.toHaveProperty('ap')
    expect(lt).not.toHaveProperty('le')
    expect(lt).not.toHaveProperty('lu')
    expect(lt).not.toHaveProperty('basePrecision')
    // v3: showStatus true, mark null, isBanBuy/noticeVisible false, tradeStatus 1 and symbolName = si are implied.
    const v3 = JSON.parse(storage.getItem(SYMBOL_CACHE_KEY) ?? '{}') as { quoteTokenResult: { quoteTokenSymbols: unknown[] }[] }
    expect(v3.quoteTokenResult[0]?.quoteTokenSymbols[0]).toEqual({ si: 'BTCUSDT', lb: 'HOT', tg: ['layer1'], tfn: 'BTC Coin', bs: true, zf: 2, v: '123456.78' })
  })

  it('never stores an empty list', () => {
    const storage = createMemoryStorage()
    const empty = { ...symbolRecord(), quoteTokenResult: symbolRecord().quoteTokenResult.map((g) => ({ ...g, quoteTokenSymbols: [] })) }
    expect(createSymbolCaches(storage).save(empty, incrementalRecord())).toBe(false)
    expect(createSymbolCaches(storage).save(symbolRecord(), { ...incrementalRecord(), quoteTokenSymbols: [] })).toBe(false)
    expect(storage.keys()).toEqual([])
  })

  it('markResync keeps the records but drops lastModifiedTime', () => {
    const storage = createMemoryStorage()
    const caches = createSymbolCaches(storage)
    caches.save(symbolRecord(), incrementalRecord())
    caches.markResync()
    expect(caches.readIncremental()?.lastModifiedTime).toBeNull()
    expect(caches.readIncremental()?.savedAt).toBe(1000)
    expect(meaning(caches.readSymbol(), caches.readIncremental())).toEqual(meaning(symbolRecord(), incrementalRecord()))
  })

  it('a corrupt record is evicted, reported and reads as absent', () => {
    const problems: StorageProblem[] = []
    const storage = createMemoryStorage({ [SYMBOL_CACHE_KEY]: '{"version":', [INCREMENTAL_CACHE_KEY]: '{"quoteTokenSymbols":[],"savedAt":"x"}' })
    const caches = createSymbolCaches(storage, (p) => problems.push(p))
    expect(caches.readSymbol()).toBeUndefined()
    expect(caches.readIncremental()).toBeUndefined()
    expect(storage.keys()).toEqual([])
    expect(problems.map((p) => [p.kind, p.key])).toEqual([
      ['corrupt', SYMBOL_CACHE_KEY],
      ['corrupt', INCREMENTAL_CACHE_KEY],
    ])
  })
})

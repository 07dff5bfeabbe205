import { indexBySymbolId, MergeError, mergeV3WithAll, upsertIncremental } from './merge'
import { allAnswerSchema, v3AnswerSchema } from './schema'
import type { PairFields } from './fields'
import type { QuoteTokenGroup } from './types'
import { allResult, SAMPLE_GROUPS, v3Result } from './testing/fixtures'

const v3Groups = (): QuoteTokenGroup<PairFields>[] => v3AnswerSchema.parse(v3Result('1', SAMPLE_GROUPS)).value.quoteTokenResult ?? []
const allPairs = SAMPLE_GROUPS.flatMap((g) => g.pairs)
const allIndex = () => indexBySymbolId(allAnswerSchema.parse(allResult(allPairs)).value.quoteTokenSymbols)

describe('mergeV3WithAll', () => {
  it('lays the v3 fields over the all-list record: together they are the full pair', () => {
    const { groups, dropped } = mergeV3WithAll(v3Groups(), allIndex())
    expect(dropped).toBe(0)
    expect(groups.map((g) => g.quoteTokenSymbols)).toEqual(SAMPLE_GROUPS.map((g) => g.pairs))
  })

  it('v3 wins where both lists carry a field', () => {
    const groups = v3Groups()
    groups[0]!.quoteTokenSymbols[0] = { symbolId: 'BTCUSDT', basePrecision: '0.1' }
    const merged = mergeV3WithAll(groups, allIndex())
    expect(merged.groups[0]?.quoteTokenSymbols[0]?.basePrecision).toBe('0.1')
    expect(merged.groups[0]?.quoteTokenSymbols[0]?.quotePrecision).toBe('0.000001')
  })

  it('a v3 pair without an all-list record is a merge error naming it', () => {
    const all = allIndex()
    all.delete('ETHUSDT')
    expect(() => mergeV3WithAll(v3Groups(), all)).toThrow(MergeError)
    try {
      mergeV3WithAll(v3Groups(), all)
    } catch (error) {
      expect((error as MergeError).missing).toEqual(['ETHUSDT'])
    }
  })

  it('a pair whose all-list record was broken is dropped and counted, not a merge error', () => {
    const all = allIndex()
    all.delete('ETHUSDT')
    const merged = mergeV3WithAll(v3Groups(), all, { droppedIds: new Set(['ETHUSDT']) })
    expect(merged.dropped).toBe(1)
    expect(merged.groups[0]?.quoteTokenSymbols.map((p) => p.symbolId)).toEqual(['BTCUSDT'])
  })

  it('lenient mode (stored list) drops gaps instead of failing', () => {
    const all = allIndex()
    all.delete('BTCEUR')
    const merged = mergeV3WithAll(v3Groups(), all, { mode: 'lenient' })
    expect(merged.dropped).toBe(1)
    expect(merged.groups[1]?.quoteTokenSymbols).toEqual([])
  })

  it('delisting: a record only in the all-list does not come back', () => {
    const all = allIndex()
    all.set('OLDUSDT', { symbolId: 'OLDUSDT', basePrecision: '1', quotePrecision: '1', minPricePrecision: '1' })
    const merged = mergeV3WithAll(v3Groups(), all)
    expect(merged.groups.flatMap((g) => g.quoteTokenSymbols.map((p) => p.symbolId))).toEqual(['BTCUSDT', 'ETHUSDT', 'BTCEUR'])
  })
})

describe('upsertIncremental', () => {
  const record = (id: string, bp = '0.1'): PairFields => ({ symbolId: id, basePrecision: bp, quotePrecision: '1', minPricePrecision: '1' })
  const previous = { quoteTokenSymbols: [record('A'), record('B')], droppedSymbolIds: ['Z'] }

  it('a delta replaces changed records in place and appends new ones', () => {
    const next = upsertIncremental(previous, { quoteTokenSymbols: [record('B', '0.5'), record('C')], lastModifiedTime: 9, droppedIds: [] }, true)
    expect(next.quoteTokenSymbols.map((p) => [p.symbolId, p.basePrecision])).toEqual([
      ['A', '0.1'],
      ['B', '0.5'],
      ['C', '0.1'],
    ])
    expect(next.lastModifiedTime).toBe(9)
    expect(next.droppedSymbolIds).toEqual(['Z'])
  })

  it('a whole list replaces the cache (forgetting delisted records)', () => {
    const next = upsertIncremental(previous, { quoteTokenSymbols: [record('C')], lastModifiedTime: 9, droppedIds: [] }, false)
    expect(next.quoteTokenSymbols.map((p) => p.symbolId)).toEqual(['C'])
    expect(next.droppedSymbolIds).toEqual([])
  })

  it('a broken record removes the stale one and is remembered until a valid one arrives', () => {
    const broken = upsertIncremental(previous, { quoteTokenSymbols: [record('Z')], lastModifiedTime: 9, droppedIds: ['A'] }, true)
    expect(broken.quoteTokenSymbols.map((p) => p.symbolId)).toEqual(['B', 'Z'])
    expect(broken.droppedSymbolIds).toEqual(['A'])
  })
})

it('MergeError lists the missing pairs in its message', () => {
  expect(new MergeError(['X', 'Y']).message).toBe('symbol_list_v3 lists 2 pair(s) missing from symbol_list_all: X, Y')
})

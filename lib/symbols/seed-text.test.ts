import { createMemoryStorage } from '../storage/memory'
import { createSymbolCaches } from './cache'
import type { SymbolListResult } from './result'
import { allAnswerSchema, v3AnswerSchema } from './schema'
import { seedOf, seedSymbolCaches } from './seed'
import { parseSeedText, seedText } from './seed-text'
import { allResult, SAMPLE_GROUPS, v3Result } from './testing/fixtures'

function storedLoad(savedAt: number) {
  const storage = createMemoryStorage()
  const groups = v3AnswerSchema.parse(v3Result('v9', SAMPLE_GROUPS)).value.quoteTokenResult ?? []
  const pairs = allAnswerSchema.parse(allResult(SAMPLE_GROUPS.flatMap((g) => g.pairs))).value.quoteTokenSymbols
  createSymbolCaches(storage).save({ version: 'v9', quoteTokenResult: groups, savedAt, language: 'en' }, { quoteTokenSymbols: pairs, lastModifiedTime: 555, droppedSymbolIds: [], savedAt, language: 'en' })
  return storage
}

describe('the seed as page text', () => {
  it('survives the trip: the browser seeds the same records the server stored', () => {
    const seed = seedOf(storedLoad(1000), { provenance: { source: 'v3+all', fetchedAt: 1000, dropped: 0 } } as SymbolListResult)
    const text = seedText(seed)
    expect(typeof text).toBe('string')
    const parsed = parseSeedText(text ?? '')
    expect(parsed).toEqual(seed)
    const browser = createMemoryStorage()
    expect(seedSymbolCaches(browser, parsed!, 'en')).toEqual({ symbol: 'written', incremental: 'written' })
    expect(createSymbolCaches(browser).readSymbol()?.version).toBe('v9')
    expect(createSymbolCaches(browser).readIncremental()?.lastModifiedTime).toBe(555)
  })

  it('has no text without a seed', () => {
    expect(seedText(undefined)).toBeUndefined()
  })

  it.each(['', 'not json', '[]', 'null', '{"symbol":{}}', '"text"'])('refuses %p: no seed, so the browser loads in full', (text) => {
    expect(parseSeedText(text)).toBeUndefined()
  })
})

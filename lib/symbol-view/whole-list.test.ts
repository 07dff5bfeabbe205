import { createHash } from 'node:crypto'
import { createMemoryStorage } from '../storage/memory'
import { createSymbolCaches } from '../symbols/cache'
import { allAnswerSchema, v3AnswerSchema } from '../symbols/schema'
import { seedOf } from '../symbols/seed'
import type { SymbolListResult } from '../symbols/result'
import type { Provenance } from '../symbols/provenance'
import { seedSymbolCaches } from '../symbols/testing/seed'
import { allResult, SAMPLE_GROUPS, v3Result } from '../symbols/testing/fixtures'
import { DEFAULT_SORT } from './sort'
import type { SymbolListView, SymbolRow } from './view'
import { firstRowsAnswer, firstRowsOf, isWhole, readWholeList, WHOLE_LIST_VERSION, wholeListText, wholeListVersion } from './whole-list'

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')
const live = (fetchedAt: number): Provenance => ({ source: 'v3+all', fetchedAt, dropped: 0 })

const row = (symbolId: string, quote: string, volume: string): SymbolRow => ({
  symbolId,
  base: symbolId.slice(0, -quote.length),
  quote,
  name: `${symbolId} coin`,
  volume,
  priceStep: '0.01',
  tags: [],
  leveraged: null,
  banBuy: false,
  banSell: false,
  test: false,
  tradeStatus: 1,
})

/** A fiat group first, then USDT with 30 rows (volume 1…30), then USDC with 2. */
function view(fetchedAt = 1000): SymbolListView {
  const usdt = Array.from({ length: 30 }, (_, i) => row(`C${i}USDT`, 'USDT', String(i + 1)))
  const groups = [
    { tokenId: 'EUR', tokenName: 'EUR', isFiat: true, tags: [], rows: [row('BTCEUR', 'EUR', '999')] },
    { tokenId: 'USDT', tokenName: 'USDT', isFiat: false, tags: ['meme'], rows: usdt },
    { tokenId: 'USDC', tokenName: 'USDC', isFiat: false, tags: [], rows: [row('BTCUSDC', 'USDC', '5'), row('ETHUSDC', 'USDC', '6')] },
  ]
  return { groups, provenance: live(fetchedAt), pairCount: 33 }
}

/** Both records of one load of the sample list, as the server's loader stores them, and its seed. */
function seedOfLoad(savedAt: number, version = 'v9') {
  const storage = createMemoryStorage()
  const groups = v3AnswerSchema.parse(v3Result(version, SAMPLE_GROUPS)).value.quoteTokenResult ?? []
  const pairs = allAnswerSchema.parse(allResult(SAMPLE_GROUPS.flatMap((g) => g.pairs))).value.quoteTokenSymbols
  createSymbolCaches(storage).save(
    { version, quoteTokenResult: groups, savedAt, language: 'en' },
    { quoteTokenSymbols: pairs, lastModifiedTime: 555, droppedSymbolIds: [], savedAt, language: 'en' },
  )
  return seedOf(storage, { provenance: live(savedAt) } as SymbolListResult)!
}

describe('the page’s first rows', () => {
  it('are the first quote tab’s most traded rows, with every group’s own fields and row count', () => {
    const first = firstRowsOf(view(), 25)
    expect(first.groups.map((g) => [g.tokenId, g.tags, g.rows.length])).toEqual([
      ['EUR', [], 0],
      ['USDT', ['meme'], 25],
      ['USDC', [], 0],
    ])
    expect(first.groups[1]!.rows.map((r) => r.volume)).toEqual(Array.from({ length: 25 }, (_, i) => String(30 - i)))
    expect(first.rowCounts).toEqual({ EUR: 1, USDT: 30, USDC: 2 })
    expect(first.pairCount).toBe(33)
    expect(isWhole(first)).toBe(false)
    expect(isWhole(view())).toBe(true)
  })

  it('answer only the first tab in the default order, with no tag, search or "show all"', () => {
    const first = firstRowsOf(view())
    const ask = { tabKey: 'USDT', tag: null, search: '', sort: DEFAULT_SORT, showAll: false }
    expect(firstRowsAnswer(ask, first)).toBe(true)
    for (const other of [
      { tabKey: 'USDC' },
      { tabKey: 'fiat' },
      { tabKey: 'favourites' },
      { tag: 'meme' },
      { search: 'c1' },
      { showAll: true },
      { sort: { key: 'name', direction: 'ascending' } as const },
      { sort: { key: 'volume', direction: 'ascending' } as const },
    ])
      expect({ other, answers: firstRowsAnswer({ ...ask, ...other }, first) }).toEqual({ other, answers: false })
  })
})

describe('the whole-list resource', () => {
  it('has one text, and so one version, per list: a later load of the same list keeps it, another list changes it', () => {
    const text = wholeListText(view(1000), seedOfLoad(1000))
    expect(wholeListText(view(61_000), seedOfLoad(61_000))).toBe(text)
    const version = wholeListVersion(text, sha256)
    expect(version).toMatch(WHOLE_LIST_VERSION)
    const changed = view()
    changed.groups[2]!.rows[0] = { ...changed.groups[2]!.rows[0]!, volume: '7' }
    expect(wholeListVersion(wholeListText(changed, seedOfLoad(1000)), sha256)).not.toBe(version)
    expect(wholeListVersion(wholeListText(view(), seedOfLoad(1000, 'v10')), sha256)).not.toBe(version)
    expect(wholeListVersion(wholeListText(view(), undefined), sha256)).not.toBe(version)
  })

  it('reads back as the whole list with the page’s provenance, and the very seed the server had for that load', () => {
    const page = live(61_000)
    const read = readWholeList(wholeListText(view(1000), seedOfLoad(1000)), page)
    expect(read.view).toEqual({ ...view(), provenance: page })
    expect(isWhole(read.view)).toBe(true)
    // Stamped with the page's load time: what the server's records of that load say.
    expect(read.seed).toEqual(seedOfLoad(61_000))
    const browser = createMemoryStorage()
    expect(seedSymbolCaches(browser, read.seed!, 'en')).toEqual({ symbol: 'written', incremental: 'written' })
    expect(createSymbolCaches(browser).readSymbol()).toMatchObject({ version: 'v9', savedAt: 61_000 })
    expect(readWholeList(wholeListText(view(), undefined), page).seed).toBeUndefined()
  })

  it.each(['null', '[]', '{}', '{"groups":{},"pairCount":1}', '{"groups":[{"tokenId":"USDT"}],"pairCount":1}', '{"groups":[],"pairCount":"1"}'])(
    'refuses %s: not groups of rows',
    (text) => {
      expect(() => readWholeList(text, live(1000))).toThrow('not groups of rows')
    },
  )
})

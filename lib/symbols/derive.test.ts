import { builtinSymbolList } from './builtin'
import { completePair, STATIC_PAIR_DEFAULTS } from './defaults'
import { deriveCollections, deriveSymbol } from './derive'
import { buildResult, SymbolAnswerError } from './result'
import { v2AnswerSchema } from './schema'
import { fullPair, SAMPLE_GROUPS, v2Result } from './testing/fixtures'

const groups = () => v2AnswerSchema.parse(v2Result(SAMPLE_GROUPS)).value.quoteTokenResult

describe('deriveSymbol', () => {
  it('precisions are the decimals of basePrecision, minPricePrecision and quotePrecision', () => {
    const derived = deriveSymbol(fullPair('BTCUSDT', 'USDT', { basePrecision: '0.000001', minPricePrecision: '1', quotePrecision: '1e-8' }), false)
    expect([derived.quantityPrecision, derived.pricePrecision, derived.amountPrecision]).toEqual([6, 0, 8])
    expect(derived.digitMergeSteps).toEqual(['0.01', '0.1', '1'])
    expect(derived.isFiat).toBe(false)
  })
})

describe('deriveCollections', () => {
  const { collections, dropped } = deriveCollections(groups())

  it('symbols in list order and a map by symbolId', () => {
    expect(dropped).toBe(0)
    expect(collections.symbols.map((s) => s.symbolId)).toEqual(['BTCUSDT', 'ETHUSDT', 'BTCEUR'])
    expect(collections.symbolMap.ETHUSDT?.quantityPrecision).toBe(3)
    expect(collections.symbolMap.ETHUSDT?.pricePrecision).toBe(1)
    expect(collections.symbolMap.BTCEUR?.amountPrecision).toBe(0)
  })

  it('isFiat follows the group tokenType REAL_MONEY', () => {
    expect(collections.symbols.map((s) => s.isFiat)).toEqual([false, false, true])
  })

  it('currency lists, fiat lists, quote-token info and tags per quote token', () => {
    expect(collections.quoteCurrencyList).toEqual([
      { value: 'USDT', iconType: 'token' },
      { value: 'EUR', iconType: 'fiat' },
    ])
    expect(collections.totalCurrencyList.map((c) => c.value)).toEqual(['USDT', 'EUR', 'BTC', 'ETH'])
    expect(collections.fiatCurrencyLists).toEqual({ total: [{ value: 'EUR', iconType: 'fiat' }], quote: [{ value: 'EUR', iconType: 'fiat' }] })
    expect(collections.quoteTokenInfo[1]).toEqual({
      tokenId: 'EUR',
      tokenName: 'EUR',
      tokenFullName: 'EUR full',
      tokenType: 'REAL_MONEY',
      zeroFeeType: 0,
      quoteTags: ['hot'],
      isFiat: true,
      symbolCount: 1,
    })
    expect(collections.quoteTagsMap).toEqual({ USDT: ['hot'], EUR: ['hot'] })
  })

  it('a symbolId like __proto__ is an ordinary key of the map', () => {
    const weird = deriveCollections([{ ...groups()[0]!, quoteTokenSymbols: [{ ...fullPair('BTCUSDT', 'USDT'), symbolId: '__proto__' }] }])
    expect(Object.keys(weird.collections.symbolMap)).toEqual(['__proto__'])
  })
})

describe('completePair defaults', () => {
  it('fills every field from the pair, its group or the documented static defaults', () => {
    const pair = completePair({ symbolId: 'SOLUSDT', basePrecision: '0.01', quotePrecision: '0.0001', minPricePrecision: '0.001' }, { tokenId: 'USDT' })
    expect(pair).toEqual({
      ...STATIC_PAIR_DEFAULTS,
      tags: [],
      symbolId: 'SOLUSDT',
      symbolName: 'SOLUSDT',
      baseTokenId: 'SOL',
      baseTokenName: 'SOL',
      quoteTokenId: 'USDT',
      quoteTokenName: 'USDT',
      basePrecision: '0.01',
      quotePrecision: '0.0001',
      minPricePrecision: '0.001',
      minTradeQuantity: '0.01',
      minTradeAmount: '0.0001',
      digitMerge: '0.001',
      tokenFullName: 'SOL',
      iconDayUrl: '',
    })
    expect(pair?.limitOrderPriceLimitPercentage).toBe('0.03')
  })

  it('refuses a pair without its precisions', () => {
    expect(completePair({ symbolId: 'X' }, { tokenId: 'USDT' })).toBeNull()
  })
})

describe('results', () => {
  it('an empty list is refused (never shown, never stored)', () => {
    expect(() => buildResult('symbol_list_v2', [], { source: 'v2', fetchedAt: 1, dropped: 0 })).toThrow(SymbolAnswerError)
  })

  it('the built-in sample: BTCUSDT and ETHUSDT under USDT with 3 % price limits', () => {
    const sample = builtinSymbolList(42)
    expect(sample.provenance).toEqual({ source: 'builtin', fetchedAt: 42, dropped: 0 })
    expect(sample.quoteTokenResult.map((g) => [g.tokenId, g.quoteTokenSymbols.map((s) => s.symbolId)])).toEqual([['USDT', ['BTCUSDT', 'ETHUSDT']]])
    expect(sample.symbols).toHaveLength(2) // the loop below checks every one of them
    for (const s of sample.symbols) {
      expect(s.limitOrderPriceLimitPercentage).toBe('0.03')
      expect(s.marketOrderPriceLimitPercentage).toBe('0.03')
    }
    expect(sample.symbolMap.BTCUSDT).toMatchObject({ quantityPrecision: 6, pricePrecision: 2, amountPrecision: 8 })
  })
})

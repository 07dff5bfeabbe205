import BigNumber from 'bignumber.js'
import { DATA_EPOCH, generateGroups, type FullPair } from './pairs'
import { decimalsOf } from './decimals'

const groups = generateGroups(1)
const pairs = groups.flatMap((g) => g.pairs)
const bySymbol = new Map(pairs.map((p) => [p.symbolId, p]))
const DECIMAL = /^\d+(\.\d+)?$/

describe('generated pair data', () => {
  it('has at least 600 pairs with unique symbolIds', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(600)
    expect(bySymbol.size).toBe(pairs.length)
  })

  it('orders the quote groups USDT, USDC, BTC, ETH, a stablecoin, then fiat', () => {
    expect(groups.map((g) => [g.quote.id, g.quote.tokenType])).toEqual([
      ['USDT', 'CHAIN_TOKEN'],
      ['USDC', 'CHAIN_TOKEN'],
      ['BTC', 'CHAIN_TOKEN'],
      ['ETH', 'CHAIN_TOKEN'],
      ['DAI', 'CHAIN_TOKEN'],
      ['EUR', 'REAL_MONEY'],
      ['TRY', 'REAL_MONEY'],
      ['BRL', 'REAL_MONEY'],
    ])
    for (const g of groups) expect(g.pairs.length).toBeGreaterThanOrEqual(30)
    for (const g of groups) for (const p of g.pairs) expect(p.quoteTokenId).toBe(g.quote.id)
  })

  it('uses recognisable tokens with their full names and icon URLs', () => {
    expect(bySymbol.get('BTCUSDT')).toMatchObject({ baseTokenId: 'BTC', tokenFullName: 'Bitcoin', symbolType: 'CHAIN_TOKEN' })
    expect(bySymbol.get('TONUSDT')?.tokenFullName).toBe('Toncoin')
    expect(bySymbol.get('ETHBTC')?.tokenFullName).toBe('Ethereum')
    expect(bySymbol.get('USDTTRY')?.tokenFullName).toBe('Tether USD')
    expect(bySymbol.get('SOLUSDT')?.iconUrl).toBe('http://127.0.0.1:4010/icons/night/sol.svg')
    expect(bySymbol.get('SOLUSDT')?.iconDayUrl).toBe('http://127.0.0.1:4010/icons/day/sol.svg')
    // Quotes never trade against a quote ranked after them.
    expect(bySymbol.has('USDTUSDC')).toBe(false)
    expect(bySymbol.has('BTCETH')).toBe(false)
  })

  it('includes leveraged tokens with underlying and direction', () => {
    const lts = pairs.filter((p) => p.symbolType === 'LEVERAGED_TOKEN')
    expect(lts.length).toBeGreaterThanOrEqual(12)
    expect(bySymbol.get('BTC3LUSDT')).toMatchObject({ ltUnderlying: 'BTC', ltDirection: 'LONG', tokenFullName: 'BTC 3x Long' })
    expect(bySymbol.get('ETH3SUSDT')).toMatchObject({ ltUnderlying: 'ETH', ltDirection: 'SHORT' })
    for (const p of lts) expect(p.baseTokenId).toBe(`${p.ltUnderlying}3${p.ltDirection === 'LONG' ? 'L' : 'S'}`)
    for (const p of pairs.filter((p) => p.symbolType !== 'LEVERAGED_TOKEN')) expect([p.ltUnderlying, p.ltDirection]).toEqual([null, null])
  })

  it('has tags, test pairs and banned pairs', () => {
    for (const tag of ['hot', 'new', 'meme', 'defi', 'layer1', 'ai']) expect(pairs.some((p) => p.tags.includes(tag))).toBe(true)
    expect(pairs.filter((p) => p.isTest).map((p) => p.symbolId)).toEqual(['TEST1USDT', 'TEST2USDT', 'TEST3USDT'])
    expect(pairs.some((p) => p.isBanBuy)).toBe(true)
    expect(pairs.some((p) => p.isBanSell)).toBe(true)
    expect(bySymbol.get('LUNCUSDT')).toMatchObject({ isBanBuy: true, noticeVisible: true, mark: 'ST' })
  })

  it('writes every decimal as a string and covers 0 to 12 decimals', () => {
    const decimalFields: (keyof FullPair)[] = [
      'basePrecision',
      'quotePrecision',
      'minTradeQuantity',
      'minTradeAmount',
      'minPricePrecision',
      'maxTradeQuantity',
      'maxTradeAmount',
      'limitOrderPriceLimitPercentage',
      'marketOrderPriceLimitPercentage',
      'volume',
    ]
    for (const p of pairs) for (const f of decimalFields) expect(String(p[f])).toMatch(DECIMAL)
    const baseDecimals = new Set(pairs.map((p) => decimalsOf(p.basePrecision)))
    expect(baseDecimals.has(0) && baseDecimals.has(12)).toBe(true)
    expect(pairs.some((p) => p.basePrecision === '1') && pairs.some((p) => p.basePrecision === '0.000000000001')).toBe(true)
    const all = new Set(pairs.flatMap((p) => [p.basePrecision, p.quotePrecision, p.minPricePrecision].map(decimalsOf)))
    expect([...all].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    for (const p of pairs) expect(p.digitMerge.split(',')[0]).toBe(p.minPricePrecision)
  })

  it('keeps quantities consistent with their precision', () => {
    for (const p of pairs) {
      const step = new BigNumber(p.basePrecision)
      expect(new BigNumber(p.minTradeQuantity).mod(step).isZero()).toBe(true)
      expect(new BigNumber(p.minTradeQuantity).lte(p.maxTradeQuantity)).toBe(true)
    }
  })

  it('has a maxTradeQuantity that a double cannot hold', () => {
    const lossy = pairs.filter((p) => new BigNumber(Number(p.maxTradeQuantity)).toFixed() !== new BigNumber(p.maxTradeQuantity).toFixed())
    expect(lossy.length).toBeGreaterThan(0)
    expect(lossy.some((p) => p.tags.includes('meme') && new BigNumber(p.maxTradeQuantity).gt('1e25'))).toBe(true)
  })

  it('lists every initial pair before the data epoch', () => {
    for (const p of pairs) expect(p.onlineTime).toBeLessThan(DATA_EPOCH)
  })

  it('is deterministic per seed', () => {
    expect(JSON.stringify(generateGroups(1))).toBe(JSON.stringify(groups))
    const other = generateGroups(2).flatMap((g) => g.pairs)
    expect(other.map((p) => p.symbolId)).toEqual(pairs.map((p) => p.symbolId))
    expect(other.map((p) => p.volume)).not.toEqual(pairs.map((p) => p.volume))
  })
})

/**
 * Test fixtures in the WIRE.md formats, built from the field table so a renamed key breaks them.
 */
import { FIELD_NAMES, PAIR_FIELDS, type SymbolPair } from '../fields'

export function fullPair(symbolId: string, quote: string, overrides: Partial<SymbolPair> = {}): SymbolPair {
  const base = symbolId.slice(0, -quote.length)
  return {
    symbolId,
    symbolName: symbolId,
    baseTokenId: base,
    baseTokenName: base,
    quoteTokenId: quote,
    quoteTokenName: quote,
    basePrecision: '0.0001',
    quotePrecision: '0.000001',
    minTradeQuantity: '0.001',
    minTradeAmount: '5',
    minPricePrecision: '0.01',
    digitMerge: '0.01,0.1,1',
    showStatus: true,
    label: 'HOT',
    allowPlan: true,
    maxTradeQuantity: '90000000000000000000000000.5',
    maxTradeAmount: '2000000',
    noticeVisible: false,
    symbolType: 'CHAIN_TOKEN',
    ltUnderlying: null,
    ltDirection: null,
    tags: ['layer1'],
    tokenFullName: `${base} Coin`,
    iconUrl: `https://icons.test/night/${base}.svg`,
    iconDayUrl: `https://icons.test/day/${base}.svg`,
    onlineTime: 1_700_000_000_000,
    mark: null,
    quoteTokenLeverageRatio: '10',
    baseTokenLeverageRatio: '5',
    loanEnabled: true,
    isTest: false,
    isBanBuy: false,
    isBanSell: true,
    tradeStatus: 1,
    zeroFeeType: 2,
    limitOrderPriceLimitPercentage: '0.05',
    marketOrderPriceLimitPercentage: '0.1',
    volume: '123456.78',
    ...overrides,
  }
}

/** The short-key form of the fields one list carries ('v3' fast fields, 'all' the rest, 'both' everything). */
export function compact(pair: Partial<SymbolPair>, list: 'v3' | 'all' | 'both'): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of FIELD_NAMES) {
    const spec = PAIR_FIELDS[name]
    const carried = list === 'both' || spec.list === 'both' || spec.list === list
    if (carried && pair[name] !== undefined) out[spec.short] = pair[name]
  }
  return out
}

export interface FixtureGroup {
  tokenId: string
  tokenType?: string
  pairs: SymbolPair[]
}

function header(g: FixtureGroup) {
  return {
    tokenId: g.tokenId,
    tokenName: g.tokenId,
    tokenFullName: `${g.tokenId} full`,
    tokenType: g.tokenType ?? 'CHAIN_TOKEN',
    zeroFeeType: 0,
    quoteTags: ['hot'],
  }
}

export const v3Result = (version: string, groups: FixtureGroup[]) => ({
  version,
  quoteTokenResult: groups.map((g) => ({ ...header(g), quoteTokenSymbols: g.pairs.map((p) => compact(p, 'v3')) })),
})

export const allResult = (pairs: SymbolPair[], lastModifiedTime = 1000) => ({
  quoteTokenSymbols: pairs.map((p) => compact(p, 'all')),
  lastModifiedTime,
})

export const v2Result = (groups: FixtureGroup[]) => ({
  quoteTokenResult: groups.map((g) => ({ ...header(g), quoteTokenSymbols: g.pairs.map((p) => ({ ...p })) })),
})

export const SAMPLE_GROUPS: FixtureGroup[] = [
  { tokenId: 'USDT', pairs: [fullPair('BTCUSDT', 'USDT'), fullPair('ETHUSDT', 'USDT', { basePrecision: '0.001', minPricePrecision: '0.1' })] },
  { tokenId: 'EUR', tokenType: 'REAL_MONEY', pairs: [fullPair('BTCEUR', 'EUR', { quotePrecision: '1' })] },
]

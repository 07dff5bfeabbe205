import type { PairFields } from './fields'
import { buildResult, type SymbolListResult } from './result'
import type { QuoteTokenGroup } from './types'

/**
 * SPEC §4 step 5: the built-in sample shown when nothing else is available — BTCUSDT and
 * ETHUSDT under USDT, with the 3 % price limits of SPEC §9. Precisions follow the usual spot
 * listing of these pairs so an order form still behaves sensibly.
 */
export const BUILTIN_GROUPS: readonly QuoteTokenGroup<PairFields>[] = [
  {
    tokenId: 'USDT',
    tokenName: 'USDT',
    tokenFullName: 'Tether USD',
    tokenType: 'CHAIN_TOKEN',
    zeroFeeType: 0,
    quoteTags: [],
    quoteTokenSymbols: [
      {
        symbolId: 'BTCUSDT',
        symbolName: 'BTCUSDT',
        baseTokenId: 'BTC',
        baseTokenName: 'BTC',
        quoteTokenId: 'USDT',
        quoteTokenName: 'USDT',
        tokenFullName: 'Bitcoin',
        basePrecision: '0.000001',
        quotePrecision: '0.00000001',
        minPricePrecision: '0.01',
        minTradeQuantity: '0.000048',
        minTradeAmount: '1',
        maxTradeQuantity: '71.73956243',
        maxTradeAmount: '2000000',
        digitMerge: '0.01,0.1,1,10,50,100',
        limitOrderPriceLimitPercentage: '0.03',
        marketOrderPriceLimitPercentage: '0.03',
      },
      {
        symbolId: 'ETHUSDT',
        symbolName: 'ETHUSDT',
        baseTokenId: 'ETH',
        baseTokenName: 'ETH',
        quoteTokenId: 'USDT',
        quoteTokenName: 'USDT',
        tokenFullName: 'Ethereum',
        basePrecision: '0.00001',
        quotePrecision: '0.0000001',
        minPricePrecision: '0.01',
        minTradeQuantity: '0.00062',
        minTradeAmount: '1',
        maxTradeQuantity: '1229.2336343',
        maxTradeAmount: '2000000',
        digitMerge: '0.01,0.1,1,10',
        limitOrderPriceLimitPercentage: '0.03',
        marketOrderPriceLimitPercentage: '0.03',
      },
    ],
  },
]

export function builtinSymbolList(now: number): SymbolListResult {
  return buildResult('builtin', BUILTIN_GROUPS, { source: 'builtin', fetchedAt: now, dropped: 0 })
}

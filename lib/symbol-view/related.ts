/**
 * Other pairs of the same coin, for the pair page's links (BTC/USDT → BTC/USDC, BTC/EUR, …):
 * visible pairs with the same base token, most traded first, at most `limit`.
 */
import type { DerivedSymbol } from '../symbols/derive'
import type { SymbolListResult } from '../symbols/result'

export type RelatedPair = Pick<DerivedSymbol, 'symbolId' | 'baseTokenName' | 'quoteTokenName'>

export function sameCoinPairs(list: SymbolListResult, pair: Pick<DerivedSymbol, 'symbolId' | 'baseTokenId'>, limit = 12): RelatedPair[] {
  return list.symbols
    .filter((other) => other.showStatus && other.baseTokenId === pair.baseTokenId && other.symbolId !== pair.symbolId)
    .map((other) => ({ other, volume: Number(other.volume) || 0 }))
    .sort((a, b) => b.volume - a.volume || a.other.symbolId.localeCompare(b.other.symbolId, 'en'))
    .slice(0, limit)
    .map(({ other }) => ({ symbolId: other.symbolId, baseTokenName: other.baseTokenName, quoteTokenName: other.quoteTokenName }))
}

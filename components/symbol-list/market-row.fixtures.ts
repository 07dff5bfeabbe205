import type { SymbolRow } from '@/lib/symbol-view/view'
import type { RowText } from './row-text'

/** A markets row for the row's tests (MarketRow.test.tsx, MarketRow.hydration.test.tsx). */
export const BTC_ROW: SymbolRow = {
  symbolId: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  name: 'Bitcoin',
  volume: '3141307867.97',
  priceStep: '0.01',
  tags: [],
  leveraged: null,
  banBuy: false,
  banSell: false,
  test: false,
  tradeStatus: 1,
}

/** The row's texts; `addFavourite` may be a counting mock. */
export function rowTextFor(addFavourite: (pair: string) => string = (p) => `Add ${p}`): RowText {
  return {
    addFavourite,
    removeFavourite: (p) => `Remove ${p}`,
    leveragedLong: (r) => `${r}L`,
    leveragedShort: (r) => `${r}S`,
    testPair: 'test',
    banBuy: 'no buy',
    banSell: 'no sell',
    trading: 'Trading',
    suspended: 'Suspended',
  }
}

import type { Candle } from './kline'
import type { MarketTicker } from './tickers'

/** A kline push: the interval's code, the pair and the candle as pushed. */
export interface CandlePush {
  interval: string
  symbol: string
  candle: Candle
}

/** What the pushes since the last take left: the newest ticker per pair and the candles to apply, in order. */
export interface PushBatchContents {
  tickers: Record<string, MarketTicker>
  candles: CandlePush[]
}

export interface PushBatch {
  addTicker(ticker: MarketTicker): void
  addCandle(push: CandlePush): void
  /** The batch so far, emptied; null when nothing arrived since the last take. */
  take(): PushBatchContents | null
}

/**
 * The live pushes of one socket, held until the page's next flush (docs/decisions/pages.md "One
 * render per flush"): a pair's ticker pushes collapse to the newest, and a candle's repeated
 * pushes (the same interval, pair and start) to its last, while a candle that a newer one
 * follows keeps its final push, so the chart never loses a closing price. Tickers and candles
 * leave together, so the price and the chart re-render in one pass, not one per push.
 */
export function createPushBatch(): PushBatch {
  let tickers: Record<string, MarketTicker> = {}
  let candles = new Map<string, CandlePush>()
  return {
    addTicker(ticker) {
      const held = tickers[ticker.symbol]
      if (!held || held.at <= ticker.at) tickers[ticker.symbol] = ticker
    },
    addCandle(push) {
      const key = `${push.interval} ${push.symbol} ${push.candle.start}`
      // Deleted first, so a candle's place in the order is that of its last push.
      candles.delete(key)
      candles.set(key, push)
    },
    take() {
      if (candles.size === 0 && Object.keys(tickers).length === 0) return null
      const contents = { tickers, candles: [...candles.values()] }
      tickers = {}
      candles = new Map()
      return contents
    },
  }
}

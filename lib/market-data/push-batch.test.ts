import { createPushBatch, type CandlePush } from './push-batch'
import type { MarketTicker } from './tickers'

const ticker = (symbol: string, lastPrice: string, at: number): MarketTicker => ({ symbol, lastPrice, price24hPcnt: '0.01', turnover24h: '1', at })
const candle = (start: number, close: number, interval = '60', symbol = 'BTCUSDT'): CandlePush => ({
  interval,
  symbol,
  candle: { start, open: 1, high: close, low: 1, close },
})

describe('a push batch', () => {
  it('is empty until a push arrives, and empty again after a take', () => {
    const batch = createPushBatch()
    expect(batch.take()).toBeNull()
    batch.addTicker(ticker('BTCUSDT', '100', 1))
    expect(batch.take()?.tickers).toEqual({ BTCUSDT: ticker('BTCUSDT', '100', 1) })
    expect(batch.take()).toBeNull()
  })

  it('keeps the newest ticker per pair, and not an older one that arrives late', () => {
    const batch = createPushBatch()
    batch.addTicker(ticker('BTCUSDT', '100', 1))
    batch.addTicker(ticker('ETHUSDT', '5', 1))
    batch.addTicker(ticker('BTCUSDT', '101', 3))
    batch.addTicker(ticker('BTCUSDT', '99', 2))
    expect(batch.take()?.tickers).toEqual({ BTCUSDT: ticker('BTCUSDT', '101', 3), ETHUSDT: ticker('ETHUSDT', '5', 1) })
  })

  it('collapses a candle’s pushes to its last, and keeps a closing candle that a new one follows', () => {
    const batch = createPushBatch()
    batch.addCandle(candle(0, 10))
    batch.addCandle(candle(0, 11))
    batch.addCandle(candle(3_600_000, 12))
    batch.addCandle(candle(3_600_000, 13))
    batch.addCandle(candle(0, 10, '1'))
    expect(batch.take()?.candles).toEqual([candle(0, 11), candle(3_600_000, 13), candle(0, 10, '1')])
  })

  it('hands tickers and candles over together', () => {
    const batch = createPushBatch()
    batch.addCandle(candle(0, 10))
    expect(batch.take()).toEqual({ tickers: {}, candles: [candle(0, 10)] })
  })
})

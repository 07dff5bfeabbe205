import { NO_SHOWN_TICKERS, shownTickers } from './rows-in-view'
import type { MarketTicker } from './tickers'

const tick = (symbol: string, lastPrice: string, at: number): MarketTicker => ({ symbol, lastPrice, price24hPcnt: '0.01', turnover24h: '1000', at })
const drawn = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']
// The rows in view by place: 0 is BTCUSDT's row, 1 ETHUSDT's.

describe('shownTickers: pushes reach the rows in view', () => {
  const first = { BTCUSDT: tick('BTCUSDT', '100', 1), ETHUSDT: tick('ETHUSDT', '10', 1), SOLUSDT: tick('SOLUSDT', '1', 1) }
  const start = shownTickers(NO_SHOWN_TICKERS, first, drawn, new Set([0]))

  test('newly drawn rows all take their live tickers, in view or not', () => {
    expect(start.tickers).toEqual(first)
    expect(start.drawn).toBe('BTCUSDT,ETHUSDT,SOLUSDT')
  })

  test('a push moves the rows in view and holds the others', () => {
    const live = { BTCUSDT: tick('BTCUSDT', '101', 2), ETHUSDT: tick('ETHUSDT', '11', 2), SOLUSDT: first.SOLUSDT }
    const next = shownTickers(start, live, drawn, new Set([0]))
    expect(next.tickers.BTCUSDT).toBe(live.BTCUSDT)
    expect(next.tickers.ETHUSDT).toBe(first.ETHUSDT)
    expect(next.tickers.SOLUSDT).toBe(first.SOLUSDT)
  })

  test('a push of rows out of view changes nothing: the same object comes back', () => {
    const live = { ...first, ETHUSDT: tick('ETHUSDT', '11', 2) }
    expect(shownTickers(start, live, drawn, new Set([0]))).toBe(start)
  })

  test('a row that comes into view takes the latest ticker', () => {
    const live = { ...first, ETHUSDT: tick('ETHUSDT', '12', 3) }
    const held = shownTickers(start, live, drawn, new Set([0]))
    const scrolled = shownTickers(held, live, drawn, new Set([0, 1]))
    expect(scrolled.tickers.ETHUSDT).toBe(live.ETHUSDT)
    expect(scrolled.tickers.BTCUSDT).toBe(first.BTCUSDT)
  })

  test('without a view (no IntersectionObserver) every row follows', () => {
    const live = { BTCUSDT: tick('BTCUSDT', '101', 2), ETHUSDT: tick('ETHUSDT', '11', 2), SOLUSDT: tick('SOLUSDT', '2', 2) }
    expect(shownTickers(start, live, drawn, null).tickers).toEqual(live)
  })

  test('a new order or tab draws every row live again', () => {
    const live = { ...first, SOLUSDT: tick('SOLUSDT', '2', 2) }
    const held = shownTickers(start, live, drawn, new Set([0]))
    expect(held.tickers.SOLUSDT).toBe(first.SOLUSDT)
    const resorted = shownTickers(held, live, ['SOLUSDT', 'BTCUSDT', 'ETHUSDT'], new Set([1]))
    expect(resorted.tickers.SOLUSDT).toBe(live.SOLUSDT)
  })

  test('a ticker that is gone from the live map leaves the row in view', () => {
    const live = { ETHUSDT: first.ETHUSDT, SOLUSDT: first.SOLUSDT }
    const next = shownTickers(start, live, drawn, new Set([0]))
    expect(next.tickers.BTCUSDT).toBeUndefined()
    expect('BTCUSDT' in next.tickers).toBe(false)
  })
})

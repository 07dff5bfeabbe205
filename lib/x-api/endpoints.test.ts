import { SYMBOL_REQUEST_TIMEOUT_MS } from '../http/constants'
import { MARKET_DATA_TIMEOUT_MS } from '../market-data/constants'
import { SYMBOL_LIST_ALL_PATH, SYMBOL_LIST_V2_PATH, SYMBOL_LIST_V3_PATH } from '../symbols/sources'
import { CROSS_API_ENDPOINTS, matchEndpoint, PROFILE_PATH, PROXY_TIMEOUT_MARGIN_MS } from './endpoints'

const deadlineOf = (path: string) => CROSS_API_ENDPOINTS.find((e) => e.path === path)?.timeoutMs

describe('/x-api deadlines', () => {
  it('gives up on the symbol lists at 7000 ms, 1000 ms inside the browser’s own 8000 ms (SPEC §9)', () => {
    expect(SYMBOL_REQUEST_TIMEOUT_MS).toBe(8000)
    expect(PROXY_TIMEOUT_MARGIN_MS).toBe(1000)
    for (const path of [SYMBOL_LIST_V3_PATH, SYMBOL_LIST_ALL_PATH, SYMBOL_LIST_V2_PATH]) expect(deadlineOf(path)).toBe(7000)
  })

  it('serves the market data (tickers, candles) and gives up 1000 ms inside the browser’s market-data timeout', () => {
    expect(MARKET_DATA_TIMEOUT_MS).toBe(4000)
    for (const path of ['/v5/market/tickers', '/v5/market/kline', '/v5/market/orderbook', '/v5/market/recent-trade']) expect(deadlineOf(path)).toBe(3000)
  })

  it('gives every endpoint a deadline below the browser’s and the profile 29000 ms', () => {
    expect(deadlineOf(PROFILE_PATH)).toBe(29_000)
    for (const endpoint of CROSS_API_ENDPOINTS) {
      expect(endpoint.timeoutMs).toBeGreaterThan(0)
      expect(endpoint.timeoutMs).toBeLessThanOrEqual(29_000)
    }
  })
})

describe('/x-api order book and trades: a spot pair’s query within the wire’s limits, nothing else', () => {
  const status = (path: string, search: string, method = 'GET') => {
    const match = matchEndpoint(method, path, CROSS_API_ENDPOINTS, search)
    return match.ok ? 200 : match.status
  }
  const BOOK = '/v5/market/orderbook'
  const TRADES = '/v5/market/recent-trade'

  it('allows GET and HEAD of both with category=spot, a symbol and a limit in bounds (book 1–200, trades 1–60)', () => {
    for (const search of ['?category=spot&symbol=BTCUSDT', '?category=spot&symbol=BTC3LUSDT&limit=50', '?symbol=ETHUSDT&limit=1&category=spot']) {
      expect(status(BOOK, search)).toBe(200)
      expect(status(TRADES, search, 'HEAD')).toBe(200)
    }
    expect(status(BOOK, '?category=spot&symbol=BTCUSDT&limit=200')).toBe(200)
    expect(status(TRADES, '?category=spot&symbol=BTCUSDT&limit=60')).toBe(200)
  })

  it('answers 400 to any other query and 405 to other methods', () => {
    for (const search of [
      '',
      '?category=linear&symbol=BTCUSDT',
      '?category=spot',
      '?category=spot&symbol=btcusdt',
      '?category=spot&symbol=BTC%2FUSDT',
      '?category=spot&symbol=BTCUSDT&limit=0',
      '?category=spot&symbol=BTCUSDT&limit=1.5',
      '?category=spot&symbol=BTCUSDT&limit=-1',
      '?category=spot&symbol=BTCUSDT&limit=',
      '?category=spot&symbol=BTCUSDT&symbol=ETHUSDT',
      '?category=spot&symbol=BTCUSDT&cb=1',
    ]) {
      expect([search, status(BOOK, search)]).toEqual([search, 400])
      expect([search, status(TRADES, search)]).toEqual([search, 400])
    }
    expect(status(BOOK, '?category=spot&symbol=BTCUSDT&limit=201')).toBe(400)
    expect(status(TRADES, '?category=spot&symbol=BTCUSDT&limit=61')).toBe(400)
    expect(status(BOOK, '?category=spot&symbol=BTCUSDT', 'POST')).toBe(405)
  })

  it('leaves the other endpoints’ queries alone', () => {
    expect(status('/v5/market/tickers', '?anything=1')).toBe(200)
  })
})

import { SYMBOL_REQUEST_TIMEOUT_MS } from '../http/constants'
import { MARKET_DATA_TIMEOUT_MS } from '../market-data/constants'
import { SYMBOL_LIST_ALL_PATH, SYMBOL_LIST_V2_PATH, SYMBOL_LIST_V3_PATH } from '../symbols/sources'
import { CROSS_API_ENDPOINTS, PROFILE_PATH, PROXY_TIMEOUT_MARGIN_MS } from './endpoints'

const deadlineOf = (path: string) => CROSS_API_ENDPOINTS.find((e) => e.path === path)?.timeoutMs

describe('/x-api deadlines', () => {
  it('gives up on the symbol lists at 7000 ms, 1000 ms inside the browser’s own 8000 ms (SPEC §9)', () => {
    expect(SYMBOL_REQUEST_TIMEOUT_MS).toBe(8000)
    expect(PROXY_TIMEOUT_MARGIN_MS).toBe(1000)
    for (const path of [SYMBOL_LIST_V3_PATH, SYMBOL_LIST_ALL_PATH, SYMBOL_LIST_V2_PATH]) expect(deadlineOf(path)).toBe(7000)
  })

  it('serves the market data (tickers, candles) and gives up 1000 ms inside the browser’s market-data timeout', () => {
    expect(MARKET_DATA_TIMEOUT_MS).toBe(4000)
    for (const path of ['/v5/market/tickers', '/v5/market/kline']) expect(deadlineOf(path)).toBe(3000)
  })

  it('gives every endpoint a deadline below the browser’s and the profile 29000 ms', () => {
    expect(deadlineOf(PROFILE_PATH)).toBe(29_000)
    for (const endpoint of CROSS_API_ENDPOINTS) {
      expect(endpoint.timeoutMs).toBeGreaterThan(0)
      expect(endpoint.timeoutMs).toBeLessThanOrEqual(29_000)
    }
  })
})

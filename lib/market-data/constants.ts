/** What a figure shows when the pair has no market data yet: a dash, never zero (docs/wire.md "Market data"). */
export const NO_DATA = '—'

/**
 * The one timeout of the browser's market-data requests, tickers and candles alike, headers and
 * body (docs/decisions/client-wiring.md "Market data through the request client"): shorter than the pair page's
 * poll, so a hung poll has failed before the next one is due and the price is marked stale within
 * seconds.
 */
export const MARKET_DATA_TIMEOUT_MS = 4_000

/** How often a pair page polls its tickers while the websocket is not connected (and the tab is visible). */
export const TICKER_POLL_MS = 5_000

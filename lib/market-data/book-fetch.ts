/**
 * The book's and the trades' REST calls through the request client (the API host in use, the
 * fast path, /x-api under fe.crossApi), within the market-data timeout: the first paint when no
 * socket snapshot came within BOOK_FIRST_PAINT_MS, and the polls while no socket carries them.
 */
import type { HttpClient } from '../http/client'
import { MARKET_DATA_TIMEOUT_MS } from './constants'
import { BOOK_DEPTH } from './book-topics'
import { TAPE_LENGTH } from './trade-tape'
import { ORDERBOOK_PATH, RECENT_TRADE_PATH } from './book-wire'

/** A socket snapshot not here this long after the book asked: the REST answer paints it first. */
export const BOOK_FIRST_PAINT_MS = 1_000
/** Polled while no socket carries them (fe.crossApi, a socket that does not connect): the book every second, the trades every 2 s. */
export const BOOK_POLL_MS = 1_000
export const TRADES_POLL_MS = 2_000

/** The book's `result` (`{s, b, a, u, …}`), for the book keeper to judge. */
export async function fetchBook(client: HttpClient, symbol: string, signal?: AbortSignal): Promise<unknown> {
  return client.get(ORDERBOOK_PATH, { query: { category: 'spot', symbol, limit: BOOK_DEPTH }, timeoutMs: MARKET_DATA_TIMEOUT_MS, signal })
}

/** The recent trades' `result` (`{list}`, newest first). */
export async function fetchTrades(client: HttpClient, symbol: string, signal?: AbortSignal): Promise<unknown> {
  return client.get(RECENT_TRADE_PATH, { query: { category: 'spot', symbol, limit: TAPE_LENGTH }, timeoutMs: MARKET_DATA_TIMEOUT_MS, signal })
}

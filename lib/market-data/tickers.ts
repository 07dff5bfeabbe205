/**
 * Tickers of docs/wire.md "Market data", the one module that knows their wire: the v5 REST
 * endpoint and its query, the answer parsed (or a websocket push's record), and merged so that
 * newer data replaces older per pair and nothing good is dropped. Every figure stays a decimal
 * string (formatting happens at the pair's price step, format.ts).
 */
import type { HttpClient } from '../http/client'
import { MARKET_DATA_TIMEOUT_MS } from './constants'

export interface Ticker {
  symbol: string
  lastPrice: string
  prevPrice24h: string
  price24hPcnt: string
  highPrice24h: string
  lowPrice24h: string
  volume24h: string
  turnover24h: string
  /** When the upstream produced these figures (ms): the answer's `time` or the push's `ts`. */
  at: number
}

/** symbol → ticker; a pair with no entry has no market data yet (shown as a dash, not zero). */
export type Tickers = Readonly<Record<string, Ticker>>

/** The figures a markets row shows: what the markets page embeds (the rest would be wasted bytes). */
export type MarketTicker = Pick<Ticker, 'symbol' | 'lastPrice' | 'price24hPcnt' | 'turnover24h' | 'at'> & Partial<Ticker>
export type MarketTickers = Readonly<Record<string, MarketTicker>>

export function marketTicker({ symbol, lastPrice, price24hPcnt, turnover24h, at }: Ticker): MarketTicker {
  return { symbol, lastPrice, price24hPcnt, turnover24h, at }
}

const FIELDS = ['lastPrice', 'prevPrice24h', 'price24hPcnt', 'highPrice24h', 'lowPrice24h', 'volume24h', 'turnover24h'] as const
const DECIMAL = /^-?\d+(\.\d+)?$/

export class MarketDataError extends Error {}

/** One ticker record, or undefined when it is unusable (a bad record is dropped, not zeroed). */
export function parseTicker(raw: unknown, at: number): Ticker | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const r = raw as Record<string, unknown>
  if (typeof r.symbol !== 'string' || r.symbol === '') return undefined
  const ticker: Record<string, unknown> = { symbol: r.symbol, at }
  for (const f of FIELDS) {
    if (typeof r[f] !== 'string' || !DECIMAL.test(r[f])) return undefined
    ticker[f] = r[f]
  }
  return ticker as unknown as Ticker
}

/** The list of a v5 tickers answer's `result`, stamped `at`; throws MarketDataError naming what is wrong with it. */
export function parseTickerList(result: unknown, at: number): Tickers {
  const list = (result as { list?: unknown } | null | undefined)?.list
  if (!Array.isArray(list)) throw new MarketDataError('tickers: result.list is not an array')
  const out: Record<string, Ticker> = {}
  for (const raw of list) {
    const t = parseTicker(raw, at)
    if (t) out[t.symbol] = t
  }
  if (list.length > 0 && Object.keys(out).length === 0) throw new MarketDataError('tickers: no usable record in the list')
  return out
}

/** The v5 REST tickers endpoint, spot category: every pair's tickers, or one pair's. */
export const TICKERS_PATH = '/v5/market/tickers'

/**
 * GETs and parses the tickers through `client` (the browser's request client: its API host in
 * use, the fast path, /x-api under fe.crossApi; or a server upstream's): every pair's, or
 * `symbol`'s alone, within the market-data timeout. Throws the request client's errors (SPEC §8:
 * timeout, network, HTTP status, parse, ret_code) or MarketDataError for an unusable list.
 */
export async function fetchTickers(client: HttpClient, options: { symbol?: string; signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Tickers> {
  const answer = await client.getEnvelope(TICKERS_PATH, {
    query: { category: 'spot', symbol: options.symbol },
    timeoutMs: options.timeoutMs ?? MARKET_DATA_TIMEOUT_MS,
    signal: options.signal,
  })
  return parseTickerList(answer.result, answer.time ?? 0)
}

/**
 * Newer figures win per pair; a pair the update does not carry keeps its last good ticker (a
 * partial answer or a single websocket push never blanks the others). An older update (smaller
 * `at`) never replaces a newer one.
 */
export function mergeTickers<T extends { at: number }>(current: Readonly<Record<string, T>>, update: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  let changed = false
  const out: Record<string, T> = { ...current }
  for (const [symbol, t] of Object.entries(update)) {
    const old = out[symbol]
    if (old && old.at > t.at) continue
    out[symbol] = t
    changed = true
  }
  return changed ? out : current
}

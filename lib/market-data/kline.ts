/**
 * Candles of docs/wire.md "Market data": the REST kline endpoint and its answer (newest first,
 * arrays of decimal strings) and the websocket kline push, both to ascending candles a chart can
 * draw.
 */
import type { HttpClient } from '../http/client'
import { MARKET_DATA_TIMEOUT_MS } from './constants'
import { MarketDataError } from './tickers'

/** The chart's intervals: the wire's interval code and its length. */
export const CHART_INTERVALS = [
  { code: '15', ms: 900_000, label: '15m' },
  { code: '60', ms: 3_600_000, label: '1h' },
  { code: '240', ms: 14_400_000, label: '4h' },
  { code: 'D', ms: 86_400_000, label: '1D' },
] as const
export type ChartInterval = (typeof CHART_INTERVALS)[number]['code']

export interface Candle {
  /** Start of the candle, ms. */
  start: number
  open: number
  high: number
  low: number
  close: number
}

function candleOf(start: unknown, o: unknown, h: unknown, l: unknown, c: unknown): Candle | undefined {
  const values = [start, o, h, l, c].map((v) => (typeof v === 'string' || typeof v === 'number' ? Number(v) : NaN))
  if (!values.every(Number.isFinite)) return undefined
  const [s = 0, open = 0, high = 0, low = 0, close = 0] = values
  return { start: s, open, high, low, close }
}

/** The candles of a REST answer's `result`, ascending, unusable rows dropped. */
export function parseKlineList(result: unknown): Candle[] {
  const list = (result as { list?: unknown } | null | undefined)?.list
  if (!Array.isArray(list)) throw new MarketDataError('kline: result.list is not an array')
  return list
    .map((row) => (Array.isArray(row) ? candleOf(row[0], row[1], row[2], row[3], row[4]) : undefined))
    .filter((c): c is Candle => c !== undefined)
    .sort((a, b) => a.start - b.start)
}

/** How many candles the chart asks for: the newest of its interval. */
export const CHART_CANDLES = 200

/** The v5 REST kline endpoint, spot category: one pair's candles of one interval. */
export const KLINE_PATH = '/v5/market/kline'

/**
 * GETs and parses a pair's newest candles through `client` (see fetchTickers), ascending, within
 * the market-data timeout. Throws the request client's errors (SPEC §8) or MarketDataError for an
 * unusable list.
 */
export async function fetchCandles(
  client: HttpClient,
  options: { symbol: string; interval: ChartInterval; signal?: AbortSignal; limit?: number },
): Promise<Candle[]> {
  const answer = await client.getEnvelope(KLINE_PATH, {
    query: { category: 'spot', symbol: options.symbol, interval: options.interval, limit: options.limit ?? CHART_CANDLES },
    timeoutMs: MARKET_DATA_TIMEOUT_MS,
    signal: options.signal,
  })
  return parseKlineList(answer.result)
}

/** A websocket kline push's candles. */
export function parseKlinePush(data: unknown): Candle[] {
  if (!Array.isArray(data)) return []
  return data
    .map((d) => (typeof d === 'object' && d !== null ? (d as Record<string, unknown>) : {}))
    .map((d) => candleOf(d.start, d.open, d.high, d.low, d.close))
    .filter((c): c is Candle => c !== undefined)
}

/** The live candle replaces the last one when they start together, or is appended after it. */
export function applyLiveCandle(candles: readonly Candle[], live: Candle): Candle[] {
  const last = candles.at(-1)
  if (!last || live.start > last.start) return [...candles, live]
  if (live.start === last.start) return [...candles.slice(0, -1), live]
  return [...candles]
}

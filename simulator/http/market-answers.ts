/**
 * The v5 market answers of docs/wire.md "Market data": tickers and klines, computed from the feed's
 * pairs and their price paths (prices.ts) at the simulator's clock.
 */
import type { FullPair } from '../data/pairs'
import type { FeedState } from '../data/feed'
import type { Json } from './wire'
import { DAY_MS, pricePath } from '../data/prices'
import type { Market } from './market'

/** The v5 envelope: retCode/retMsg, not ret_code/ret_msg. */
export const v5Envelope = (result: Json, nowMs: number): Json => ({ retCode: 0, retMsg: 'OK', result, retExtInfo: {}, time: nowMs })
export const v5Error = (code: number, msg: string, nowMs: number): Json => ({ retCode: code, retMsg: msg, result: {}, retExtInfo: {}, time: nowMs })

const INTERVAL_MS: Record<string, number> = {
  '1': 60_000,
  '3': 180_000,
  '5': 300_000,
  '15': 900_000,
  '30': 1_800_000,
  '60': 3_600_000,
  '120': 7_200_000,
  '240': 14_400_000,
  '360': 21_600_000,
  '720': 43_200_000,
  D: DAY_MS,
  W: 7 * DAY_MS,
  M: 30 * DAY_MS,
}
export const KLINE_INTERVALS = Object.keys(INTERVAL_MS)
export const intervalMs = (interval: string): number | undefined => INTERVAL_MS[interval]

export function pairsOf(feed: FeedState): Map<string, FullPair> {
  return new Map(feed.groups.flatMap((g) => g.pairs.map((p) => [p.symbolId, p] as const)))
}

/** A ticker; its bid1/ask1 are the book's touch at `now` (book-answers.ts), so the two always agree. */
export function tickerOf(seed: number, pair: FullPair, now: number, market: Market): Json {
  const path = pricePath(seed, pair)
  const last = path.at(now)
  const pm = market.forPair(pair)
  const { bids, asks } = pm.bookAt(market.tick(now), 1)
  const [bid = [0, 0], ask = [0, 0]] = [bids[0], asks[0]]
  const prev = path.at(now - DAY_MS)
  const day = path.range(now - DAY_MS, now)
  const turnover = Number(pair.volume) * (1 + 0.1 * Math.sin(now / 3_600_000))
  return {
    symbol: pair.symbolId,
    bid1Price: pm.price(bid[0]),
    bid1Size: pm.size(bid[1]),
    ask1Price: pm.price(ask[0]),
    ask1Size: pm.size(ask[1]),
    lastPrice: path.text(last),
    prevPrice24h: path.text(prev),
    price24hPcnt: ((last - prev) / prev).toFixed(4),
    highPrice24h: path.text(Math.max(last, day.high)),
    lowPrice24h: path.text(Math.min(last, day.low)),
    turnover24h: turnover.toFixed(4),
    volume24h: (turnover / last).toFixed(4),
    usdIndexPrice: path.text(last),
  }
}

export function tickersAnswer(seed: number, feed: FeedState, query: URLSearchParams, now: number, market: Market): Json {
  if (query.get('category') !== 'spot') return v5Error(10001, 'params error: category', now)
  const pairs = pairsOf(feed)
  const symbol = query.get('symbol')
  const chosen = symbol === null ? [...pairs.values()] : [pairs.get(symbol)].filter((p) => p !== undefined)
  if (symbol !== null && chosen.length === 0) return v5Error(10001, 'Not supported symbols', now)
  return v5Envelope({ category: 'spot', list: chosen.map((p) => tickerOf(seed, p, now, market)) }, now)
}

export function candle(seed: number, pair: FullPair, start: number, ms: number, now: number): string[] {
  const path = pricePath(seed, pair)
  const end = Math.min(start + ms, now)
  const open = path.at(start)
  const close = path.at(end)
  const turnover = (Number(pair.volume) * (end - start)) / DAY_MS
  const { high, low } = path.range(start, end)
  return [
    String(start),
    path.text(open),
    path.text(Math.max(open, close, high)),
    path.text(Math.min(open, close, low)),
    path.text(close),
    (turnover / close).toFixed(4),
    turnover.toFixed(4),
  ]
}

export function klineAnswer(seed: number, feed: FeedState, query: URLSearchParams, now: number): Json {
  const pair = pairsOf(feed).get(query.get('symbol') ?? '')
  const ms = intervalMs(query.get('interval') ?? '')
  const limit = Number(query.get('limit') ?? 200)
  if (query.get('category') !== 'spot' || !pair || !ms || !Number.isInteger(limit) || limit < 1 || limit > 1000) {
    return v5Error(10001, 'params error', now)
  }
  const end = Math.min(Number(query.get('end') ?? now) || now, now)
  const start = Number(query.get('start') ?? 0) || 0
  const list: string[][] = []
  for (let s = Math.floor(end / ms) * ms; s >= start && list.length < limit; s -= ms) list.push(candle(seed, pair, s, ms, now))
  return v5Envelope({ category: 'spot', symbol: pair.symbolId, list }, now)
}

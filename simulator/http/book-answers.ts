/**
 * The order book and the public trades of docs/wire.md "Order book" and "Public trades": the REST
 * answers and the socket messages, from one model (../data/book.ts) on one pair of cadences, so
 * REST and every socket agree on the book, its `u` and the trade ids.
 *
 * `u` is the book's tick index: one sequence per simulator, shared by REST and every socket,
 * rising by one per delta at the depth rate (docs/decisions/client-wiring.md "One `u` for the
 * simulator's book, REST and every socket").
 */
import type { FeedState } from '../data/feed'
import type { Book, Level, PairMarket, Trade } from '../data/book'
import { ORDERBOOK_LIMITS, RECENT_TRADE_LIMITS, type Market } from './market'
import type { Json } from './wire'
import { pairsOf, v5Envelope, v5Error } from './market-answers'

const levels = (pm: PairMarket, side: readonly Level[], limit = side.length) => side.slice(0, limit).map(([p, s]) => [pm.price(p), pm.size(s)])

/** The `data` of an orderbook message and the REST `result` share these fields. */
export function bookFields(pm: PairMarket, book: Book, u: number, limit: number): { s: string; b: string[][]; a: string[][]; u: number; seq: number } {
  return { s: pm.symbol, b: levels(pm, book.bids, limit), a: levels(pm, book.asks, limit), u, seq: seqOf(u) }
}

/** The cross sequence: rises with u (smaller is earlier), on another scale, as the exchange's does. */
export const seqOf = (u: number) => u * 8 + 3_000_000_000

function limitOf(query: URLSearchParams, bounds: { min: number; max: number; default: number }): number | undefined {
  const raw = query.get('limit')
  const limit = raw === null ? bounds.default : Number(raw)
  return Number.isInteger(limit) && limit >= bounds.min && limit <= bounds.max ? limit : undefined
}

export function orderbookAnswer(market: Market, feed: FeedState, query: URLSearchParams, now: number): Json {
  const pair = pairsOf(feed).get(query.get('symbol') ?? '')
  const limit = limitOf(query, ORDERBOOK_LIMITS)
  if (query.get('category') !== 'spot' || limit === undefined) return v5Error(10001, 'params error', now)
  if (!pair) return v5Error(10001, 'Not supported symbols', now)
  const pm = market.forPair(pair)
  const u = market.tick(now)
  const cts = market.tickStart(u)
  return v5Envelope({ ...bookFields(pm, pm.bookAt(u, limit), u, limit), ts: now, cts }, now)
}

export function tradeEntry(pm: PairMarket, t: Trade): Json {
  return { execId: pm.idOf(t.k), symbol: pm.symbol, price: pm.price(t.price), size: pm.size(t.size), side: t.side, time: String(t.time), isBlockTrade: false }
}

export function recentTradeAnswer(market: Market, feed: FeedState, query: URLSearchParams, now: number): Json {
  const pair = pairsOf(feed).get(query.get('symbol') ?? '')
  const limit = limitOf(query, RECENT_TRADE_LIMITS)
  if (query.get('category') !== 'spot' || limit === undefined) return v5Error(10001, 'params error', now)
  if (!pair) return v5Error(10001, 'Not supported symbols', now)
  const pm = market.forPair(pair)
  return v5Envelope(
    {
      category: 'spot',
      list: market
        .trades(pm, now, undefined, limit)
        .reverse()
        .map((t) => tradeEntry(pm, t)),
    },
    now,
  )
}

/** A socket trade (docs/wire.md): T time, s symbol, S taker side, v size, p price, i id, BT block trade. */
export function socketTrade(pm: PairMarket, t: Trade): Json {
  return { T: t.time, s: pm.symbol, S: t.side, v: pm.size(t.size), p: pm.price(t.price), i: pm.idOf(t.k), BT: false }
}

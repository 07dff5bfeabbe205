/**
 * The public order-book and trade endpoints of docs/wire.md "Order book" and "Public trades":
 * their paths and the query a spot call may carry, in one place for the browser's calls and
 * /x-api's allow-list (lib/x-api/endpoints.ts).
 */
export const ORDERBOOK_PATH = '/v5/market/orderbook'
export const RECENT_TRADE_PATH = '/v5/market/recent-trade'

/** `limit` bounds for spot: the book 1–200 levels a side, the trades 1–60 (docs/wire.md). */
export const ORDERBOOK_LIMIT = { min: 1, max: 200 } as const
export const RECENT_TRADE_LIMIT = { min: 1, max: 60 } as const

/** A symbol as the exchange spells one: capitals and digits (BTCUSDT, BTC3LUSDT). */
const SYMBOL = /^[A-Z0-9]{2,32}$/
const LIMIT = /^[1-9]\d{0,3}$/

/**
 * True when `search` ("" or "?…") is a spot query these endpoints answer: `category=spot`, one
 * `symbol`, an optional `limit` within `bounds`, each once and nothing else.
 */
export function isPublicMarketQuery(search: string, bounds: { min: number; max: number }): boolean {
  const params = [...new URLSearchParams(search)]
  const names = params.map(([name]) => name)
  if (new Set(names).size !== names.length || names.some((n) => n !== 'category' && n !== 'symbol' && n !== 'limit')) return false
  const query = new Map(params)
  if (query.get('category') !== 'spot' || !SYMBOL.test(query.get('symbol') ?? '')) return false
  const limit = query.get('limit')
  return limit === undefined || (LIMIT.test(limit) && Number(limit) >= bounds.min && Number(limit) <= bounds.max)
}

/**
 * Which path is which endpoint on which host, and the normal answer of each endpoint.
 */
import type { SimHost } from '../contract'
import type { AnswerOptions, Endpoint } from './faults'
import type { FeedState } from '../data/feed'
import { orderbookAnswer, recentTradeAnswer } from './book-answers'
import type { Market } from './market'
import { klineAnswer, tickersAnswer } from './market-answers'
import { PUBLIC_WS_PATH } from './market-ws'
import { profileAnswer } from './profile'
import { envelope, firstV3SymbolId, proxyAnswer, symbolListAll, symbolListV2, symbolListV3, type Json } from './wire'

const PATHS: Record<string, Endpoint> = {
  '/spot/api/basic/symbol_list_v3': 'symbol_list_v3',
  '/spot/api/basic/symbol_list_all': 'symbol_list_all',
  '/spot/api/basic/symbol_list_v2': 'symbol_list_v2',
  '/t1': 't1',
  '/kmeqrvdu/proxy/getproxy': 'getproxy',
  '/hats/t1': 'hats_t1',
  '/v2/private/user/profile': 'profile',
  '/v5/market/tickers': 'tickers',
  '/v5/market/kline': 'kline',
  '/v5/market/orderbook': 'orderbook',
  '/v5/market/recent-trade': 'recent_trade',
  [PUBLIC_WS_PATH]: 'public_ws',
}

/** Every host serves the API; the fast-path host also serves its own probe, so rewritten requests work there. */
export function servedEndpoints(host: SimHost): Endpoint[] {
  return Object.values(PATHS).filter((e) => e !== 'hats_t1' || host === 'fastPath')
}

export function endpointFor(host: SimHost, pathname: string): Endpoint | undefined {
  const endpoint = PATHS[pathname]
  return endpoint && servedEndpoints(host).includes(endpoint) ? endpoint : undefined
}

// A missing or unreadable last_modified_at asks for the whole list, as a first load does.
function since(query: URLSearchParams): number | null {
  const raw = query.get('last_modified_at')
  return raw !== null && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : null
}

/** What an answer may depend on besides the path: the query and the Cookie header (the profile's session). */
export interface AnswerRequest {
  query: URLSearchParams
  cookie?: string
  /** The data seed: market prices are a function of it and the clock. */
  seed: number
  /** The book's and the tape's model and rates. */
  market: Market
}

export function normalAnswer(endpoint: Endpoint, feed: FeedState, { query, cookie, seed, market }: AnswerRequest, nowMs: number, o: AnswerOptions): Json {
  switch (endpoint) {
    case 'symbol_list_v3':
      return envelope(symbolListV3(feed, query.get('version')), nowMs)
    case 'symbol_list_all':
      return envelope(symbolListAll(feed, since(query), o.omitFirstV3Pair ? firstV3SymbolId(feed) : null), nowMs)
    case 'symbol_list_v2':
      return envelope(symbolListV2(feed), nowMs)
    case 't1':
    case 'hats_t1':
      return envelope({}, nowMs)
    case 'getproxy':
      return proxyAnswer(o.proxyResCode)
    case 'profile':
      return profileAnswer(cookie, nowMs)
    case 'tickers':
      return tickersAnswer(seed, feed, query, nowMs, market)
    case 'kline':
      return klineAnswer(seed, feed, query, nowMs)
    case 'orderbook':
      return orderbookAnswer(market, feed, query, nowMs)
    case 'recent_trade':
      return recentTradeAnswer(market, feed, query, nowMs)
    case 'public_ws':
    case 'orderbook_ws':
    case 'trade_ws':
      return {}
  }
}

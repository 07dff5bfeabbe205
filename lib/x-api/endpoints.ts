import { SYMBOL_REQUEST_TIMEOUT_MS, BASIC_REQUEST_TIMEOUT_MS } from '../http/constants'
import { FAST_PATH_PROBE_TIMEOUT_MS, GETPROXY_PATH } from '../fastpath/constants'
import { MARKET_DATA_TIMEOUT_MS } from '../market-data/constants'
import { isPublicMarketQuery, ORDERBOOK_LIMIT, ORDERBOOK_PATH, RECENT_TRADE_LIMIT, RECENT_TRADE_PATH } from '../market-data/book-wire'
import { KLINE_PATH } from '../market-data/kline'
import { TICKERS_PATH } from '../market-data/tickers'
import { ROUTE_PROBE_FAILURE_MS, ROUTE_PROBE_PATH } from '../route-chooser/constants'
import { SYMBOL_LIST_ALL_PATH, SYMBOL_LIST_V2_PATH, SYMBOL_LIST_V3_PATH } from '../symbols/sources'

/** SPEC §7: the profile call (its cache rule is the request client's). */
export const PROFILE_PATH = '/v2/private/user/profile'

/**
 * The proxy answers before the browser's own timer for the same call fires, so the browser
 * reads a 504 with SPEC §8's timeout message instead of aborting (docs/decisions/client-wiring.md
 * "/x-api: connection limit and timeouts").
 */
export const PROXY_TIMEOUT_MARGIN_MS = 1000

export interface CrossApiEndpoint {
  /** Upstream path, exactly as the browser layer requests it after /x-api. */
  path: string
  methods: readonly string[]
  /** Upstream deadline for the whole exchange (headers and body). */
  timeoutMs: number
  /** When set, a query (`""` or `"?…"`) it refuses is answered 400 without contacting the upstream. */
  query?: (search: string) => boolean
}

const READ = ['GET', 'HEAD'] as const

/**
 * Every call the browser layer makes through /x-api (lib/symbols, lib/route-chooser, lib/fastpath,
 * lib/market-data's REST calls, SPEC §7): all are GETs without a body. Anything else is refused (404/405), so /x-api is
 * never a general-purpose proxy to the upstream.
 */
export const CROSS_API_ENDPOINTS: readonly CrossApiEndpoint[] = [
  { path: SYMBOL_LIST_V3_PATH, methods: READ, timeoutMs: SYMBOL_REQUEST_TIMEOUT_MS - PROXY_TIMEOUT_MARGIN_MS },
  { path: SYMBOL_LIST_ALL_PATH, methods: READ, timeoutMs: SYMBOL_REQUEST_TIMEOUT_MS - PROXY_TIMEOUT_MARGIN_MS },
  { path: SYMBOL_LIST_V2_PATH, methods: READ, timeoutMs: SYMBOL_REQUEST_TIMEOUT_MS - PROXY_TIMEOUT_MARGIN_MS },
  { path: ROUTE_PROBE_PATH, methods: READ, timeoutMs: ROUTE_PROBE_FAILURE_MS - PROXY_TIMEOUT_MARGIN_MS },
  { path: GETPROXY_PATH, methods: READ, timeoutMs: FAST_PATH_PROBE_TIMEOUT_MS - PROXY_TIMEOUT_MARGIN_MS },
  { path: PROFILE_PATH, methods: READ, timeoutMs: BASIC_REQUEST_TIMEOUT_MS - PROXY_TIMEOUT_MARGIN_MS },
  { path: TICKERS_PATH, methods: READ, timeoutMs: MARKET_DATA_TIMEOUT_MS - PROXY_TIMEOUT_MARGIN_MS },
  { path: KLINE_PATH, methods: READ, timeoutMs: MARKET_DATA_TIMEOUT_MS - PROXY_TIMEOUT_MARGIN_MS },
  // Public market data for the order book and the trade tape: a spot pair's query and nothing else.
  {
    path: ORDERBOOK_PATH,
    methods: READ,
    timeoutMs: MARKET_DATA_TIMEOUT_MS - PROXY_TIMEOUT_MARGIN_MS,
    query: (search) => isPublicMarketQuery(search, ORDERBOOK_LIMIT),
  },
  {
    path: RECENT_TRADE_PATH,
    methods: READ,
    timeoutMs: MARKET_DATA_TIMEOUT_MS - PROXY_TIMEOUT_MARGIN_MS,
    query: (search) => isPublicMarketQuery(search, RECENT_TRADE_LIMIT),
  },
]

export type EndpointMatch =
  { ok: true; endpoint: CrossApiEndpoint } | { ok: false; status: 404 } | { ok: false; status: 405; allow: string } | { ok: false; status: 400 }

/** Exact path match (no prefixes, no normalisation): an odd spelling is simply not an endpoint. */
export function matchEndpoint(method: string, path: string, endpoints: readonly CrossApiEndpoint[] = CROSS_API_ENDPOINTS, search = ''): EndpointMatch {
  const endpoint = endpoints.find((e) => e.path === path)
  if (!endpoint) return { ok: false, status: 404 }
  if (!endpoint.methods.includes(method.toUpperCase())) return { ok: false, status: 405, allow: endpoint.methods.join(', ') }
  if (endpoint.query && !endpoint.query(search)) return { ok: false, status: 400 }
  return { ok: true, endpoint }
}

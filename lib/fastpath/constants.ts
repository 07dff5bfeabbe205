/**
 * Fast-path constants (SPEC §4 "Fast-path network layer", §9). How each one is used is in
 * docs/decisions/network-layer.md "Cadence", "Probes and route choice".
 */

/** SPEC §4/§9: the probe interval starts at 10 s and grows by 10 s per round up to 30 s. */
export const FAST_PATH_PROBE_INTERVAL_START_MS = 10000
export const FAST_PATH_PROBE_INTERVAL_STEP_MS = 10000
export const FAST_PATH_PROBE_INTERVAL_MAX_MS = 30000
/** SPEC §9: the refresh interval stays between 10000 and 30000 ms — the bounds jitter may not cross. */
export const FAST_PATH_REFRESH_MIN_MS = 10000
export const FAST_PATH_REFRESH_MAX_MS = 30000
/** ±10 % jitter on every probe delay (clamped to the refresh bounds above). */
export const FAST_PATH_JITTER = 0.1
/** SPEC §9: a probe result (cache entry) older than 24 h is never used to route a request. */
export const FAST_PATH_CACHE_TTL_MS = 24 * 60 * 60 * 1000
/** SPEC §9: a route slower than this is not chosen. */
export const FAST_PATH_SLOW_MS = 3000
/** SPEC §9 "check interval": the whitelist switch (getproxy) is asked again every 25000 ms. */
export const FAST_PATH_CHECK_INTERVAL_MS = 25000
/** SPEC §9: quality reports every 10 s at first (the first 3), then every 30 s. */
export const FAST_PATH_REPORT_FIRST_MS = 10000
export const FAST_PATH_REPORT_FIRST_COUNT = 3
export const FAST_PATH_REPORT_MS = 30000
/** wire.md: a probe not answered within 15000 ms failed. */
export const FAST_PATH_PROBE_TIMEOUT_MS = 15000

/** wire.md endpoints. */
export const FAST_PATH_PROBE_PATH = '/hats/t1'
export const GETPROXY_PATH = '/kmeqrvdu/proxy/getproxy'
/** getproxy result.res_code values with a meaning (SPEC §6). */
export const WHITELIST_ALLOWED = 1
export const WHITELIST_EXCEPTION = 8

/**
 * The request paths the fast path may carry: the product API under /spot/api/ and the public
 * market data (/v5/market/ REST, /v5/public/ websocket: docs/decisions/client-wiring.md "Live
 * prices: websocket,
 * else polling"). Probes (/t1), the switch itself (getproxy) and anything else always go to the
 * API host directly.
 */
export const FAST_PATH_API_PREFIXES: readonly string[] = ['/spot/api/', '/v5/market/', '/v5/public/']

/** The websocket probe's message and its expected answer. */
export const WS_PING = 'ping'
export const WS_PONG = 'pong'

/**
 * The simulator's public contract: what the demo, the unit tests and the e2e set-up rely on.
 * The upstream wire format itself is docs/wire.md.
 */

/** The four upstream hosts the simulator plays. `alt1`/`alt2` are the "@1"/"@2" API hosts. */
export type SimHost = 'main' | 'alt1' | 'alt2' | 'fastPath'
export const SIM_HOSTS: readonly SimHost[] = ['main', 'alt1', 'alt2', 'fastPath']

/** Endpoints that faults can target; '*' means every endpoint of the host. */
export type SimEndpoint =
  | 'symbol_list_v3'
  | 'symbol_list_all'
  | 'symbol_list_v2'
  | 't1'
  | 'getproxy'
  | 'hats_t1'
  | 'profile'
  | 'tickers'
  | 'kline'
  | 'orderbook'
  | 'recent_trade'
  | 'public_ws'
  | 'orderbook_ws'
  | 'trade_ws'
  | '*'

/** Every fault switch (docs/simulator.md "Faults"). */
export type Fault =
  | { kind: 'refuse' } // host-wide: the listener is closed (ECONNREFUSED); per endpoint: socket destroyed before any byte
  | { kind: 'hang' } // request accepted, headers never sent
  | { kind: 'slow'; ms: number } // fixed delay, then the normal answer
  | { kind: 'drip'; intervalMs?: number } // normal headers, then the body one byte a second (intervalMs: tests go faster)
  | { kind: 'status'; status: number } // HTTP 5xx (or any status) with a JSON error envelope
  | { kind: 'html200' } // 200 with an HTML error page
  | { kind: 'nonJson' } // 200, text that is not JSON
  | { kind: 'notObject' } // 200, JSON that is not an object (e.g. [1,2,3])
  | { kind: 'empty' } // 200, empty body
  | { kind: 'truncated' } // 200, the normal JSON cut in half (Content-Length of the cut body)
  | { kind: 'oversized'; bytes?: number } // 200, a valid JSON envelope padded to `bytes` (default 12 MiB)
  | { kind: 'retCode'; code: number; msg: string } // ret_code ≠ 0, ret_msg URL-encoded on the wire
  | { kind: 'camelCase' } // normal answer with retCode/retMsg instead of ret_code/ret_msg
  | { kind: 'mergeGap' } // symbol_list_all omits one pair that symbol_list_v3 lists
  | { kind: 'alive10017' } // /t1 and /hats/t1 answer ret_code 10017 (still alive)
  | { kind: 'proxyRes'; resCode: number } // getproxy answers err_code 0 with this result.res_code
  // Stream faults (docs/simulator.md "Stream faults"): on orderbook_ws, trade_ws or public_ws, for every pair or one `symbol`.
  | { kind: 'gap'; every?: number; symbol?: string } // the book skips the delta of every u divisible by `every` (default 10)
  | { kind: 'restart'; symbol?: string } // each book stream gets one snapshot with u = 1, then u = 2, 3, …
  | { kind: 'crossed'; symbol?: string } // every book delta also sets a bid at the best ask: best bid ≥ best ask
  | { kind: 'malformed'; what?: 'price' | 'size' | 'side'; symbol?: string } // every delta / trade message: a number price, a "1e-8" size or no `a` / `S`
  | { kind: 'silent'; symbol?: string } // no book or trade messages; on public_ws without a symbol, nothing at all (no pong)

export interface FaultRule {
  host: SimHost | '*'
  endpoint: SimEndpoint
  fault: Fault
}

export interface SimulatorOptions {
  /** Listen address; always loopback. */
  bindHost?: string
  /** Ports per host plus the admin port; 0 picks a free port (tests). */
  ports?: Partial<Record<SimHost | 'admin', number>>
  /** Fixed added latency per host, ms. */
  latencyMs?: Partial<Record<SimHost, number>>
  faults?: FaultRule[]
  /** Origins allowed by CORS (credentials included). Supports a leading "*." wildcard host label. */
  allowedOrigins?: string[]
  /** Clock for the change feed; defaults to Date.now. Tests pass a controllable one. */
  now?: () => number
  /** Seed for deterministic data. */
  seed?: number
  /** Ms between order-book deltas (default 20, Bybit's spot depth-50 rate). */
  depthMs?: number
  /** Trades a second per pair on the tape (default 4; 0 stops it). */
  tradesPerSecond?: number
  /** Origin of the pairs' icon URLs; defaults to the main host's own (http://127.0.0.1:<main port>). */
  iconOrigin?: string
}

export interface SimulatorState {
  latencyMs: Record<SimHost, number>
  faults: FaultRule[]
  version: string
  lastModifiedTime: number
  pairCount: number
  /** Requests seen per host and endpoint (for tests that assert where traffic went). */
  hits: Record<SimHost, Record<string, number>>
  /** The book's and the tape's rates now. */
  market: MarketSettings
}

/** The order book's and the trade tape's rates (docs/simulator.md "Order book and trades"). */
export interface MarketSettings {
  /** Ms between book deltas, 1–60000. */
  depthMs: number
  /** Trades a second per pair, 0–1000. */
  tradesPerSecond: number
}

export interface Simulator {
  /** Base URLs, e.g. { main: 'http://127.0.0.1:4010', …, admin: 'http://127.0.0.1:4009' } */
  urls: Record<SimHost | 'admin', string>
  /** WebSocket endpoint for the fast-path websocket probe. */
  wsUrl: string
  setFault(rule: FaultRule): void
  clearFaults(host?: SimHost | '*'): void
  setLatency(host: SimHost, ms: number): void
  /** Changes the book's or the tape's rate from now on (u and trade ids run on). */
  setMarket(settings: Partial<MarketSettings>): void
  /** Moves the change-feed clock forward (only when no external `now` was given). */
  advanceClock(ms: number): void
  resetHits(): void
  state(): SimulatorState
  close(): Promise<void>
}

/** What startSimulator returns; the admin server and the tests wait on settled() too. */
export interface RunningSimulator extends Simulator {
  /** Resolves once fault changes took effect on the listeners (closed, or accepting again). */
  settled(): Promise<void>
}

/** Default ports of `npm run sim` and the demo. */
export const DEFAULT_SIM_PORTS: Record<SimHost | 'admin', number> = {
  admin: 4009,
  main: 4010,
  alt1: 4011,
  alt2: 4012,
  fastPath: 4013,
}

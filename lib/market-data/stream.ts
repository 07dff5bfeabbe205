/**
 * The public market websocket client (docs/wire.md "Public websocket"): subscribes to topics,
 * keeps a heartbeat, hands parsed tickers and candles to the caller and reports when the socket
 * is gone or silent so the caller polls instead. WebSocket, timers and clock are passed in (tests
 * use `ws` against the real simulator, or a fake socket on the fake clock). It does not reconnect
 * by itself: the caller decides (route, visibility, the browser back online).
 */
import type { Timers } from '../engine-kit/environment'
import { parseKlinePush, type Candle } from './kline'
import { parseTicker, type Ticker } from './tickers'

/** The wire's keepalive: a ping at least this often, pushes or not. */
export const PING_MS = 20_000
/**
 * The heartbeat (docs/decisions/client-wiring.md "An honest live state"): checked every
 * HEARTBEAT_TICK_MS; a socket unheard for QUIET_PING_MS is pinged (a live one answers `pong`,
 * pushes or not), one unheard for SILENT_MS is silent and dropped. A silent network is so noticed
 * within HEARTBEAT_MS of the last message.
 */
export const HEARTBEAT_TICK_MS = 1_000
export const QUIET_PING_MS = 2_000
export const SILENT_MS = 4_000
export const HEARTBEAT_MS = SILENT_MS + HEARTBEAT_TICK_MS
export const PUBLIC_WS_PATH = '/v5/public/spot'

export interface WebSocketLike {
  readonly readyState: number
  send(data: string): void
  close(): void
  // `never` parameters: the DOM's and the `ws` package's handler types both fit; the client reads only `data`.
  onopen: ((ev: never) => void) | null
  onmessage: ((ev: never) => void) | null
  onclose: ((ev: never) => void) | null
  onerror: ((ev: never) => void) | null
}
export type WebSocketFactory = (url: string) => WebSocketLike

export interface MarketStreamOptions {
  url: string
  topics: readonly string[]
  open: WebSocketFactory
  timers: Timers
  now: () => number
  onTicker?: (ticker: Ticker) => void
  onCandle?: (interval: string, symbol: string, candle: Candle) => void
  /** A push of an order-book topic (`orderbook.{depth}.{symbol}`), as it came: the book keeper judges it (./order-book.ts). */
  onBook?: (message: { type?: unknown; data?: unknown }) => void
  /** A push of a trade topic (`publicTrade.{symbol}`): its `data`, the trades in ascending time (./trade-tape.ts). */
  onTrades?: (data: unknown) => void
  /**
   * 'open' once the subscription is confirmed; 'closed' once the socket is gone (`gone`: closed,
   * failed, or not open within SILENT_MS) or silent past the heartbeat (`silent`: open, unheard,
   * dropped). Nothing after close().
   */
  onState?: (state: 'open' | 'closed', reason?: 'gone' | 'silent') => void
}

/** An API host's origin with ws:/wss: in place of http:/https:, plus the public path. */
export function publicStreamUrl(apiHost: string): string {
  const url = new URL(apiHost)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${url.protocol}//${url.host}${PUBLIC_WS_PATH}`
}

/**
 * The public stream of the API host in use as the page opens it: its http(s) form goes through
 * the fast path's rewrite like any API URL (the fast path carries `/v5/public/`), then becomes a
 * ws(s) URL (docs/wire.md "Public websocket").
 */
export function marketStreamUrl(apiHost: string, rewriteUrl: (url: string) => string): string {
  return publicStreamUrl(rewriteUrl(`${new URL(apiHost).origin}${PUBLIC_WS_PATH}`))
}

export interface MarketStream {
  close(): void
  /**
   * Ends `topics` and asks for them again on the same socket (`unsubscribe`, then `subscribe`, as
   * Bybit's socket takes them): a fresh snapshot follows. Nothing while the socket is not open
   * (its open subscribes to every topic anyway).
   */
  resubscribe(topics: readonly string[]): void
}

export function openMarketStream(o: MarketStreamOptions): MarketStream {
  const ws = o.open(o.url)
  let done = false
  let opened = false
  let lastHeard = o.now()
  let lastPing = -Infinity
  const send = (message: unknown) => {
    try {
      ws.send(JSON.stringify(message))
    } catch {
      // A socket closing meanwhile: its close event says so.
    }
  }
  const detach = () => {
    o.timers.clearInterval(heartbeat)
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null
  }
  const finish = (reason: 'gone' | 'silent') => {
    if (done) return
    done = true
    detach()
    ws.close()
    o.onState?.('closed', reason)
  }
  const heartbeat = o.timers.setInterval(() => {
    const t = o.now()
    // A socket that never opened says nothing about the network: given up as gone, the poll decides.
    if (t - lastHeard >= SILENT_MS) return finish(opened ? 'silent' : 'gone')
    if (!opened) return
    if (t - lastPing >= PING_MS || (t - lastHeard >= QUIET_PING_MS && t - lastPing >= QUIET_PING_MS)) {
      lastPing = t
      send({ op: 'ping' })
    }
  }, HEARTBEAT_TICK_MS)
  ws.onopen = () => {
    opened = true
    lastHeard = o.now()
    lastPing = o.now()
    send({ op: 'subscribe', args: o.topics })
  }
  ws.onmessage = (ev: { data: unknown }) => {
    lastHeard = o.now()
    let msg: Record<string, unknown>
    try {
      msg = JSON.parse(String(ev.data)) as Record<string, unknown>
    } catch {
      return
    }
    if (msg.op === 'subscribe') return msg.success === true ? o.onState?.('open') : undefined
    if (msg.op !== undefined) return // pong, unsubscribe answers
    const topic = typeof msg.topic === 'string' ? msg.topic.split('.') : []
    const ts = typeof msg.ts === 'number' ? msg.ts : 0
    if (topic[0] === 'tickers') {
      const t = parseTicker(msg.data, ts)
      if (t) o.onTicker?.(t)
    } else if (topic[0] === 'kline' && topic.length === 3) {
      for (const c of parseKlinePush(msg.data)) o.onCandle?.(topic[1] ?? '', topic[2] ?? '', c)
    } else if (topic[0] === 'orderbook') {
      o.onBook?.(msg)
    } else if (topic[0] === 'publicTrade') {
      o.onTrades?.(msg.data)
    }
  }
  ws.onclose = () => finish('gone')
  ws.onerror = () => finish('gone')
  return {
    close() {
      done = true
      detach()
      ws.close()
    },
    resubscribe(topics) {
      if (done || !opened || topics.length === 0) return
      send({ op: 'unsubscribe', args: topics })
      send({ op: 'subscribe', args: topics })
    },
  }
}

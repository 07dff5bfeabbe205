/**
 * The public market websocket client (docs/wire.md "Public websocket"): subscribes to topics,
 * pings every 20 s, hands parsed tickers and candles to the caller and reports when the socket is
 * gone so the caller polls instead. WebSocket and timers are passed in (tests use `ws` against
 * the real simulator). It does not reconnect by itself: the caller decides (route, visibility).
 */
import type { Timers } from '../engine-kit/environment'
import { parseKlinePush, type Candle } from './kline'
import { parseTicker, type Ticker } from './tickers'

export const PING_MS = 20_000
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
  onTicker?: (ticker: Ticker) => void
  onCandle?: (interval: string, symbol: string, candle: Candle) => void
  /** 'open' once the subscription is confirmed; 'closed' once the socket is gone (never both after close()). */
  onState?: (state: 'open' | 'closed') => void
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

export function openMarketStream(o: MarketStreamOptions): { close(): void } {
  const ws = o.open(o.url)
  let ping: unknown
  let done = false
  const finish = () => {
    if (done) return
    done = true
    if (ping !== undefined) o.timers.clearInterval(ping)
    o.onState?.('closed')
  }
  ws.onopen = () => {
    ws.send(JSON.stringify({ op: 'subscribe', args: o.topics }))
    ping = o.timers.setInterval(() => ws.send(JSON.stringify({ op: 'ping' })), PING_MS)
  }
  ws.onmessage = (ev: { data: unknown }) => {
    let msg: Record<string, unknown>
    try {
      msg = JSON.parse(String(ev.data)) as Record<string, unknown>
    } catch {
      return
    }
    if (msg.op === 'subscribe') return msg.success === true ? o.onState?.('open') : undefined
    const topic = typeof msg.topic === 'string' ? msg.topic.split('.') : []
    const ts = typeof msg.ts === 'number' ? msg.ts : 0
    if (topic[0] === 'tickers') {
      const t = parseTicker(msg.data, ts)
      if (t) o.onTicker?.(t)
    } else if (topic[0] === 'kline' && topic.length === 3) {
      for (const c of parseKlinePush(msg.data)) o.onCandle?.(topic[1] ?? '', topic[2] ?? '', c)
    }
  }
  ws.onclose = finish
  ws.onerror = finish
  return {
    close() {
      done = true
      if (ping !== undefined) o.timers.clearInterval(ping)
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null
      ws.close()
    },
  }
}

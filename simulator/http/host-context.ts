/**
 * What one upstream host is made of and what all hosts share. Its own module because host.ts,
 * market-ws.ts and server.ts all need these shapes: kept in host.ts, the public websocket
 * (imported by host.ts) had to import host.ts back.
 */
import type http from 'node:http'
import type { WebSocketServer } from 'ws'
import type { SimClock, Timers } from '../data/clock'
import type { Feed } from '../data/feed'
import type { SimHost } from '../contract'
import type { FaultRules } from './faults'
import type { Market } from './market'

/** What the hosts share: one clock, feed, rule set, latency table and hit counter. */
export interface HostContext {
  clock: SimClock
  feed: Feed
  rules: FaultRules
  latency: Readonly<Record<SimHost, number>>
  allowedOrigins: readonly string[]
  timers: Timers
  count(host: SimHost, key: string): void
  seed: number
  /** The order book's and the trade tape's model and rates (book-answers.ts). */
  market: Market
}

export interface HostServer {
  host: SimHost
  server: http.Server
  /** The bound port, kept so a refused host listens again on the same one. */
  port: number
  opening?: Promise<void>
  wss?: WebSocketServer
  /** The public market websocket (market-ws.ts), made on first use. */
  publicWss?: WebSocketServer
}

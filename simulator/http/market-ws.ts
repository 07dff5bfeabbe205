/**
 * The public websocket {ws}/v5/public/spot of docs/wire.md: subscribe to tickers.SYMBOL and
 * kline.INTERVAL.SYMBOL (a snapshot at once and then one every PUSH_MS), orderbook.50.SYMBOL (a
 * snapshot, then a delta per book tick, `u` + 1 each) and publicTrade.SYMBOL (each trade once, as
 * it prints); `unsubscribe` ends topics; {"op":"ping"} is answered with {"op":"pong"}. Served on
 * every host; a refuse fault on `public_ws` refuses the upgrade, so clients fall back to polling.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { Book, Level, PairMarket } from '../data/book'
import type { Fault, SimHost } from '../contract'
import { isStreamFault, type StreamFault } from './faults'
import type { HostContext, HostServer } from './host-context'
import { BOOK_DEPTH } from '../data/book'
import { bookFields, seqOf, socketTrade } from './book-answers'
import { candle, intervalMs, pairsOf, tickerOf } from './market-answers'

export const PUBLIC_WS_PATH = '/v5/public/spot'
export const PUSH_MS = 1_000
/** The book and trade pump runs at the depth rate, at least this often (trades print between deltas). */
const PUMP_MAX_MS = 50
/** A socket further behind than this many ticks (a clock moved on) gets a fresh snapshot instead of deltas. */
const CATCH_UP_TICKS = 50
/** Trades sent at most in one message after a clock jump. */
const MAX_TRADES_PER_MESSAGE = 100
let connections = 0

export function acceptPublicSocket(hs: HostServer, ctx: HostContext, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const fault = ctx.rules.resolve(hs.host, 'public_ws')
  ctx.count(hs.host, 'public_ws')
  if (fault && fault.kind !== 'slow' && !isStreamFault(fault)) return void socket.destroy()
  hs.publicWss ??= new WebSocketServer({ noServer: true })
  hs.publicWss.handleUpgrade(req, socket, head, (ws) => serve(ws, hs.host, ctx))
}

interface BookStream {
  pm: PairMarket
  /** The tick and the book this socket last sent (or dropped, under a gap fault). */
  u: number
  book: Book
  /** False while a silent fault held the snapshot back. */
  sent: boolean
  /** Ticks before a `restart` fault's u = 1: the wire's u is the tick minus this. */
  offset: number
}

interface TradeStream {
  pm: PairMarket
  /** Index of the last trade this socket sent. */
  k: number
}

type Topic = { kind: 'snapshot' } | { kind: 'book'; pm: PairMarket } | { kind: 'trades'; pm: PairMarket }

function serve(ws: WebSocket, host: SimHost, ctx: HostContext): void {
  const snapshots = new Set<string>()
  const books = new Map<string, BookStream>()
  const tapes = new Map<string, TradeStream>()
  /** The restart fault each book topic of this socket already met: it restarts once per rule set. */
  const restarted = new Map<string, Fault>()
  const connId = `sim-${(++connections).toString(36)}`
  const open = () => ws.readyState === ws.OPEN
  /** The stream fault for this pair's book or trades: its own endpoint's rule first, then public_ws's. */
  const streamFault = (endpoint: 'orderbook_ws' | 'trade_ws', symbol: string): StreamFault | undefined => {
    for (const e of [endpoint, 'public_ws'] as const) {
      const fault = ctx.rules.resolve(host, e)
      if (isStreamFault(fault) && (fault.symbol === undefined || fault.symbol === symbol)) return fault
    }
    return undefined
  }
  // `silent` on public_ws for every pair: the socket stays open and says nothing at all, pongs included.
  const socketSilent = () => {
    const fault = ctx.rules.resolve(host, 'public_ws')
    return fault?.kind === 'silent' && fault.symbol === undefined
  }
  const send = (message: unknown) => open() && !socketSilent() && ws.send(JSON.stringify(message))
  const push = (topic: string) => {
    const message = messageFor(topic, ctx)
    if (message) send(message)
  }

  /** `tick` is the book's own tick (its `cts`); data.u is what the wire says (after a restart, less). */
  const bookMessage = (topic: string, type: 'snapshot' | 'delta', data: BookData, now: number, tick: number) => ({
    topic,
    type,
    ts: now,
    data,
    cts: ctx.market.tickStart(tick),
  })
  const startBook = (topic: string, pm: PairMarket, now: number) => {
    const u = ctx.market.tick(now)
    const book = pm.bookAt(u, BOOK_DEPTH)
    const sent = streamFault('orderbook_ws', pm.symbol)?.kind !== 'silent'
    books.set(topic, { pm, u, book, sent, offset: 0 })
    if (sent) send(bookMessage(topic, 'snapshot', bookFields(pm, book, u, BOOK_DEPTH), now, u))
  }
  const pumpBook = (topic: string, stream: BookStream, now: number) => {
    const u = ctx.market.tick(now)
    const fault = streamFault('orderbook_ws', stream.pm.symbol)
    // Silent: nothing sent and nothing skipped; once cleared the stream catches up, or starts over.
    if (u === stream.u || fault?.kind === 'silent') return
    if (!stream.sent || u < stream.u || u - stream.u > CATCH_UP_TICKS) return startBook(topic, stream.pm, now)
    const { pm } = stream
    for (let next = stream.u + 1; next <= u; next++) {
      const book = pm.bookAt(next, BOOK_DEPTH)
      const before = stream.book
      stream.u = next
      stream.book = book
      if (fault?.kind === 'restart' && restarted.get(topic) !== fault) {
        // The exchange restarted: a snapshot with u = 1, and the stream's u counts on from there.
        restarted.set(topic, fault)
        stream.offset = next - 1
        send(bookMessage(topic, 'snapshot', { ...bookFields(pm, book, 1, BOOK_DEPTH), seq: seqOf(next) }, now, next))
        continue
      }
      const wireU = next - stream.offset
      // A lost delta: the next one is computed against the book this one would have made.
      if (fault?.kind === 'gap' && wireU % (fault.every ?? 10) === 0) continue
      const data: BookData = { s: pm.symbol, ...bookDelta(pm, before, book), u: wireU, seq: seqOf(next) }
      const [bid, ask] = [book.bids[0], book.asks[0]]
      // Crossed: a bid at the best ask's price, so best bid ≥ best ask once applied.
      if (fault?.kind === 'crossed' && ask) data.b.push([pm.price(ask[0]), pm.size(ask[1])])
      if (fault?.kind === 'malformed' && bid) malformBook(data, fault.what ?? 'price', [pm.price(bid[0]), pm.size(bid[1])])
      send(bookMessage(topic, 'delta', data, now, next))
    }
  }
  const pumpTrades = (topic: string, stream: TradeStream, now: number) => {
    const last = ctx.market.lastTrade(now)
    if (last <= stream.k) return
    const trades = ctx.market.trades(stream.pm, now, stream.k, MAX_TRADES_PER_MESSAGE)
    stream.k = last
    const fault = streamFault('trade_ws', stream.pm.symbol)
    // Silent: the trades printed meanwhile are never sent.
    if (fault?.kind === 'silent') return
    const data = trades.map((t) => socketTrade(stream.pm, t))
    if (fault?.kind === 'malformed') malformTrade(data.at(-1)!, fault.what ?? 'price')
    send({ topic, type: 'snapshot', ts: now, data })
  }

  // The book and trade pump: one timer per socket while it streams a book or trades, re-armed each
  // round so a new depth rate applies at once.
  let pumping = false
  const pump = () => {
    pumping = open() && books.size + tapes.size > 0
    if (!pumping) return
    const now = ctx.clock.now()
    books.forEach((stream, topic) => pumpBook(topic, stream, now))
    tapes.forEach((stream, topic) => pumpTrades(topic, stream, now))
    void ctx.timers.wait(Math.min(ctx.market.settings().depthMs, PUMP_MAX_MS)).then(pump)
  }
  const startPump = () => {
    if (!pumping) {
      pumping = true
      void ctx.timers.wait(Math.min(ctx.market.settings().depthMs, PUMP_MAX_MS)).then(pump)
    }
  }
  const answer = (op: string, ok: boolean, reqId: unknown) =>
    send({ success: ok, ret_msg: ok ? '' : 'unknown topic', op, conn_id: connId, ...(typeof reqId === 'string' ? { req_id: reqId } : {}) })

  ws.on('message', (data, isBinary) => {
    if (isBinary) return
    let msg: { op?: unknown; args?: unknown; req_id?: unknown }
    try {
      msg = JSON.parse(data.toString()) as typeof msg
    } catch {
      return void send({ success: false, ret_msg: 'invalid json' })
    }
    if (msg.op === 'ping') return void send({ success: true, op: 'pong', conn_id: connId })
    if ((msg.op !== 'subscribe' && msg.op !== 'unsubscribe') || !Array.isArray(msg.args)) return void send({ success: false, ret_msg: 'unknown op' })
    const now = ctx.clock.now()
    const wanted = msg.args.flatMap((a) => {
      const topic = typeof a === 'string' ? topicOf(a, ctx, now) : undefined
      return topic ? [[a as string, topic] as const] : []
    })
    answer(msg.op, wanted.length === msg.args.length, msg.req_id)
    if (msg.op === 'subscribe') startPump()
    for (const [name, topic] of wanted) {
      if (msg.op === 'unsubscribe') {
        snapshots.delete(name)
        books.delete(name)
        tapes.delete(name)
      } else if (topic.kind === 'snapshot') {
        snapshots.add(name)
        push(name)
      } else if (topic.kind === 'book') {
        if (!books.has(name)) startBook(name, topic.pm, now)
      } else if (!tapes.has(name)) {
        tapes.set(name, { pm: topic.pm, k: ctx.market.lastTrade(now) })
      }
    }
  })
  ctx.timers.every(PUSH_MS, () => {
    if (!open()) return ws.readyState === ws.CONNECTING
    snapshots.forEach(push)
    return true
  })
}

type BookData = { s: string; b: unknown[][]; a?: unknown[][]; u: number; seq: number }

/** The malformed fault's message: a price that is a JSON number, a size in exponent notation, or no asks at all. */
function malformBook(data: BookData, what: 'price' | 'size' | 'side', [price, size]: [string, string]): void {
  if (what === 'price') data.b.push([Number(price), size])
  else if (what === 'size') data.b.push([price, '1e-8'])
  else delete data.a
}

function malformTrade(trade: Record<string, unknown>, what: 'price' | 'size' | 'side'): void {
  if (what === 'price') trade.p = Number(trade.p)
  else if (what === 'size') trade.v = '1e-8'
  else delete trade.S
}

/** A delta from one book to the next: changed and new levels with their size, vanished ones with "0". */
export function bookDelta(pm: PairMarket, before: Book, after: Book): { b: string[][]; a: string[][] } {
  const side = (old: readonly Level[], now: readonly Level[]) => {
    const sizes = new Map(old)
    const out: string[][] = []
    for (const [price, size] of now) {
      if (sizes.get(price) !== size) out.push([pm.price(price), pm.size(size)])
      sizes.delete(price)
    }
    for (const price of sizes.keys()) out.push([pm.price(price), '0'])
    return out
  }
  return { b: side(before.bids, after.bids), a: side(before.asks, after.asks) }
}

function topicOf(topic: string, ctx: HostContext, now: number): Topic | undefined {
  const parts = topic.split('.')
  const pair = pairsOf(ctx.feed.at(now)).get(parts.at(-1) ?? '')
  if (!pair) return undefined
  if (parts[0] === 'orderbook' && parts.length === 3 && parts[1] === String(BOOK_DEPTH)) return { kind: 'book', pm: ctx.market.forPair(pair) }
  if (parts[0] === 'publicTrade' && parts.length === 2) return { kind: 'trades', pm: ctx.market.forPair(pair) }
  return messageFor(topic, ctx) ? { kind: 'snapshot' } : undefined
}

function messageFor(topic: string, { clock, feed, seed, market }: HostContext): Record<string, unknown> | undefined {
  const now = clock.now()
  const parts = topic.split('.')
  const pair = pairsOf(feed.at(now)).get(parts.at(-1) ?? '')
  if (!pair) return undefined
  if (parts[0] === 'tickers' && parts.length === 2) {
    const { bid1Price, bid1Size, ask1Price, ask1Size, ...data } = tickerOf(seed, pair, now, market)
    void [bid1Price, bid1Size, ask1Price, ask1Size]
    return { topic, type: 'snapshot', ts: now, data }
  }
  const ms = parts[0] === 'kline' && parts.length === 3 ? intervalMs(parts[1] ?? '') : undefined
  if (!ms) return undefined
  const start = Math.floor(now / ms) * ms
  const [, open, high, low, close, volume, turnover] = candle(seed, pair, start, ms, now)
  return {
    topic,
    type: 'snapshot',
    ts: now,
    data: [{ start, end: start + ms - 1, interval: parts[1], open, close, high, low, volume, turnover, confirm: false, timestamp: now }],
  }
}

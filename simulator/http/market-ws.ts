/**
 * The public websocket {ws}/v5/public/spot of docs/wire.md: subscribe to tickers.SYMBOL and
 * kline.INTERVAL.SYMBOL, get a snapshot at once and then one every PUSH_MS; {"op":"ping"} is
 * answered with {"op":"pong"}. Served on every host; a refuse fault on `public_ws` refuses the
 * upgrade, so clients fall back to polling.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { HostContext, HostServer } from './host-context'
import { candle, intervalMs, pairsOf, tickerOf } from './market-answers'

export const PUBLIC_WS_PATH = '/v5/public/spot'
export const PUSH_MS = 1_000
let connections = 0

export function acceptPublicSocket(hs: HostServer, ctx: HostContext, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const fault = ctx.rules.resolve(hs.host, 'public_ws')
  ctx.count(hs.host, 'public_ws')
  if (fault && fault.kind !== 'slow') return void socket.destroy()
  hs.publicWss ??= new WebSocketServer({ noServer: true })
  hs.publicWss.handleUpgrade(req, socket, head, (ws) => serve(ws, ctx))
}

function serve(ws: WebSocket, ctx: HostContext): void {
  const topics = new Set<string>()
  const connId = `sim-${(++connections).toString(36)}`
  const push = (topic: string) => {
    const message = messageFor(topic, ctx)
    if (message && ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
  }
  ws.on('message', (data, isBinary) => {
    if (isBinary) return
    let msg: { op?: unknown; args?: unknown }
    try {
      msg = JSON.parse(data.toString()) as typeof msg
    } catch {
      return void ws.send(JSON.stringify({ success: false, ret_msg: 'invalid json' }))
    }
    if (msg.op === 'ping') return void ws.send(JSON.stringify({ success: true, op: 'pong', conn_id: connId }))
    if (msg.op !== 'subscribe' || !Array.isArray(msg.args)) return void ws.send(JSON.stringify({ success: false, ret_msg: 'unknown op' }))
    const wanted = msg.args.filter((a): a is string => typeof a === 'string' && messageFor(a, ctx) !== undefined)
    ws.send(JSON.stringify({ success: wanted.length === msg.args.length, op: 'subscribe', conn_id: connId }))
    for (const topic of wanted) {
      topics.add(topic)
      push(topic)
    }
  })
  ctx.timers.every(PUSH_MS, () => {
    if (ws.readyState !== ws.OPEN) return ws.readyState === ws.CONNECTING
    topics.forEach(push)
    return true
  })
}

function messageFor(topic: string, { clock, feed, seed }: HostContext): Record<string, unknown> | undefined {
  const now = clock.now()
  const parts = topic.split('.')
  const pair = pairsOf(feed.at(now)).get(parts.at(-1) ?? '')
  if (!pair) return undefined
  if (parts[0] === 'tickers' && parts.length === 2) {
    const { bid1Price, bid1Size, ask1Price, ask1Size, ...data } = tickerOf(seed, pair, now)
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

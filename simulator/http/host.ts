/**
 * One upstream host: its HTTP answers (CORS, latency, faults, the normal answer) and, on the
 * fast-path host, the WebSocket probe endpoint. server.ts owns when it listens.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import { WebSocketServer } from 'ws'
import type { SimHost } from '../contract'
import { corsHeaders } from './cors'
import { applyFault, jsonReply, type Reply } from './faults'
import type { HostContext, HostServer } from './host-context'
import { acceptPublicSocket, PUBLIC_WS_PATH } from './market-ws'
import { endpointFor, normalAnswer } from './routes'
import type { Duplex } from 'node:stream'
import { iconSvg } from '../data/icons'
import { errorEnvelope } from './wire'

export function createHostServer(host: SimHost, port: number, ctx: HostContext): HostServer {
  const hs: HostServer = { host, server: http.createServer(), port }
  hs.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    answer(hs, ctx, req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy()
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`simulator error: ${String(error)}`)
    })
  })
  hs.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://simulator.invalid').pathname
    if (path === PUBLIC_WS_PATH) return acceptPublicSocket(hs, ctx, req, socket, head)
    if (path !== '/ws' || host !== 'fastPath') socket.destroy()
  })
  if (host === 'fastPath') acceptWebSockets(hs, ctx)
  return hs
}

async function answer(hs: HostServer, ctx: HostContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { clock, feed, rules, latency, timers } = ctx
  const url = new URL(req.url ?? '/', 'http://simulator.invalid')
  const cors = corsHeaders(req.headers.origin, ctx.allowedOrigins)
  if (req.method === 'OPTIONS') {
    await timers.wait(latency[hs.host])
    res.writeHead(204, cors).end()
    return
  }
  const icon = req.method === 'GET' ? iconSvg(url.pathname) : null
  if (icon !== null) {
    // Static files, not API answers: no latency, faults or counting (the icon CDN of the demo).
    res.writeHead(200, { ...cors, 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' }).end(icon)
    return
  }
  const endpoint = endpointFor(hs.host, url.pathname)
  ctx.count(hs.host, endpoint ?? 'notFound')
  const now = clock.now()
  const reply: Reply = endpoint
    ? applyFault(
        rules.resolve(hs.host, endpoint),
        endpoint,
        (o) => normalAnswer(endpoint, feed.at(now), { query: url.searchParams, cookie: req.headers.cookie, seed: ctx.seed, market: ctx.market }, now, o),
        now,
      )
    : jsonReply(errorEnvelope(404, 'Not Found', now), 404)
  if (reply.kind === 'destroy') return void req.socket.destroy()
  if (reply.kind === 'hang') return // close() destroys the socket
  await timers.wait(latency[hs.host] + (reply.delayMs ?? 0))
  if (res.destroyed) return
  res.writeHead(reply.status, { ...cors, 'Content-Type': reply.contentType, 'Content-Length': reply.body.length, 'Cache-Control': 'no-store' })
  if (reply.dripMs === undefined) return void res.end(reply.body)
  res.flushHeaders()
  let sent = 0
  timers.every(reply.dripMs, () => {
    if (res.destroyed) return false
    res.write(reply.body.subarray(sent, ++sent))
    if (sent < reply.body.length) return true
    res.end()
    return false
  })
}

function acceptWebSockets(hs: HostServer, { latency, timers, count }: HostContext): void {
  const wss = new WebSocketServer({ noServer: true })
  hs.wss = wss
  hs.server.on('upgrade', (req: IncomingMessage, socket, head) => {
    if (new URL(req.url ?? '/', 'http://simulator.invalid').pathname !== '/ws') return // host-wide handler above
    count(hs.host, 'ws')
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data, isBinary) => {
        if (isBinary || data.toString() !== 'ping') return
        void timers.wait(latency[hs.host]).then(() => ws.readyState === ws.OPEN && ws.send('pong'))
      })
    })
  })
}

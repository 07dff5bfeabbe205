import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { E2E_PORTS, sim } from '../playwright.config'
import { startNext, type RunningServer } from '../scripts/support/next-server'

// The /x-api proxy under a hung upstream and hostile input (docs/decisions/client-wiring.md
// "/x-api: connection limit and timeouts").
// Its own `next start`: HK's upstream never answers, NL's echoes what it receives, pages use
// the simulator. Test upstreams listen on 127.0.0.1 at ports the OS picks.
const port = E2E_PORTS.spec.xApi
const V3 = '/x-api/spot/api/basic/symbol_list_v3'

interface Upstream {
  url: string
  seen: http.IncomingHttpHeaders[]
  /**
   * Most requests held open at once before the proxy let the first one go, and how long each held
   * one was kept. After the first timeout a freed slot may be reused before this server sees the
   * old socket close (a loaded machine stretches the burst past the timeout), so the limit is
   * read while every slot is still taken.
   */
  held: { now: number; max: number; heldMs: number[] }
  close(): Promise<void>
}

async function upstream(answer: boolean): Promise<Upstream> {
  const seen: http.IncomingHttpHeaders[] = []
  const held = new Set<http.ServerResponse>()
  const stats = { now: 0, max: 0, heldMs: [] as number[] }
  const server = http.createServer((req, res) => {
    seen.push(req.headers)
    if (!answer) {
      const since = Date.now()
      held.add(res)
      stats.now++
      if (stats.heldMs.length === 0) stats.max = Math.max(stats.max, stats.now)
      res.on('close', () => {
        stats.now--
        stats.heldMs.push(Date.now() - since)
      })
      return
    }
    res.writeHead(200, {
      'content-type': 'application/json',
      server: 'internal-gateway',
      'x-upstream': `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    })
    res.end(JSON.stringify({ ret_code: 0, ret_msg: 'OK', result: {} }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, seen, held: stats, close: () => new Promise((resolve) => (held.forEach((r) => r.destroy()), server.close(() => resolve()))) }
}

/** node:http, because fetch cannot set Host (the region) or send a body it does not have. */
function send(path: string, host: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; ms: number }>((resolve, reject) => {
    const began = Date.now()
    const req = http.request({ host: '127.0.0.1', port, path, method, headers: { host: `${host}:${port}`, ...headers }, agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, ms: Date.now() - began }))
    })
    req.on('error', reject)
    // With a Content-Length of 20 MB and no body sent: only an answer that does not wait for it arrives.
    if (method === 'GET') req.end()
    else req.flushHeaders()
  })
}

let hung: Upstream
let echo: Upstream
let site: RunningServer

test.beforeAll(async () => {
  hung = await upstream(false)
  echo = await upstream(true)
  site = await startNext(port, { API_BASE_URL: sim('main'), REGION_HK_API_BASE_URL: hung.url, REGION_NL_API_BASE_URL: echo.url, TRUST_PROXY: 'true' })
})
test.afterAll(async () => {
  await site?.stop()
  await hung?.close()
  await echo?.close()
})

test('pages stay fast while 256 /x-api requests hang; the proxy answers 503 over its limit and 504 on time', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto(`http://localhost:${port}/en/trade/spot/BTC/USDT`) // warm the page
  await send('/x-api/t2', 'hk.localhost') // 404: loads the route handler once
  let answered = 0
  const proxied = Array.from({ length: 256 }, () => send(V3, 'hk.localhost').then((r) => (answered++, r)))
  // The over-limit requests are answered while the others still hang upstream (7 s timeout).
  await expect.poll(() => answered, { timeout: 60_000 }).toBeGreaterThanOrEqual(128)
  expect(hung.held.now).toBeGreaterThan(0)
  const began = Date.now()
  const response = await page.goto(`http://localhost:${port}/en/trade/spot/BTC/USDT`)
  const pageMs = Date.now() - began
  // The page is answered while requests still hang upstream: it waited for none of their deadlines.
  const stillHanging = hung.held.now
  expect(response?.status()).toBe(200)
  const results = await Promise.all(proxied)
  test.info().annotations.push({ type: 'figure', description: `pair page while ${stillHanging} /x-api requests hang upstream: ${pageMs} ms` })
  const statuses = results.map((r) => r.status)
  expect(stillHanging).toBeGreaterThan(0)
  // The connection limit: the proxy holds 64 slots at most (lib/x-api/proxy.test.ts asserts it
  // exactly). Seen from the upstream's sockets, two loaded CI-like runs counted 65 and 66 at once:
  // a socket the proxy has let go can still be open there. A few over is that; 128 would be none.
  expect(hung.held.max).toBeLessThanOrEqual(64 + 4)
  expect(statuses.filter((s) => s !== 503 && s !== 504)).toEqual([])
  expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(128)
  expect(results.find((r) => r.status === 503)?.headers['retry-after']).toBe('1')
  // Measured at the upstream: how long the proxy held each request before giving up, a figure
  // (three local runs held 4955–7990, 6116–8417 and 5692–8706 ms: a 256-request burst on 2 cores
  // lags either way). The deadline itself, 7000 ms inside the browser's 8000 (SPEC §9), is pinned
  // on a fake clock (lib/x-api/proxy.test.ts, lib/x-api/endpoints.test.ts); what this run shows is
  // that every hung request was let go by the proxy's own timeout (the 504s above), never held as
  // before the deadline (31 s, then 500), and that the page was served while they still hung
  // (docs/decisions/stack.md "Tests wait for events, not for time").
  const held = [...hung.held.heldMs].sort((a, b) => a - b)
  test.info().annotations.push({
    type: 'figure',
    description: `upstream held ${held.length} requests: ${held[0]}–${held.at(-1)} ms, median ${held[Math.floor(held.length / 2)]} ms`,
  })
  expect(held.length).toBeGreaterThan(0)
  for (const r of results) expect(JSON.stringify(r.headers)).not.toContain(hung.url)
})

test('client forwarding headers are dropped and set by the site; no header names the upstream', async () => {
  const reply = await send('/x-api/t1', 'nl.localhost', {
    'x-forwarded-for': '6.6.6.6, 203.0.113.9',
    'x-real-ip': '6.6.6.6',
    forwarded: 'for=6.6.6.6',
    lang: 'nl-NL',
  })
  expect(reply.status).toBe(200)
  const seen = echo.seen.at(-1)
  // Behind the trusted proxy (TRUST_PROXY=true) the client is the hop that proxy appended.
  expect(seen?.['x-forwarded-for']).toBe('203.0.113.9')
  expect(seen?.['x-real-ip']).toBeUndefined()
  expect(seen?.forwarded).toBeUndefined()
  expect(seen?.['x-forwarded-host']).toBe(`nl.localhost:${port}`)
  expect(seen?.lang).toBe('nl-NL')
  const all = JSON.stringify(reply.headers)
  expect(all).not.toContain(echo.url)
  expect(all).not.toContain('127.0.0.1')
  expect(reply.headers['x-middleware-rewrite']).toBeUndefined() // no middleware rewrite at all: the route maps the Host itself
  expect(reply.headers.server).toBeUndefined()
})

test('a 20 MB body is refused at once with 413; unknown paths 404, other methods 405', async () => {
  // Only the headers are sent: an answer that waited for the body would never come.
  const big = await send('/x-api/t1', 'nl.localhost', { 'content-length': String(20 * 1024 * 1024), 'content-type': 'application/json' }, 'POST')
  expect(big.status).toBe(413)
  const monitor = await send('/api/monitor', 'nl.localhost', { 'content-length': String(20 * 1024 * 1024), 'content-type': 'application/json' }, 'POST')
  expect(monitor.status).toBe(413)
  expect((await send('/x-api/v5/order/create', 'nl.localhost')).status).toBe(404)
  const post = await send('/x-api/t1', 'nl.localhost', { 'content-length': '0' }, 'POST')
  expect(post.status).toBe(405)
  expect(post.headers.allow).toBe('GET, HEAD')
})

test('the order book and the trades pass through /x-api from the upstream; any other query is 400 before it', async () => {
  const get = (path: string) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers: { host: `localhost:${port}` }, agent: false }, (res) => {
          let text = ''
          res.on('data', (chunk) => (text += String(chunk)))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }))
        })
        .on('error', reject)
    })
  const book = await get('/x-api/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=50')
  expect(book.status).toBe(200)
  expect(book.body).toMatchObject({ retCode: 0, result: { s: 'BTCUSDT', u: expect.any(Number) } })
  expect((book.body.result as { b: unknown[] }).b).toHaveLength(50)
  const trades = await get('/x-api/v5/market/recent-trade?category=spot&symbol=BTCUSDT&limit=60')
  expect(trades.status).toBe(200)
  expect((trades.body.result as { list: unknown[] }).list).toHaveLength(60)
  const before = (await (await fetch(`${sim('admin')}/state`)).json()) as { hits: { main: Record<string, number> } }
  for (const query of ['?category=spot&symbol=BTCUSDT&limit=500', '?category=linear&symbol=BTCUSDT', '?category=spot&symbol=BTCUSDT&x=1']) {
    expect((await get(`/x-api/v5/market/orderbook${query}`)).status).toBe(400)
  }
  const after = (await (await fetch(`${sim('admin')}/state`)).json()) as { hits: { main: Record<string, number> } }
  expect(after.hits.main.orderbook).toBe(before.hits.main.orderbook)
})

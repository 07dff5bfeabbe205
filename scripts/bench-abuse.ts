/**
 * Figures for docs/decisions/client-wiring.md "/x-api: connection limit and timeouts" and
 * "Collector bounds", against a
 * built site: `npx tsx scripts/bench-abuse.ts [site dir]` (default: this project; the directory
 * needs a `.next` build). Ports 5300–5306 (E2E_PORT_OFFSET=30's range), logs in the OS temp dir.
 *
 * 1. Page latency while 256 /x-api requests hang: the HK region's upstream is a 127.0.0.1
 *    server that accepts and never answers; pages (main) use the simulator.
 * 2. Log bytes written for 400 monitor batches of 50 events, behind a trusted proxy, each with
 *    a new client-written first X-Forwarded-For value, and then from 400 distinct real clients.
 */
import { createServer, type Server } from 'node:http'
import { statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import http from 'node:http'
import { median as medianOrNull } from './bench/report'
import { BENCH_ABUSE_PORTS } from './support/ports'
import { start, stopAll, waitForHttp, type Started } from './support/processes'

const ROOT = resolve(process.argv[2] ?? resolve(__dirname, '..'))
const PROJECT = resolve(__dirname, '..')
const LOG_DIR = join(tmpdir(), 'spot-bench-abuse')
const HANG_PORT = BENCH_ABUSE_PORTS.hang
const SIM = BENCH_ABUSE_PORTS.sim
const SITE_PORT = BENCH_ABUSE_PORTS.site
const PAGE = '/en/trade/spot/BTC/USDT'
const started: Started[] = []

function get(path: string, host: string, extra: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {}) {
  return new Promise<{ status: number; ms: number; headers: http.IncomingHttpHeaders }>((done) => {
    const began = performance.now()
    const req = http.request(
      {
        host: '127.0.0.1',
        port: SITE_PORT,
        path,
        method: extra.method ?? 'GET',
        headers: { host, ...extra.headers },
        agent: false,
        timeout: extra.timeoutMs ?? 60_000,
      },
      (res) => {
        res.resume()
        res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - began, headers: res.headers }))
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => done({ status: 0, ms: performance.now() - began, headers: {} }))
    req.end(extra.body)
  })
}

const median = (xs: number[]) => medianOrNull(xs) ?? NaN
const summary = (rs: { status: number; ms: number }[]) =>
  `median ${median(rs.map((r) => r.ms)).toFixed(0)} ms, max ${Math.max(...rs.map((r) => r.ms)).toFixed(0)} ms, statuses ${[...new Set(rs.map((r) => r.status))].join('/')}`

async function pageLatency(n: number) {
  const out = []
  for (let i = 0; i < n; i++) out.push(await get(PAGE, `localhost:${SITE_PORT}`))
  return out
}

async function proxyUnderHang() {
  const hold: http.ServerResponse[] = []
  const hang: Server = createServer((_req, res) => void hold.push(res))
  await new Promise<void>((r) => hang.listen(HANG_PORT, '127.0.0.1', r))
  try {
    await pageLatency(3) // warm
    // One proxy request first: a running site has loaded its /x-api route before any burst.
    console.log(`a first /x-api request (loads the route): ${summary([await get('/x-api/t1', `hk.localhost:${SITE_PORT}`, { timeoutMs: 40_000 })])}`)
    console.log(`pages before the hang: ${summary(await pageLatency(10))}`)
    const proxied = Array.from({ length: 256 }, () => get('/x-api/t1', `hk.localhost:${SITE_PORT}`))
    await new Promise((r) => setTimeout(r, 1000))
    console.log(`pages while 256 /x-api requests hang: ${summary(await pageLatency(10))}`)
    const results = await Promise.all(proxied)
    const fast = results.filter((r) => r.ms < 1000).length
    console.log(`the 256 proxy requests: ${summary(results)}; ${fast} answered within 1 s`)
    const leaks = results.flatMap((r) => Object.entries(r.headers)).filter(([, v]) => String(v).includes(String(HANG_PORT)))
    console.log(
      `response headers naming the upstream: ${
        leaks.length
          ? leaks
              .map(([k, v]) => `${k}: ${v}`)
              .slice(0, 2)
              .join('; ')
          : 'none'
      }`,
    )
  } finally {
    for (const res of hold) res.destroy()
    hang.close()
  }
}

/** The same upstream origin for pages and proxy: the simulator's /t1 hangs, its symbol lists answer. */
async function proxyUnderHangSameOrigin() {
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${SIM.admin}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  await admin('POST', '/faults', [{ host: 'main', endpoint: 't1', fault: { kind: 'hang' } }])
  try {
    const proxied = Array.from({ length: 256 }, () => get('/x-api/t1', `localhost:${SITE_PORT}`))
    await new Promise((r) => setTimeout(r, 1000))
    // Languages never rendered before: each render asks the same upstream for its symbol list.
    const fresh = []
    for (const lang of ['es-ES', 'pt-BR', 'ja-JP', 'vi-VN', 'ru-RU']) fresh.push(await get(`/${lang}`, `localhost:${SITE_PORT}`))
    console.log(`same upstream: first renders while 256 /x-api requests hang there: ${summary(fresh)}`)
    console.log(`same upstream: cached pair page meanwhile: ${summary(await pageLatency(5))}`)
    const results = await Promise.all(proxied)
    console.log(`same upstream: the 256 proxy requests: ${summary(results)}; ${results.filter((r) => r.ms < 1000).length} answered within 1 s`)
  } finally {
    await admin('DELETE', '/faults')
  }
}

function batch(): string {
  const marketing = Object.fromEntries(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'].map((k) => [k, 'm'.repeat(128)]))
  const events = Array.from({ length: 50 }, (_, i) => ({ type: 'incident', code: 11511509, at: i, detail: { step: 'v3' } }))
  return JSON.stringify({ events, marketing, page: '/' + 'p'.repeat(500), dropped: 0 })
}

async function monitorLogs(site: Started, label: string, forwardedFor: (i: number) => string) {
  const before = statSync(site.logFile).size
  const body = batch()
  const codes = new Map<number, number>()
  for (let i = 0; i < 400; i++) {
    const r = await get('/api/monitor', `localhost:${SITE_PORT}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(i) },
    })
    codes.set(r.status, (codes.get(r.status) ?? 0) + 1)
  }
  await new Promise((r) => setTimeout(r, 11_000)) // one aggregation interval
  const bytes = statSync(site.logFile).size - before
  console.log(
    `${label}: ${bytes} bytes (${(bytes / 1e6).toFixed(3)} MB) of logs for 400 batches (${(400 * body.length) / 1e6} MB sent), answers ${[...codes].map(([s, n]) => `${n}×${s}`).join(', ')}`,
  )
}

async function main() {
  const sim = start(
    'simulator',
    join(PROJECT, 'node_modules/.bin/tsx'),
    [
      'simulator/http/cli.ts',
      '--ports',
      Object.entries(SIM)
        .map(([k, v]) => `${k}=${v}`)
        .join(','),
    ],
    {
      cwd: PROJECT,
      env: { ...process.env },
      output: { logFile: join(LOG_DIR, 'simulator.log') },
    },
  )
  started.push(sim)
  await waitForHttp(sim, SIM.admin, '/state')
  const s = (n: keyof typeof SIM) => `http://127.0.0.1:${SIM[n]}`
  const site = start('site', join(PROJECT, 'node_modules/.bin/next'), ['start', ROOT, '-p', String(SITE_PORT)], {
    cwd: PROJECT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(SITE_PORT),
      TRUST_PROXY: 'true',
      API_BASE_URL: s('main'),
      API_HOSTS: [s('main'), s('alt1'), s('alt2')].join(','),
      FAST_PATH_HOSTS: s('fastPath'),
      REGION_HK_API_BASE_URL: `http://127.0.0.1:${HANG_PORT}`,
      SYMBOL_CACHE_DIR: join(LOG_DIR, 'symbols'),
    },
    output: { logFile: join(LOG_DIR, 'site.log') },
  })
  started.push(site)
  await waitForHttp(site, SITE_PORT, '/api/health')
  console.log(`site: ${ROOT}`)
  await proxyUnderHang()
  await proxyUnderHangSameOrigin()
  await monitorLogs(site, 'spoofed first X-Forwarded-For, one real client', (i) => `10.${i >> 8}.${i & 255}.1, 198.51.100.7`)
  await monitorLogs(site, '400 distinct real clients', (i) => `203.0.${i >> 8}.${i & 255}`)
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(() => stopAll(started))

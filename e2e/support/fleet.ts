/**
 * The fleet of e2e/fleet.spec.ts: scripts/fleet/fleet.ts on this run's own ports
 * (5000 + 10 × E2E_PORT_OFFSET …), against the e2e simulator, plus the requests and load
 * the spec sends through nginx or straight to one instance.
 */
import { createRequire } from 'node:module'
import type { OutgoingHttpHeaders } from 'node:http'
import net from 'node:net'
import { join } from 'node:path'
import { sim } from '../../playwright.config'
import { startFleet, type Fleet } from '../../scripts/fleet/fleet'
import { header, request, type Reply } from '../../scripts/bench/http'

const base = 5000 + 10 * Number(process.env.E2E_PORT_OFFSET ?? 0)
export const FLEET_PORTS = {
  nginx: base,
  instances: [base + 1, base + 2, base + 3],
  redis: base + 4,
  late: base + 5,
  prometheus: base + 6,
  nginxStatus: base + 7,
  nginxExporter: base + 8,
  /** nginx's uncached door: the instances round-robin through nginx, never the edge cache. */
  uncached: base + 9,
} as const

/** The runtime's Redis support (the shared cache and symbol lists) comes with the `redis` client. */
export const HAS_REDIS_RUNTIME = (() => {
  try {
    createRequire(join(process.cwd(), 'package.json')).resolve('redis')
    return true
  } catch {
    return false
  }
})()

export function startTestFleet(options: { redis: boolean }): Promise<Fleet> {
  return startFleet({
    root: process.cwd(),
    logDir: join('test-results', 'fleet-logs'),
    nginxPort: FLEET_PORTS.nginx,
    uncachedPort: FLEET_PORTS.uncached,
    statusPort: FLEET_PORTS.nginxStatus,
    instancePorts: FLEET_PORTS.instances,
    redisPort: options.redis ? FLEET_PORTS.redis : null,
    upstream: {
      apiBaseUrl: sim('main'),
      apiHosts: [sim('main'), sim('alt1'), sim('alt2')],
      fastPathHost: sim('fastPath'),
      fastPathWsUrl: `${sim('fastPath').replace('http', 'ws')}/ws`,
    },
  })
}

/** GET through nginx's edge (port omitted), its uncached door or one instance, with the region's Host. */
export const get = (host: string, path: string, port: number = FLEET_PORTS.nginx, headers?: OutgoingHttpHeaders): Promise<Reply> =>
  request({ port, path, host, headers, timeoutMs: 20_000 })
export const cacheState = (reply: Reply) => header(reply, 'x-nextjs-cache') ?? 'none'
/** What the edge did: HIT, MISS, STALE, EXPIRED, UPDATING, BYPASS, or none (not through its cache). */
export const edgeState = (reply: Reply) => header(reply, 'x-cache-status') ?? 'none'
/** The same-origin scripts a page's HTML loads. */
export const scriptsOf = (reply: Reply) => [
  ...new Set([...reply.body.toString('utf8').matchAll(/<script[^>]+src="(\/_next\/static\/[^"]+)"/g)].map((m) => m[1]!)),
]

/** Every answer an instance has counted (`spot_http_responses_total`), its own /api/metrics included. */
export async function instanceAnswers(port: number): Promise<number> {
  const text = (await get('localhost', '/api/metrics', port)).body.toString('utf8')
  return [...text.matchAll(/^spot_http_responses_total\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0)
}

/** One raw request line (TRACE, absolute-form targets), as no HTTP client sends it; returns the status. */
export function rawStatus(requestLine: string, host: string, port: number = FLEET_PORTS.nginx): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))
    let text = ''
    socket.on('data', (chunk) => (text += chunk.toString('latin1')))
    socket.on('end', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0)))
    socket.on('error', reject)
  })
}

export interface LoadResult {
  statuses: Record<string, number>
  /** Requests that got no HTTP answer (connection reset, timeout). */
  errors: number
  total: number
}

/** A running load: its figures so far, and `stop()`, which ends it once the requests in flight are answered. */
export interface Load {
  result: LoadResult
  stop(): Promise<LoadResult>
}

/** `workers` clients in a loop over `targets` through nginx (its edge unless `port` says otherwise) until `stop()`. */
export function startLoad(targets: readonly { host: string; path: string }[], workers: number, port: number = FLEET_PORTS.nginx): Load {
  const result: LoadResult = { statuses: {}, errors: 0, total: 0 }
  let done = false
  let next = 0
  const worker = async () => {
    while (!done) {
      const target = targets[next++ % targets.length]!
      result.total++
      try {
        const reply = await get(target.host, target.path, port)
        result.statuses[reply.status] = (result.statuses[reply.status] ?? 0) + 1
      } catch {
        result.errors++
      }
    }
  }
  const running = Promise.all(Array.from({ length: workers }, worker))
  return {
    result,
    async stop() {
      done = true
      await running
      return result
    },
  }
}

/** startLoad until `stop` resolves. */
export async function loadUntil(
  targets: readonly { host: string; path: string }[],
  workers: number,
  stop: Promise<unknown>,
  port: number = FLEET_PORTS.nginx,
): Promise<LoadResult> {
  const load = startLoad(targets, workers, port)
  await stop
  return load.stop()
}

export interface BrowseResult {
  /** Status counts of the pages and, apart, of the scripts those pages named. */
  pages: Record<string, number>
  scripts: Record<string, number>
  errors: number
  /** Every page that did not answer 2xx, and every script that did not answer 200. */
  failed: { path: string; status: number }[]
  /** Every script path seen, so a test knows which builds' pages were served. */
  scriptsSeen: Set<string>
}

/** `workers` visitors through the edge until `stop` resolves, each asking a page, then every script it names. */
export async function browseUntil(targets: () => { host: string; path: string }, workers: number, stop: Promise<unknown>): Promise<BrowseResult> {
  const result: BrowseResult = { pages: {}, scripts: {}, errors: 0, failed: [], scriptsSeen: new Set() }
  let done = false
  void stop.then(() => (done = true))
  const count = (into: Record<string, number>, status: number) => (into[status] = (into[status] ?? 0) + 1)
  const worker = async () => {
    while (!done) {
      const target = targets()
      try {
        const page = await get(target.host, target.path)
        count(result.pages, page.status)
        if (page.status >= 300) result.failed.push({ path: target.path, status: page.status })
        for (const script of scriptsOf(page)) {
          result.scriptsSeen.add(script)
          const status = (await get(target.host, script)).status
          count(result.scripts, status)
          if (status !== 200) result.failed.push({ path: script, status })
        }
      } catch {
        result.errors++
      }
    }
  }
  await Promise.all(Array.from({ length: workers }, worker))
  return result
}

export const non2xx = (result: LoadResult) =>
  Object.entries(result.statuses)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0)
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

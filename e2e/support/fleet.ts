/**
 * The fleet of e2e/fleet.spec.ts: scripts/fleet/fleet.ts on this run's own ports
 * (5000 + 10 × E2E_PORT_OFFSET …), against the e2e simulator, plus the requests and load
 * the spec sends through nginx or straight to one instance.
 */
import { createRequire } from 'node:module'
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
} as const

/** The runtime's Redis support (the shared cache and pair lists) comes with the `redis` client. */
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

/** GET through nginx (port omitted) or on one instance, with the region's Host. */
export const get = (host: string, path: string, port: number = FLEET_PORTS.nginx): Promise<Reply> => request({ port, path, host, timeoutMs: 20_000 })
export const cacheState = (reply: Reply) => header(reply, 'x-nextjs-cache') ?? 'none'

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

/** `workers` clients in a loop over `targets` through nginx until `stop()` resolves. */
export async function loadUntil(targets: readonly { host: string; path: string }[], workers: number, stop: Promise<unknown>): Promise<LoadResult> {
  const result: LoadResult = { statuses: {}, errors: 0, total: 0 }
  let done = false
  void stop.then(() => (done = true))
  let next = 0
  const worker = async () => {
    while (!done) {
      const target = targets[next++ % targets.length]!
      result.total++
      try {
        const reply = await get(target.host, target.path)
        result.statuses[reply.status] = (result.statuses[reply.status] ?? 0) + 1
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

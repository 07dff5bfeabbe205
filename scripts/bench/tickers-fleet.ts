/**
 * Upstream ticker calls per minute fleet-wide (docs/decisions/fleet.md "One refresher per fleet for
 * lists and tickers"), on the real clock: 1, 2 and 3 instances (ticker services as server/tickers/market.ts
 * makes
 * them, each with its own Redis link) sharing one redis-server, each asked for its tickers every
 * 250 ms as renders would; then the same instances on their own (no Redis: how every instance
 * asked before, and what each does with Redis away); then sharing again with the upstream
 * answering 503. The three fleets run side by side, each on its own simulator host (main, @1,
 * @2), whose calls the simulator counts. Ports: the capacity bench's (run under the bench lock).
 */
import { join } from 'node:path'
import { createRedisLink, type RedisLink } from '../../server/fleet/redis-link.cjs'
import { createRedisTickerStore, createTickerService } from '../../server/tickers/tickers'
import { BENCH_CAPACITY_PORTS } from '../support/ports'
import { start, stopAll, type Started } from '../support/processes'
import { assertFree, simulatorAdmin, startSimulator } from './stack'

const PORTS = BENCH_CAPACITY_PORTS
const HOSTS = ['main', 'alt1', 'alt2'] as const
const ASK_EVERY_MS = 250

export interface TickerCallsPerMinute {
  /** Calls per minute fleet-wide by instance count (1, 2, 3). */
  shared: number[]
  alone: number[]
  sharedFailing: number[]
  seconds: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function runTickersBench(root: string, logDir: string, seconds: number, say: (line: string) => void): Promise<TickerCallsPerMinute> {
  await assertFree(PORTS.redis, ...Object.values(PORTS.sim))
  const started: Started[] = []
  const links: RedisLink[] = []
  try {
    started.push(await startSimulator(root, logDir, PORTS.sim, []))
    const redis = start('redis', 'redis-server', ['--port', String(PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      cwd: root,
      env: process.env,
      output: { logFile: join(logDir, 'redis.log') },
    })
    started.push(redis)
    const admin = simulatorAdmin(PORTS.sim.admin)
    const base = (host: (typeof HOSTS)[number]) => `http://127.0.0.1:${PORTS.sim[host]}`

    /** Fleets of 1, 2 and 3 instances, one per host; shared: each with its own Redis link. */
    const fleets = (prefix: string | null) =>
      Promise.all(
        HOSTS.map((_, i) =>
          Promise.all(
            Array.from({ length: i + 1 }, async () => {
              if (prefix === null) return createTickerService()
              const link = createRedisLink({ url: `redis://127.0.0.1:${PORTS.redis}` })
              links.push(link)
              for (let tries = 0; tries < 200 && !link.status().connected; tries++) await sleep(25)
              if (!link.status().connected) throw new Error(`tickers bench: no Redis link (${JSON.stringify(link.status())})`)
              return createTickerService({ shared: createRedisTickerStore(link, prefix) })
            }),
          ),
        ),
      )
    /** The fleets asked side by side for `seconds`; calls per minute on each one's host. */
    const run = async (label: string, fleet: Awaited<ReturnType<typeof fleets>>): Promise<number[]> => {
      const before = await admin.hits()
      const until = Date.now() + seconds * 1000
      await Promise.all(
        fleet.flatMap((services, i) =>
          services.map(async (service) => {
            while (Date.now() < until) {
              await service.getTickers(base(HOSTS[i]!))
              await sleep(ASK_EVERY_MS)
            }
          }),
        ),
      )
      const after = await admin.hits()
      const perMinute = HOSTS.map((host) => (((after[host]?.tickers ?? 0) - (before[host]?.tickers ?? 0)) * 60) / seconds)
      say(`  ${label.padEnd(40)} ${perMinute.map((n, i) => `${i + 1} instance${i ? 's' : ''} ${n.toFixed(1)}`).join(', ')} calls/min`)
      return perMinute
    }

    const alone = await run('each on its own (no Redis), healthy', await fleets(null))
    const sharing = await fleets('tickers-bench')
    const shared = await run('sharing one Redis, healthy', sharing)
    // The same instances, with their last good tickers, once the upstream fails.
    await admin.setFaults({ host: '*', endpoint: 'tickers', fault: { kind: 'status', status: 503 } })
    let sharedFailing: number[]
    try {
      sharedFailing = await run('sharing one Redis, upstream 503', sharing)
    } finally {
      await admin.clearFaults()
    }
    return { shared, alone, sharedFailing, seconds }
  } finally {
    await Promise.all(links.map((link) => link.close()))
    await stopAll(started)
  }
}

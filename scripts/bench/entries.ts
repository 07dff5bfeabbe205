/**
 * What a pair page's shared entry costs (docs/capacity.md "Redis per view"): its size in Redis,
 * the bytes a HIT from Redis moves, the CPU of a HIT from Redis against a HIT in memory on the
 * same instance, and Redis's CPU per write. A focused companion of ./capacity.ts, measured the same
 * way (a process group's CPU from /proc over requests sent one at a time, less its idle burn; Redis
 * from INFO), on its fleet's ports (BENCH_CAPACITY_PORTS: run the two under the bench lock).
 *
 * Rounds, each on pages new to the fleet: instance A renders them (MISS: one write each), then
 * instance B serves each page once (HIT from Redis: B never held it) and at once VIEWS times
 * more (HIT in memory), each request's CPU read around it, so both HIT figures come from one
 * instance, one run and the same pages, and what B does in the background (list and ticker
 * refreshes, GC) falls on both alike. Both instances render a few other pair pages first, so no
 * round pays for loading the page's code.
 */
import http from 'node:http'
import { createClient, RESP_TYPES } from 'redis'
import type { RegionId } from '../../lib/regions/regions'
import { startFleet, type Fleet } from '../fleet/fleet'
import { BENCH_CAPACITY_PORTS } from '../support/ports'
import { stopAll, type Started } from '../support/processes'
import { cpuMsPerRequest, lessOverhead, parseRedisInfo, redisCountersOf, redisDelta, type RedisCounters } from './capacity-sheet'
import { header, request } from './http'
import { groupCpuMs } from './proc-cpu'
import { replayRedisCpu } from './redis-replay'
import { median } from './report'
import { assertFree, startSimulator } from './stack'

const PORTS = BENCH_CAPACITY_PORTS
const [PORT_A, PORT_B] = PORTS.instances
/** Pages per round, rounds, and views of each page in memory after its first view. */
const PAGES = Number(process.env.BENCH_ENTRIES_PAGES ?? 50)
const ROUNDS = Number(process.env.BENCH_ENTRIES_ROUNDS ?? 3)
const VIEWS = 2
const WARM_PAGES = 10
const SITES: ReadonlyArray<[RegionId, string]> = [
  ['main', 'en'],
  ['hk', 'zh-HK'],
  ['tr', 'tr-TUR'],
  ['eu', 'de-EU'],
  ['ae', 'ar-SA'],
]
const BTC_USDT = { host: 'localhost', path: '/en/trade/spot/BTC/USDT' }

type Client = ReturnType<typeof createClient>
interface Target {
  host: string
  path: string
}

export interface EntriesRound {
  /** CPU ms per request on instance B: first view (from Redis), later views (in memory). */
  fromRedisMs: number
  inMemoryMs: number
  ratio: number
  /** CPU ms per render on instance A (MISS, with its write). */
  missMs: number
  /** Redis bytes out per HIT from Redis, bytes in per MISS. */
  bytesOutPerFromRedis: number
  bytesInPerMiss: number
  cache: Record<string, number>
}

export interface EntriesBench {
  rounds: EntriesRound[]
  entryBytes: { median: number; min: number; max: number; count: number; btcUsdt: number }
  replay: Awaited<ReturnType<typeof replayRedisCpu>>
}

const hostOf = (id: RegionId) => (id === 'main' ? 'localhost' : `${id}.localhost`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sends each target once, one at a time over one keep-alive connection; counts x-nextjs-cache. */
async function drive(port: number, targets: readonly Target[]): Promise<Record<string, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const cache: Record<string, number> = {}
  try {
    for (const target of targets) {
      const reply = await request({ port, path: target.path, host: target.host, agent, timeoutMs: 30_000 })
      const key = reply.status === 200 ? (header(reply, 'x-nextjs-cache') ?? 'none') : `status ${reply.status}`
      cache[key] = (cache[key] ?? 0) + 1
    }
  } finally {
    agent.destroy()
  }
  return cache
}

/** Until each instance burns under 15 ms of CPU in 500 ms twice running (background writes done), at most 10 s. */
async function quiet(pids: number[]): Promise<void> {
  let last = pids.map(groupCpuMs)
  for (let calm = 0, until = Date.now() + 10_000; calm < 2 && Date.now() < until;) {
    await sleep(500)
    const now = pids.map(groupCpuMs)
    calm = now.every((ms, i) => ms - (last[i] ?? 0) < 15) ? calm + 1 : 0
    last = now
  }
}

export async function runEntriesBench(root: string, logDir: string, say: (line: string) => void): Promise<EntriesBench> {
  await assertFree(PORTS.nginx, ...PORTS.instances, PORTS.redis, ...Object.values(PORTS.sim))
  const started: Started[] = []
  let fleet: Fleet | undefined
  let redis: Client | undefined
  try {
    started.push(await startSimulator(root, logDir, PORTS.sim, [PORTS.nginx]))
    const sim = (port: number) => `http://127.0.0.1:${port}`
    fleet = await startFleet({
      root,
      logDir,
      nginxPort: PORTS.nginx,
      statusPort: PORTS.nginxStatus,
      instancePorts: PORTS.instances,
      redisPort: PORTS.redis,
      // As in ./capacity.ts: at 50 ms a loaded machine opens the breaker, and B would render instead.
      env: { REDIS_TIMEOUT_MS: '1000' },
      upstream: {
        apiBaseUrl: sim(PORTS.sim.main),
        apiHosts: [sim(PORTS.sim.main), sim(PORTS.sim.alt1), sim(PORTS.sim.alt2)],
        fastPathHost: sim(PORTS.sim.fastPath),
        fastPathWsUrl: `ws://127.0.0.1:${PORTS.sim.fastPath}/ws`,
      },
    })
    const pidA = fleet.instances[0]?.pid ?? 0
    const pidB = fleet.instances[1]?.pid ?? 0
    const pidRedis = fleet.redis()?.pid ?? 0
    if (!pidA || !pidB || !pidRedis) throw new Error('entries bench: no pid for an instance or Redis')
    redis = createClient({ url: `redis://127.0.0.1:${PORTS.redis}` })
    await redis.connect()
    const client = redis
    const counters = async (): Promise<RedisCounters> =>
      redisCountersOf(parseRedisInfo(String(await client.sendCommand(['INFO', 'stats', 'commandstats', 'cpu']))))
    const r0 = await counters()
    const overhead = redisDelta(await counters(), r0)

    // Pair pages of five sites, from their sitemaps; the first are for warming up.
    const pages: Target[] = []
    for (const [id, lang] of SITES) {
      const reply = await request({ port: PORTS.nginx, path: '/sitemap.xml', host: `${hostOf(id)}:${PORTS.nginx}` })
      if (reply.status !== 200) throw new Error(`${id} /sitemap.xml answered ${reply.status}`)
      for (const [, loc] of reply.body.toString('utf8').matchAll(/<loc>([^<]+)<\/loc>/g)) {
        const path = new URL(loc ?? '').pathname
        if (path.startsWith(`/${lang}/trade/spot/`) && path !== BTC_USDT.path) pages.push({ host: hostOf(id), path })
      }
    }
    // Diagonally over the sites, so each round has pages of every site.
    const bySite = SITES.map(([id, lang]) => pages.filter((p) => p.host === hostOf(id) && p.path.startsWith(`/${lang}/`)))
    const mixed = Array.from({ length: Math.max(...bySite.map((s) => s.length)) }, (_, i) => bySite.map((s) => s[i]))
      .flat()
      .filter((p): p is Target => !!p)
    const needed = 2 * WARM_PAGES + PAGES * ROUNDS
    if (mixed.length < needed) throw new Error(`entries bench: ${mixed.length} pages, ${needed} needed`)
    say(`  ${mixed.length} pair pages on ${SITES.length} sites; ${ROUNDS} rounds of ${PAGES}, ${VIEWS} views in memory each`)

    // Lists loaded and the pair page's code warm on both instances, each on pages of its own.
    for (const [i, port] of PORTS.instances.entries()) {
      await drive(
        port,
        SITES.map(([id, lang]) => ({ host: hostOf(id), path: `/${lang}` })),
      )
      await drive(port, mixed.slice(i * WARM_PAGES, (i + 1) * WARM_PAGES))
    }
    await drive(PORT_A, [BTC_USDT])

    const idle0 = [groupCpuMs(pidA), groupCpuMs(pidB), Date.now()] as const
    await sleep(3000)
    const idleA = ((groupCpuMs(pidA) - idle0[0]) * 1000) / (Date.now() - idle0[2])
    const idleB = ((groupCpuMs(pidB) - idle0[1]) * 1000) / (Date.now() - idle0[2])

    /** CPU ms per request of `pid` and Redis's counters over `run`, started and ended with the instances quiet. */
    const measure = async (pid: number, idle: number, targets: Target[]) => {
      await quiet([pidA, pidB])
      const [cpu0, redis0, t0] = [groupCpuMs(pid), await counters(), Date.now()]
      const cache = await drive(pid === pidA ? PORT_A : PORT_B, targets)
      await quiet([pidA, pidB])
      const [cpu1, redis1, wallMs] = [groupCpuMs(pid), await counters(), Date.now() - t0]
      return {
        cpuMs: cpuMsPerRequest({ cpuMs: cpu1 - cpu0, wallMs, requests: targets.length }, idle),
        redis: lessOverhead(redisDelta(redis1, redis0), overhead),
        cache,
      }
    }

    const rounds: EntriesRound[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const set = mixed.slice(2 * WARM_PAGES + round * PAGES, 2 * WARM_PAGES + (round + 1) * PAGES)
      const miss = await measure(pidA, idleA, set)
      // On B, page by page: its first view (from Redis), then VIEWS views in memory, each request's
      // CPU and Redis bytes read around it: background work (refreshes, GC) falls on both kinds alike.
      await quiet([pidA, pidB])
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      const fromRedis = { cpuMs: 0, bytesOut: 0, cache: {} as Record<string, number> }
      const inMemory = { cpuMs: 0, bytesOut: 0, cache: {} as Record<string, number> }
      try {
        for (const page of set) {
          for (let view = 0; view <= VIEWS; view++) {
            const into = view === 0 ? fromRedis : inMemory
            const [cpu0, redis0, t0] = [groupCpuMs(pidB), await counters(), performance.now()]
            const reply = await request({ port: PORT_B, path: page.path, host: page.host, agent, timeoutMs: 30_000 })
            const [cpu1, wallMs] = [groupCpuMs(pidB), performance.now() - t0]
            const redis1 = await counters()
            into.cpuMs += Math.max(0, cpu1 - cpu0 - (idleB * wallMs) / 1000)
            into.bytesOut += lessOverhead(redisDelta(redis1, redis0), overhead).bytesOut
            const key = reply.status === 200 ? (header(reply, 'x-nextjs-cache') ?? 'none') : `status ${reply.status}`
            into.cache[key] = (into.cache[key] ?? 0) + 1
          }
        }
      } finally {
        agent.destroy()
      }
      fromRedis.cpuMs /= set.length
      inMemory.cpuMs /= set.length * VIEWS
      const cache: Record<string, number> = {}
      for (const [phase, counts] of Object.entries({ miss: miss.cache, fromRedis: fromRedis.cache, inMemory: inMemory.cache }))
        for (const [name, n] of Object.entries(counts)) cache[`${phase} ${name}`] = n
      const r: EntriesRound = {
        fromRedisMs: fromRedis.cpuMs,
        inMemoryMs: inMemory.cpuMs,
        ratio: fromRedis.cpuMs / Math.max(inMemory.cpuMs, 1e-6),
        missMs: miss.cpuMs,
        bytesOutPerFromRedis: fromRedis.bytesOut / set.length,
        bytesInPerMiss: miss.redis.bytesIn / set.length,
        cache,
      }
      rounds.push(r)
      say(
        `  round ${round + 1}: HIT from Redis ${r.fromRedisMs.toFixed(2)} ms, HIT in memory ${r.inMemoryMs.toFixed(2)} ms (${r.ratio.toFixed(2)}×), MISS ${r.missMs.toFixed(1)} ms; Redis ${(r.bytesOutPerFromRedis / 1000).toFixed(1)} kB out per HIT from Redis, ${(r.bytesInPerMiss / 1000).toFixed(1)} kB in per MISS; ${JSON.stringify(cache)}`,
      )
    }

    // Entry sizes: every pair page's entry (MEMORY USAGE), and the BTC/USDT page's.
    const sizes: number[] = []
    let btcUsdt = 0
    let sample = ''
    for await (const keys of client.scanIterator({ MATCH: 'spot:*:e:*', COUNT: 500 })) {
      for (const key of keys) {
        if (!key.includes('/trade/spot/')) continue
        const bytes = Number(await client.sendCommand(['MEMORY', 'USAGE', key, 'SAMPLES', '0']))
        sizes.push(bytes)
        if (key.endsWith('/main/en/trade/spot/BTC/USDT')) btcUsdt = bytes
        else sample ||= key
      }
    }
    const entryBytes = { median: median(sizes) ?? 0, min: Math.min(...sizes), max: Math.max(...sizes), count: sizes.length, btcUsdt }
    say(
      `  entries in Redis (MEMORY USAGE): median ${(entryBytes.median / 1000).toFixed(1)} kB of ${entryBytes.count} (${(entryBytes.min / 1000).toFixed(1)}–${(entryBytes.max / 1000).toFixed(1)}), BTC/USDT ${(btcUsdt / 1000).toFixed(1)} kB`,
    )
    // The BTC/USDT page's entry as stored, for server/fleet/cache-entries.test.ts's fixture.
    if (process.env.BENCH_ENTRIES_DUMP) {
      const { writeFileSync } = await import('node:fs')
      const [key] = await client.keys('spot:*:e:*/main/en/trade/spot/BTC/USDT')
      const bytes = key && (await client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }).hGet(key, 'd'))
      if (bytes) writeFileSync(process.env.BENCH_ENTRIES_DUMP, bytes)
    }

    // Redis CPU per write and per read of a real entry, 16 in flight (./redis-replay.ts).
    const [list] = await client.keys('spot:lists:v1:pairs:*')
    const t0 = Date.now()
    const c0 = await counters()
    await sleep(2000)
    const redisIdle = (lessOverhead(redisDelta(await counters(), c0), overhead).cpuMs * 1000) / (Date.now() - t0)
    const replay = await replayRedisCpu(
      client,
      { entry: sample, version: `${sample.slice(0, sample.indexOf(':e:'))}:tag-version`, list: list ?? '' },
      { idleMsPerSecond: redisIdle },
    )
    say(
      `  Redis CPU, ${replay.inFlight} in flight: entry write ${(replay.pageWriteMs * 1000).toFixed(0)} µs, entry read ${(replay.entryReadMs * 1000).toFixed(0)} µs, page look ${(replay.headMs * 1000).toFixed(0)} µs`,
    )
    const mid = (pick: (r: EntriesRound) => number) => median(rounds.map(pick)) ?? 0
    const mean = (pick: (r: EntriesRound) => number) => rounds.reduce((sum, r) => sum + pick(r), 0) / rounds.length
    say(
      `  HIT from Redis ÷ HIT in memory: median of rounds ${mid((r) => r.ratio).toFixed(2)}×; all rounds ${mean((r) => r.fromRedisMs).toFixed(2)} ms ÷ ${mean((r) => r.inMemoryMs).toFixed(2)} ms = ${(mean((r) => r.fromRedisMs) / mean((r) => r.inMemoryMs)).toFixed(2)}×`,
    )
    return { rounds, entryBytes, replay }
  } finally {
    await redis?.quit().catch(() => undefined)
    await fleet?.stop()
    await stopAll(started)
  }
}

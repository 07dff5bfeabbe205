/**
 * Capacity figures for `npm run bench` (docs/capacity.md): what one page view costs a fleet
 * instance, Redis and nginx, and what the upstream sees per region, measured on a fleet of two
 * instances (scripts/fleet/fleet.ts) with Redis, nginx and a simulator of its own, each region
 * behind its own counted upstream (./upstream-counter.ts). Then the extrapolation to a stated
 * peak (./capacity-sheet.ts, STATED_PEAK).
 *
 * - CPU per request: the process group's CPU time (/proc, ./proc-cpu.ts) before and after N
 *   requests over keep-alive connections, one at a time, less its idle burn: 50 pair pages of
 *   five sites as first renders (MISS) on one instance, then from Redis on the other (HIT from
 *   Redis; both instances' pair-page code warmed first), a hot set of 10 read 400 times (HIT),
 *   directly and through nginx's uncached door (what nginx spends passing a view on), a static
 *   file, the floor (a bare Next page, when built), and the 50 once older than the revalidate
 *   period (STALE: the answer and its background regeneration, waited for).
 * - The edge itself: the hot set from nginx's cache (a page HIT at the edge) beside one of the
 *   page's own script chunks from its static root, both gzip as browsers ask; monitor batches it
 *   refuses itself (this fleet's edge passes one a minute: docs/decisions/fleet.md "The monitor's
 *   bound at the edge").
 * - Redis: INFO commandstats/stats/cpu deltas over those phases, less the INFO calls' cost and
 *   Redis's idle burn, the shared copies' traffic (symbol lists, tickers) told apart by the steps the
 *   instances count (/api/metrics); MEMORY USAGE of entries, lists and tickers; the commands
 *   replayed with 16 in flight for CPU at a busy fleet's concurrency (./redis-replay.ts).
 * - Upstream: a crawler walks every region's sitemap through nginx (4 connections, pages new to
 *   the fleet) for a window healthy, then with every simulator endpoint answering 503 (the first
 *   20 s apart, while the back-off climbs); calls per region and endpoint per minute.
 *
 * Ports: BENCH_CAPACITY_PORTS (6800–6809). BENCH_CAPACITY_WINDOW_S sets the windows (30 s).
 * Alone: `npx tsx scripts/bench-capacity.ts`.
 */
import http from 'node:http'
import { gunzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { createClient } from 'redis'
import { MONITOR_GLOBAL_RATE } from '../../lib/collector/collector-gate'
import { REGION_IDS, REGIONS, type RegionId } from '../../lib/regions/regions'
import { startFleet, type Fleet } from '../fleet/fleet'
import { BENCH_CAPACITY_PORTS } from '../support/ports'
import { stopAll, type Started } from '../support/processes'
import {
  capacityPlan,
  cpuMsPerRequest,
  EDGE_PEAK,
  edgePlan,
  ONE_REDIS,
  redisOutgrownAt,
  lessIdle,
  lessOverhead,
  linkCountsOf,
  listLooksPerMinute,
  parseRedisInfo,
  perMinute,
  redisCountersOf,
  redisDelta,
  redisPerView,
  splitSharedTraffic,
  copyStepsDelta,
  copyStepsOf,
  STATED_PEAK,
  upstreamCeiling,
  type Assumptions,
  type EdgeMeasured,
  type EdgePlan,
  type TrafficModel,
  type CopyRates,
  type CopySteps,
  type CopyTraffic,
  type LinkCounts,
  type Measured,
  type Plan,
  type RedisCounters,
  type RedisPerView,
  type UpstreamPerMinute,
  type UpstreamRates,
} from './capacity-sheet'
import { CHROME, PLAYWRIGHT_FLAGS } from './chromium'
import { FLOOR_DYNAMIC_PATH, FLOOR_PATH, floorBuilt, startFloor } from './floor'
import { header, request } from './http'
import { groupCpuMs } from './proc-cpu'
import { figure, formatValue, type Figure } from './report'
import { assertFree, simulatorAdmin, startSimulator } from './stack'
import { replayRedisCpu } from './redis-replay'
import { startUpstreamCounter, type UpstreamCounter } from './upstream-counter'

type Counts = Record<string, Record<string, number>>

const PORTS = BENCH_CAPACITY_PORTS
const [PORT_A, PORT_B] = PORTS.instances
/** Sites of the first-render set: a language of five regions, ten pairs each (50 pages). */
const RENDER_SITES: ReadonlyArray<[RegionId, string]> = [
  ['main', 'en'],
  ['hk', 'zh-HK'],
  ['tr', 'tr-TUR'],
  ['eu', 'de-EU'],
  ['ae', 'ar-SA'],
]
const PAIRS_PER_SITE = 10
/** Cached pages read HIT_REQUESTS times in all, a static file as often; pair pages each instance renders before it is measured. */
const HOT_PAGES = 10
const WARM_PAGES = 10
const HIT_REQUESTS = 400
const STATIC_FILE = '/favicon.svg'
/** Pair pages revalidate after EDGE_PEAK.revalidateS (app/[region]/[lang]/trade/spot/[base]/[quote]/page.tsx; a test keeps the two equal). */
const REVALIDATE_MS = EDGE_PEAK.revalidateS * 1000
/** Markets pages rendered for their cost (their sites' lists loaded by the crawl). */
const MARKETS_PAGES = 5
/** Requests of the small phases: the client config, monitor batches (fewer than the collector's burst of 200 in all). */
const SMALL_REQUESTS = 150
/** One client's burst at the collector (docs/decisions/client-wiring.md "Collector bounds"): spent before its refusals are measured. */
const MONITOR_CLIENT_BURST = 30
/** The pair page a view is measured on, and the stated view's length (EDGE_PEAK.viewSeconds). */
const PAIR_PAGE = '/en/trade/spot/BTC/USDT'
const VIEW_S = EDGE_PEAK.viewSeconds
/** The revalidate periods the sheet compares (s). */
const REVALIDATE_CASES = [60, 120, 180, 300, 600]
/** The CDN cases of the sheet: points of presence × s-maxage (s). */
const CDN_CASES: ReadonlyArray<[number, number]> = [
  [5, 300],
  [20, 300],
  [100, 300],
  [20, 60],
]
/** A batch as a view sends it (a fast-path quality report), for when the view's own could not be read. */
const SAMPLE_BATCH = JSON.stringify({
  page: PAIR_PAGE,
  events: [
    {
      type: 'event',
      name: 'fast_path_quality',
      detail: {
        state: 'whitelist',
        route: 'http://127.0.0.1:6808',
        routeLatencyMs: 18,
        rewrites: 2,
        probes:
          '[{"kind":"ws","target":"ws://127.0.0.1:6808/ws","ok":true,"latencyMs":2},{"kind":"fastPath","target":"http://127.0.0.1:6808","ok":true,"latencyMs":18}]',
        at: 1796159276154,
      },
      at: 1796159276154,
    },
  ],
})
/** The crawler's window for each upstream figure (the healthy one also lets the first renders go stale). */
const WINDOW_S = Number(process.env.BENCH_CAPACITY_WINDOW_S ?? 30)
const CRAWL_CONNECTIONS = 4
/**
 * The instances' Redis timeout here (README "Fleet": 50 ms by default). On this shared 2-core
 * machine a command queued behind other work's CPU can wait past 50 ms; the breaker then opens
 * and the instance renders pages itself, which is the breaker doing its job but no page view's
 * cost. The links' timeouts and skips are shown per phase.
 */
const REDIS_TIMEOUT_MS = 1000
/** Between stale pages: a regeneration here takes ~50 ms of CPU and a little waiting. */
const STALE_GAP_MS = 100
/**
 * A symbol list is shared for 10 s fleet-wide (server/symbol-list/service.ts reuseMs), an upstream's
 * tickers for 5 s (server/tickers/tickers.ts): one lease per window, healthy or failing.
 */
const LIST_WINDOW_S = 10
const TICKERS_WINDOW_S = 5
/** The monitor batches this fleet's edge passes: one a minute, a burst of one (nginx's least), so the bench's batches through it are the edge's to refuse. */
const EDGE_MONITOR = { ratePerSecond: 1 / 60, burst: 1 }
/** As browsers ask: the edge keeps one copy per compression, and a script chunk's gzip copy is on its disk. */
const GZIP = { 'accept-encoding': 'gzip, deflate, br' }
/** The outage's first part, while the back-off climbs to its cap (100 ms doubling: ~10–15 s, as requests come). */
const ONSET_S = 20

export interface CapacityBench {
  figures: Figure[]
  details: Record<string, unknown>
}

export interface CapacityOptions {
  /** A built floor project (./floor.ts) to measure a bare Next page against; absent: skipped. */
  floorDir?: string
}

interface Target {
  /** Host header (the region), with nginx's port when through nginx. */
  host: string
  path: string
  /** A POST with this body (JSON) and headers; a GET without. */
  post?: { body: string; headers: Record<string, string> }
  headers?: Record<string, string>
}

interface Tally {
  requests: number
  statuses: Record<string, number>
  /** x-nextjs-cache (the instance's cache), and x-cache-status (the edge's). */
  cache: Record<string, number>
  edge: Record<string, number>
  bytes: number
  errors: number
  /** With `cpuOf`, one connection: each request's CPU from its start to the next one's (its gap and background render included). */
  windows: { cpuMs: number; wallMs: number }[]
}

const hostOf = (id: RegionId) => (id === 'main' ? 'localhost' : `${id}.localhost`)
const bump = (record: Record<string, number>, key: string) => (record[key] = (record[key] ?? 0) + 1)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sends what `next()` gives on `connections` keep-alive connections until it gives nothing;
 * `gapMs` after each answer (time for a stale page's background regeneration).
 */
async function drive(
  port: number,
  next: () => Target | undefined,
  connections: number,
  { timeoutMs = 15_000, gapMs = 0, cpuOf }: { timeoutMs?: number; gapMs?: number; cpuOf?: () => number } = {},
): Promise<Tally> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const tally: Tally = { requests: 0, statuses: {}, cache: {}, edge: {}, bytes: 0, errors: 0, windows: [] }
  const worker = async () => {
    for (let target = next(); target; target = next()) {
      tally.requests++
      const window = cpuOf && { cpuMs: cpuOf(), wallMs: Date.now() }
      try {
        const reply = await request({
          port,
          path: target.path,
          host: target.host,
          agent,
          timeoutMs,
          headers: target.headers,
          ...(target.post ? { method: 'POST', body: target.post.body, headers: target.post.headers } : {}),
        })
        bump(tally.statuses, String(reply.status))
        bump(tally.cache, header(reply, 'x-nextjs-cache') ?? 'none')
        bump(tally.edge, header(reply, 'x-cache-status') ?? 'none')
        tally.bytes += reply.body.length
      } catch {
        tally.errors++
      }
      if (gapMs > 0) await sleep(gapMs)
      if (window && cpuOf) tally.windows.push({ cpuMs: cpuOf() - window.cpuMs, wallMs: Date.now() - window.wallMs })
    }
  }
  await Promise.all(Array.from({ length: connections }, worker))
  agent.destroy()
  return tally
}

const each = (targets: readonly Target[]) => {
  let i = 0
  return () => targets[i++]
}

/** A crawler's walk: each window goes on where the last one stopped, so every page it asks for is new to the fleet. */
function walker(targets: readonly Target[]) {
  let i = 0
  return (seconds: number) => {
    const until = Date.now() + seconds * 1000
    return () => (Date.now() < until ? targets[i++ % targets.length] : undefined)
  }
}

/** Every pair page of every region's sitemap, through nginx. */
async function sitemapPages(): Promise<Target[]> {
  const pages: Target[] = []
  for (const id of REGION_IDS) {
    const reply = await request({ port: PORTS.nginx, path: '/sitemap.xml', host: `${hostOf(id)}:${PORTS.nginx}` })
    if (reply.status !== 200) throw new Error(`${id} /sitemap.xml answered ${reply.status}`)
    for (const [, loc] of reply.body.toString('utf8').matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const url = new URL(loc ?? '')
      if (url.pathname.includes('/trade/spot/')) pages.push({ host: url.host, path: url.pathname })
    }
  }
  return pages
}

/** Diagonally over sites: consecutive requests go to other regions and languages (other symbol lists). */
function interleave(pages: readonly Target[]): Target[] {
  const bySite = new Map<string, Target[]>()
  for (const page of pages) {
    const site = `${page.host}/${page.path.split('/')[1]}`
    const list = bySite.get(site)
    if (list) list.push(page)
    else bySite.set(site, [page])
  }
  const lists = [...bySite.values()]
  const out: Target[] = []
  for (let round = 0; out.length < pages.length; round++) {
    for (const list of lists) {
      const page = list[round]
      if (page) out.push(page)
    }
  }
  return out
}

interface Meters {
  cpu(): Record<string, number>
  redis(): Promise<RedisCounters>
  /** Upstream calls so far per region and endpoint. */
  upstream(): Counts
  /** Each instance's Redis link counts and shared copies' steps (scraped from /api/metrics, outside the CPU window). */
  links(): Promise<{ link: LinkCounts; steps: Record<string, CopySteps> }[]>
}

interface Phase {
  tally: Tally
  wallMs: number
  /** CPU ms per process group over the phase (idle burn not yet taken off). */
  cpuMs: Record<string, number>
  redis: RedisCounters
  upstream: Counts
  /** Redis commands the instances' links timed out or skipped (breaker open) in the phase, both instances. */
  link: LinkCounts
  /** The shared copies' (symbol lists, tickers) Redis commands in the phase, both instances. */
  steps: Record<string, CopySteps>
}

export async function runCapacityBench(root: string, logDir: string, say: (line: string) => void, options: CapacityOptions = {}): Promise<CapacityBench> {
  const began = Date.now()
  const figures: Figure[] = []
  const details: Record<string, unknown> = {}
  const add = (f: Figure) => {
    figures.push(f)
    say(`  → ${f.name}: ${formatValue(f)}${f.goal ? `  goal ${f.goal}: ${f.met === null ? 'not measured' : f.met ? 'met' : 'MISSED'}` : ''}`)
  }
  await assertFree(PORTS.nginx, ...PORTS.instances, PORTS.redis, ...Object.values(PORTS.sim))
  say(`\nCapacity (fleet of 2 on :${PORTS.nginx}–${PORTS.redis}, each region its own counted upstream; CPU from /proc, Redis from INFO)`)

  const floorCpu = await floorCpuPerRequest(options.floorDir, logDir, say)
  const started: Started[] = []
  let counter: UpstreamCounter | undefined
  let fleet: Fleet | undefined
  let redis: ReturnType<typeof createClient> | undefined
  try {
    started.push(await startSimulator(root, logDir, PORTS.sim, [PORTS.nginx]))
    const admin = simulatorAdmin(PORTS.sim.admin)
    counter = await startUpstreamCounter(REGION_IDS, PORTS.upstreams, { host: '127.0.0.1', port: PORTS.sim.main })
    const sim = (port: number) => `http://127.0.0.1:${port}`
    fleet = await startFleet({
      root,
      logDir,
      nginxPort: PORTS.nginx,
      statusPort: PORTS.nginxStatus,
      instancePorts: PORTS.instances,
      redisPort: PORTS.redis,
      env: { ...counter.env, REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS) },
      monitor: EDGE_MONITOR,
      upstream: {
        apiBaseUrl: sim(PORTS.sim.main),
        apiHosts: [sim(PORTS.sim.main), sim(PORTS.sim.alt1), sim(PORTS.sim.alt2)],
        fastPathHost: sim(PORTS.sim.fastPath),
        fastPathWsUrl: `ws://127.0.0.1:${PORTS.sim.fastPath}/ws`,
      },
    })
    const groups: Record<string, number | undefined> = {
      a: fleet.instances[0]?.pid,
      b: fleet.instances[1]?.pid,
      nginx: fleet.nginx.pid,
      redis: fleet.redis()?.pid,
    }
    for (const [name, pid] of Object.entries(groups)) if (pid === undefined) throw new Error(`capacity: no pid for ${name}`)
    redis = createClient({ url: `redis://127.0.0.1:${PORTS.redis}` })
    await redis.connect()
    const client = redis
    const upstreamCounter = counter
    const meters: Meters = {
      cpu: () => Object.fromEntries(Object.entries(groups).map(([name, pid]) => [name, groupCpuMs(pid ?? 0)])),
      redis: async () => redisCountersOf(parseRedisInfo(String(await client.sendCommand(['INFO', 'stats', 'commandstats', 'cpu'])))),
      upstream: () => upstreamCounter.counts(),
      links: () =>
        Promise.all(
          PORTS.instances.map(async (port) => {
            const text = (await request({ port, path: '/api/metrics' })).body.toString('utf8')
            return { link: linkCountsOf(text), steps: copyStepsOf(text) }
          }),
        ),
    }

    // The pages: every region's sitemap; the first-render set from five sites, the crawl the rest.
    const pages = await sitemapPages()
    const renderSet: Target[] = RENDER_SITES.flatMap(([id, lang]) => {
      const site = pages.filter((page) => page.host === `${hostOf(id)}:${PORTS.nginx}` && page.path.startsWith(`/${lang}/`))
      const step = Math.max(1, Math.floor(site.length / PAIRS_PER_SITE))
      return site
        .filter((_, i) => i % step === 0)
        .slice(0, PAIRS_PER_SITE)
        .map((page) => ({ host: hostOf(id), path: page.path }))
    })
    const inRenderSet = new Set(renderSet.map((page) => `${page.host}:${PORTS.nginx}${page.path}`))
    // A pair page of each render site from the end of its sitemap (the crawl never gets there),
    // rendered before a phase so its lists are fresh: one per call, so each is a first render.
    let refreshes = 0
    const listRefreshers = () => {
      refreshes++
      return RENDER_SITES.map(([id, lang]) => {
        const site = pages.filter((page) => page.host === `${hostOf(id)}:${PORTS.nginx}` && page.path.startsWith(`/${lang}/`))
        return { host: hostOf(id), path: site.at(-refreshes)?.path ?? `/${lang}` }
      })
    }
    const crawl = interleave(pages.filter((page) => !inRenderSet.has(`${page.host}${page.path}`)))
    const walk = walker(crawl.slice(HOT_PAGES))
    const sites = new Set(crawl.map((page) => `${page.host}/${page.path.split('/')[1]}`)).size
    say(`  sitemaps: ${pages.length} pair pages on ${sites} sites (region × language); first-render set ${renderSet.length}, crawl ${crawl.length}`)
    // Each instance loads the five sites' symbol lists (markets pages, not measured).
    const renderSites = RENDER_SITES.map(([id, lang]) => ({ host: hostOf(id), path: `/${lang}` }))
    for (const port of PORTS.instances) await drive(port, each(renderSites), 1)

    // Idle burn and what reading the counters costs.
    const idle = await measurePhase(meters, async () => {
      await sleep(3000)
      return { requests: 0, statuses: {}, cache: {}, edge: {}, bytes: 0, errors: 0, windows: [] }
    })
    const idleRate = Object.fromEntries(Object.entries(idle.cpuMs).map(([name, ms]) => [name, (ms * 1000) / idle.wallMs]))
    const r0 = await meters.redis()
    const overhead = redisDelta(await meters.redis(), r0)
    // Redis's own cron, from INFO cpu (the /proc figure of its group would count the INFO calls).
    const redisIdleRate = (lessOverhead(idle.redis, overhead).cpuMs * 1000) / idle.wallMs
    const perRequest = (p: Phase, group: string, requests = p.tally.requests) =>
      cpuMsPerRequest({ cpuMs: p.cpuMs[group] ?? 0, wallMs: p.wallMs, requests }, idleRate[group] ?? 0)
    // Pages' Redis work per view, the shared copies' apart (their traffic depends on time, not on views).
    const none: CopySteps = { time: 0, read: 0, lease: 0, write: 0, written: 0 }
    const sharedOf = (p: Phase) =>
      splitSharedTraffic(lessIdle(lessOverhead(p.redis, overhead), redisIdleRate, p.wallMs), {
        lists: { steps: p.steps.lists ?? none, bytes: memory.listWire, expires: false },
        tickers: { steps: p.steps.tickers ?? none, bytes: memory.tickersWire, expires: true },
      })
    const redisOf = (p: Phase, views = p.tally.requests): RedisPerView => redisPerView(sharedOf(p).pages, views)
    const show = (label: string, p: Phase, cpu: number, r?: RedisPerView) =>
      say(
        `  ${label.padEnd(34)} ${cpu.toFixed(2).padStart(7)} ms CPU/request  (${p.tally.requests} requests in ${(p.wallMs / 1000).toFixed(1)} s; ${JSON.stringify(p.tally.cache)}${p.tally.errors ? `, ${p.tally.errors} errors` : ''})${r ? `  Redis ${r.commands.toFixed(1)} commands, ${(r.bytesIn / 1000).toFixed(1)} kB in, ${(r.bytesOut / 1000).toFixed(1)} kB out` : ''}`,
      )

    // Each instance renders pair pages of its own first (from the end of the sitemaps: the crawl
    // never gets there), so no measured phase pays for loading the pair page's code
    // (docs/measurements.md "Entry size, HIT from Redis, ticker calls": a cold instance's first
    // views cost it 1.8× a HIT where a warm one's cost 1.13–1.16×).
    const warm = crawl.slice(-2 * WARM_PAGES).map((page) => ({ host: page.host.replace(/:\d+$/, ''), path: page.path }))
    await drive(PORT_A, each(warm.slice(0, WARM_PAGES)), 1)
    await drive(PORT_B, each(warm.slice(WARM_PAGES)), 1)
    await untilListsLive(renderSites, listRefreshers())
    const cpuOfA = () => meters.cpu().a ?? 0
    const miss = await measurePhase(meters, () => drive(PORT_A, each(renderSet), 1, { cpuOf: cpuOfA }), true)
    const missEnded = Date.now()
    const memory = await redisMemory(client)
    // Each page's first request on the other instance: its entry comes from Redis.
    const fromRedis = await measurePhase(meters, () => drive(PORT_B, each(renderSet), 1), true)
    // Cached pages: a hot set rendered just now (on a loaded machine the first-render set can
    // near its 60 s by the time it is read again, and a stale page is no HIT).
    const hot = crawl.slice(0, HOT_PAGES).map((page) => ({ host: page.host.replace(/:\d+$/, ''), path: page.path }))
    for (const port of PORTS.instances) await drive(port, each(hot), 1)
    const hit = await measurePhase(meters, () => drive(PORT_A, each(Array.from({ length: HIT_REQUESTS / HOT_PAGES }, () => hot).flat()), 1))
    const staticFile = await measurePhase(meters, () =>
      drive(PORT_A, each(Array.from({ length: HIT_REQUESTS }, () => ({ host: 'localhost', path: STATIC_FILE }))), 1),
    )
    // Through nginx's uncached door: what nginx spends passing a view on to an instance, and the instances' HITs behind it.
    const door = fleet.uncachedPort
    const viaNginx = await measurePhase(meters, () =>
      drive(
        door,
        each(Array.from({ length: HIT_REQUESTS / HOT_PAGES }, () => hot.map((page) => ({ ...page, host: `${page.host}:${PORTS.nginx}` }))).flat()),
        1,
      ),
    )

    // The edge itself, as browsers ask (gzip): the hot pages from its cache (each asked once to
    // fill it), beside one of the pair page's own script chunks from its static root, the one
    // nearest the page's size.
    const edgeHot = hot.map((page) => ({ ...page, host: `${page.host}:${PORTS.nginx}`, headers: GZIP }))
    await drive(PORTS.nginx, each(edgeHot), 1)
    const edgeSample = await request({ port: PORTS.nginx, path: edgeHot[0]!.path, host: edgeHot[0]!.host, headers: GZIP })
    const edgeHtml = (header(edgeSample, 'content-encoding') === 'gzip' ? gunzipSync(edgeSample.body) : edgeSample.body).toString('utf8')
    const chunks = await Promise.all(
      [...new Set([...edgeHtml.matchAll(/<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]!))].map(async (path) => ({
        path,
        bytes: (await request({ port: PORTS.nginx, path, host: edgeHot[0]!.host, headers: GZIP })).body.length,
      })),
    )
    const nearest = chunks.sort((x, y) => Math.abs(x.bytes - edgeSample.body.length) - Math.abs(y.bytes - edgeSample.body.length))[0]
    if (!nearest) throw new Error(`capacity: no script chunk in ${edgeHot[0]!.path} through the edge (status ${edgeSample.status})`)
    const edgeHit = await measurePhase(meters, () => drive(PORTS.nginx, each(Array.from({ length: HIT_REQUESTS / HOT_PAGES }, () => edgeHot).flat()), 1))
    const edgeStatic = await measurePhase(meters, () =>
      drive(PORTS.nginx, each(Array.from({ length: HIT_REQUESTS }, () => ({ host: edgeHot[0]!.host, path: nearest.path, headers: GZIP }))), 1),
    )

    // What every view asks after load, on instance A: the client config, and monitor batches (below).
    const clientConfig = await measurePhase(meters, () =>
      drive(PORT_A, each(Array.from({ length: SMALL_REQUESTS }, () => ({ host: 'localhost', path: '/api/client-config' }))), 1),
    )

    // Upstream, healthy: the crawl through nginx for the window; meanwhile one pair-page view in
    // Chromium through nginx, as long as the stated view, counts what it asks after load.
    const [healthy, view] = await Promise.all([
      measurePhase(meters, () => drive(PORTS.nginx, walk(WINDOW_S), CRAWL_CONNECTIONS)),
      viewAfterLoad(`localhost:${PORTS.nginx}`, VIEW_S),
    ])
    sayCrawl('healthy', healthy, say)
    // Markets pages of sites the crawl has just used (their lists loaded), first renders on B.
    const rendered = new Set(RENDER_SITES.map(([id, lang]) => `${hostOf(id)}/${lang}`))
    const marketsPages = [...new Set(crawl.slice(0, healthy.tally.requests).map((page) => `${page.host.replace(/:\d+$/, '')}/${page.path.split('/')[1]}`))]
      .filter((site) => !rendered.has(site))
      .slice(0, MARKETS_PAGES)
      .map((site) => ({ host: site.slice(0, site.indexOf('/')), path: site.slice(site.indexOf('/')) }))
    const marketsRender = await measurePhase(meters, () => drive(PORT_B, each(marketsPages), 1), true)
    say(
      `  a ${VIEW_S} s view of ${PAIR_PAGE} (Chromium, through nginx): ${view.batches.length} monitor batches at ${view.batches.map((b) => `${b.atS.toFixed(1)} s`).join(', ')}; requests to the site after the page: ${JSON.stringify(view.requests)}`,
    )

    // Monitor batches as the view sent them, on instance A: from distinct clients (the proxy's
    // X-Forwarded-For hop) within the collector's burst, accepted; then from one client past its
    // own burst, refused (429) (docs/decisions/client-wiring.md "Collector bounds").
    const bodies = view.batches.map((b) => b.body).filter((body) => body !== '')
    const batchBodies = bodies.length > 0 ? bodies : [SAMPLE_BATCH]
    const batch = (i: number, from: string): Target => ({
      host: 'localhost',
      path: '/api/monitor',
      post: { body: batchBodies[i % batchBodies.length] ?? SAMPLE_BATCH, headers: { 'content-type': 'application/json', 'x-forwarded-for': from } },
    })
    const monitorAccepted = await measurePhase(meters, () =>
      drive(PORT_A, each(Array.from({ length: SMALL_REQUESTS }, (_, i) => batch(i, `10.1.${i >> 8}.${i & 255}`))), 1),
    )
    await drive(PORT_A, each(Array.from({ length: MONITOR_CLIENT_BURST }, (_, i) => batch(i, '10.2.0.1'))), 1)
    const monitorRefused = await measurePhase(meters, () => drive(PORT_A, each(Array.from({ length: SMALL_REQUESTS }, (_, i) => batch(i, '10.2.0.1'))), 1))
    // Batches past the edge's bound: nginx's own 429, no instance asked.
    const monitorAtEdge = await measurePhase(meters, () =>
      drive(PORTS.nginx, each(Array.from({ length: SMALL_REQUESTS }, (_, i) => batch(i, `10.3.${i >> 8}.${i & 255}`))), 1),
    )

    // Outage: the back-off climbs from 100 ms to its 5–10 s cap in the first ~15 s (onset), then holds (steady).
    await admin.setFaults({ host: '*', endpoint: '*', fault: { kind: 'status', status: 503 } })
    let onset: Phase
    let outage: Phase
    try {
      onset = await measurePhase(meters, () => drive(PORTS.nginx, walk(ONSET_S), CRAWL_CONNECTIONS))
      outage = await measurePhase(meters, () => drive(PORTS.nginx, walk(Math.max(10, WINDOW_S - 10)), CRAWL_CONNECTIONS))
    } finally {
      await admin.clearFaults()
    }
    sayCrawl(`every upstream endpoint 503, first ${ONSET_S} s`, onset, say)
    sayCrawl(`every upstream endpoint 503, the ${Math.max(10, WINDOW_S - 10)} s after`, outage, say)

    // STALE: the first-render set once older than the pair pages' revalidate period, after the
    // outage is over, right after the five sites' lists are live again: a render that refreshes
    // a list (once per 10 s window) is no regeneration's cost, so no phase should straddle one.
    const staleAt = missEnded + REVALIDATE_MS + 1000
    say(
      `  waiting ${Math.max(0, (staleAt - Date.now()) / 1000).toFixed(0)} s for the first renders to be older than the ${REVALIDATE_MS / 1000} s revalidate period`,
    )
    if (Date.now() < staleAt) await sleep(staleAt - Date.now())
    await untilListsLive(renderSites, listRefreshers())
    // One stale page at a time, each regeneration given time to finish: a burst of them would
    // queue renders on one event loop, and the Redis link would time out behind them.
    const stale = await measurePhase(meters, () => drive(PORT_A, each(renderSet), 1, { gapMs: STALE_GAP_MS, cpuOf: cpuOfA }), true)

    const replay = await replayRedisCpu(
      client,
      {
        entry: memory.sample.entry,
        version: `${memory.sample.entry.slice(0, memory.sample.entry.indexOf(':e:'))}:tag-version`,
        list: memory.sample.list,
        tickers: memory.sample.tickers || undefined,
      },
      { idleMsPerSecond: redisIdleRate },
    )
    say(
      `  Redis CPU replayed, ${replay.inFlight} in flight: page look ${(replay.headMs * 1000).toFixed(0)} µs, entry read ${(replay.entryReadMs * 1000).toFixed(0)} µs, page write ${(replay.pageWriteMs * 1000).toFixed(0)} µs, list read ${(replay.listReadMs * 1000).toFixed(0)} µs, list write ${(replay.listWriteMs * 1000).toFixed(0)} µs`,
    )

    const cpu = {
      miss: perRequest(miss, 'a'),
      fromRedis: perRequest(fromRedis, 'b'),
      hit: perRequest(hit, 'a'),
      stale: perRequest(stale, 'a'),
      staticFile: perRequest(staticFile, 'a'),
      nginx: perRequest(viaNginx, 'nginx'),
      instancesViaNginx: perRequest(viaNginx, 'a') + perRequest(viaNginx, 'b'),
      edgeHit: perRequest(edgeHit, 'nginx'),
      edgeStatic: perRequest(edgeStatic, 'nginx'),
      edgeRefused: perRequest(monitorAtEdge, 'nginx'),
      instancesBehindEdge: perRequest(edgeHit, 'a') + perRequest(edgeHit, 'b'),
      marketsRender: perRequest(marketsRender, 'b'),
      clientConfig: perRequest(clientConfig, 'a'),
      monitorBatch: perRequest(monitorAccepted, 'a'),
      monitorRefused: perRequest(monitorRefused, 'a'),
    }
    // A request's own CPU: the median of its windows (its gap and background render included), less
    // the idle burn over each; what a phase's mean adds above it is the instance's background work
    // (the shared copies' refreshes and reads, the garbage collector), counted per second apart.
    const typical = (p: Phase, group: string) => median(p.tally.windows.map((w) => w.cpuMs - ((idleRate[group] ?? 0) * w.wallMs) / 1000))
    const renderTypical = { miss: typical(miss, 'a'), stale: typical(stale, 'a') }
    const backgroundMsPerSecond = Math.max(0, (cpu.stale - renderTypical.stale) * stale.tally.requests) / (stale.wallMs / 1000)
    const redisPer = { miss: redisOf(miss), fromRedis: redisOf(fromRedis), hit: redisOf(hit), stale: redisOf(stale), staticFile: redisOf(staticFile) }
    say('')
    show('MISS (first render, instance A)', miss, cpu.miss, redisPer.miss)
    show('HIT from Redis (instance B)', fromRedis, cpu.fromRedis, redisPer.fromRedis)
    show('HIT (instance A)', hit, cpu.hit, redisPer.hit)
    show('STALE + regeneration (instance A)', stale, cpu.stale, redisPer.stale)
    say(
      `  a request's own CPU (median of its windows): MISS ${renderTypical.miss.toFixed(2)} ms, STALE + regeneration ${renderTypical.stale.toFixed(2)} ms; A's background work while regenerating ${backgroundMsPerSecond.toFixed(0)} ms/s (the STALE phase's ${stale.tally.requests} in ${(stale.wallMs / 1000).toFixed(1)} s: ${JSON.stringify(stale.steps)})`,
    )
    show(`static file ${STATIC_FILE}`, staticFile, cpu.staticFile)
    show('markets page, first render (B)', marketsRender, cpu.marketsRender)
    show('/api/client-config', clientConfig, cpu.clientConfig)
    show('monitor batch, accepted', monitorAccepted, cpu.monitorBatch)
    show('monitor batch, refused (429)', monitorRefused, cpu.monitorRefused)
    show('edge: page HIT at nginx (nginx CPU)', edgeHit, cpu.edgeHit)
    show(`edge: ${nearest.path.split('/').at(-1)} (nginx CPU)`, edgeStatic, cpu.edgeStatic)
    show('edge: monitor batch refused (nginx)', monitorAtEdge, cpu.edgeRefused)
    say(
      `  the edge: a page HIT ${(edgeHit.tally.bytes / edgeHit.tally.requests / 1000).toFixed(1)} kB gzip, ${cpu.edgeHit.toFixed(3)} ms of nginx CPU, against its script chunk ${(edgeStatic.tally.bytes / edgeStatic.tally.requests / 1000).toFixed(1)} kB at ${cpu.edgeStatic.toFixed(3)} ms: ${(cpu.edgeHit / Math.max(cpu.edgeStatic, 1e-6)).toFixed(2)}×; the instances behind it ${cpu.instancesBehindEdge.toFixed(3)} ms`,
    )
    if (floorCpu) {
      say(`  ${'floor page (bare Next, own server)'.padEnd(34)} ${floorCpu.cpuMs.toFixed(2).padStart(7)} ms CPU/request  (${floorCpu.requests} requests)`)
      say(`  ${'floor page, dynamic render'.padEnd(34)} ${floorCpu.dynamicMs.toFixed(2).padStart(7)} ms CPU/request  (${floorCpu.requests} requests)`)
      say(
        `  a render against the floor's dynamic render: MISS ${(cpu.miss / floorCpu.dynamicMs).toFixed(1)}× (its median ${(renderTypical.miss / floorCpu.dynamicMs).toFixed(1)}×), STALE (with its answer) ${(cpu.stale / floorCpu.dynamicMs).toFixed(1)}× (its median ${(renderTypical.stale / floorCpu.dynamicMs).toFixed(1)}×)`,
      )
    }
    if ((marketsRender.tally.cache.MISS ?? 0) !== marketsRender.tally.requests)
      say(`  note: markets pages were not all first renders: ${JSON.stringify(marketsRender.tally.cache)}`)
    for (const [label, p, status] of [
      ['client config', clientConfig, '200'],
      ['monitor accepted', monitorAccepted, '204'],
      ['monitor refused', monitorRefused, '429'],
      ['monitor refused at the edge', monitorAtEdge, '429'],
      ['edge static file', edgeStatic, '200'],
    ] as const)
      if ((p.tally.statuses[status] ?? 0) !== p.tally.requests) say(`  note: ${label}: answers ${JSON.stringify(p.tally.statuses)}`)
    if ((edgeHit.tally.edge.HIT ?? 0) !== edgeHit.tally.requests)
      say(`  note: not every page through the edge was its HIT: ${JSON.stringify(edgeHit.tally.edge)}`)
    say(`  HIT through nginx's uncached door: nginx ${cpu.nginx.toFixed(3)} ms, instances ${cpu.instancesViaNginx.toFixed(2)} ms CPU/request`)
    say(`  Redis CPU per view: HIT ${redisPer.hit.cpuMs.toFixed(3)} ms, MISS ${redisPer.miss.cpuMs.toFixed(3)} ms, STALE ${redisPer.stale.cpuMs.toFixed(3)} ms`)
    say(
      `  Redis commands per view: HIT ${JSON.stringify(rounded(redisPer.hit.byCommand))}, MISS ${JSON.stringify(rounded(redisPer.miss.byCommand))}, STALE ${JSON.stringify(rounded(redisPer.stale.byCommand))}`,
    )
    say(
      `  Redis memory: pair page entry ${(memory.page / 1000).toFixed(0)} kB (median of ${memory.pages}), symbol list ${(memory.list / 1000).toFixed(0)} kB (median of ${memory.lists}; ${(memory.listWire / 1000).toFixed(0)} kB on the wire)`,
    )
    say(`  Redis memory: tickers ${(memory.tickers / 1000).toFixed(0)} kB an upstream (median; ${(memory.tickersWire / 1000).toFixed(0)} kB on the wire)`)
    for (const [label, p] of [
      ['MISS', miss],
      ['HIT from Redis', fromRedis],
      ['HIT', hit],
      ['STALE', stale],
    ] as const) {
      say(
        `  ${label}: shared copies ${JSON.stringify(sharedOf(p).copies)}; upstream ${JSON.stringify(sumByEndpoint(p.upstream))}; Redis link ${JSON.stringify(p.link)}`,
      )
    }
    if ((miss.tally.cache.MISS ?? 0) !== miss.tally.requests) say(`  note: not every first-render request was a MISS: ${JSON.stringify(miss.tally.cache)}`)
    if ((hit.tally.cache.HIT ?? 0) !== hit.tally.requests || (viaNginx.tally.cache.HIT ?? 0) !== viaNginx.tally.requests)
      say(
        `  note: not every cached-page request was a HIT: ${JSON.stringify(hit.tally.cache)}, through nginx's uncached door ${JSON.stringify(viaNginx.tally.cache)}`,
      )
    if ((fromRedis.tally.cache.HIT ?? 0) !== fromRedis.tally.requests)
      say(`  note: not every request on the other instance was a HIT: ${JSON.stringify(fromRedis.tally.cache)}`)
    if ((stale.tally.cache.STALE ?? 0) !== stale.tally.requests) say(`  note: not every stale-phase request was STALE: ${JSON.stringify(stale.tally.cache)}`)

    // Per region per minute, fleet-wide; the busiest region (main: 16 languages) is the one to plan for.
    const upstream = {
      healthy: perRegion(healthy.upstream, healthy.wallMs / 1000),
      onset: perRegion(onset.upstream, onset.wallMs / 1000),
      outage: perRegion(outage.upstream, outage.wallMs / 1000),
    }
    // Calls per refresh as seen: v3 + all when healthy; v3 + all + v2 when failing.
    const callsPerRefresh = (p: Phase) => {
      const calls = sumByEndpoint(p.upstream)
      return ((calls.symbol_list_v3 ?? 0) + (calls.symbol_list_all ?? 0) + (calls.symbol_list_v2 ?? 0)) / Math.max(1, calls.symbol_list_v3 ?? 0)
    }
    const design = {
      listWindowS: LIST_WINDOW_S,
      healthy: { callsPerRefresh: Math.round(callsPerRefresh(healthy)), tickersEveryS: TICKERS_WINDOW_S },
      outage: { callsPerRefresh: Math.round(callsPerRefresh(outage)), tickersEveryS: TICKERS_WINDOW_S },
    }
    say(
      `\n  upstream calls per region per minute, fleet-wide (2 instances; crawl ${CRAWL_CONNECTIONS} connections through nginx), lists + tickers; ceiling: the design's bound, whatever the instances`,
    )
    say(
      `  ${'region'.padEnd(6)} ${'languages'.padStart(9)} ${'healthy'.padStart(11)} ${'ceiling'.padStart(11)} ${`503 0–${ONSET_S} s`.padStart(11)} ${'503 after'.padStart(11)} ${'at the cap'.padStart(11)}`,
    )
    const cell = (u: UpstreamPerMinute | undefined) => (u ? `${u.symbolLists.toFixed(0)} + ${u.tickers.toFixed(0)}` : '–').padStart(11)
    for (const id of REGION_IDS) {
      const languages = REGIONS[id].languages.length
      const ceiling = (rates: UpstreamRates) => upstreamCeiling({ languages, listWindowS: LIST_WINDOW_S, ...rates })
      say(
        `  ${id.padEnd(6)} ${String(languages).padStart(9)} ${cell(upstream.healthy[id])} ${cell(ceiling(design.healthy))} ${cell(upstream.onset[id])} ${cell(upstream.outage[id])} ${cell(ceiling(design.outage))}`,
      )
    }

    const healthyRate = { seconds: healthy.wallMs / 1000, renders: healthy.tally.cache.MISS ?? 0 }
    const measured: Measured = {
      cpuMs: { hit: cpu.hit, hitFromRedis: cpu.fromRedis, stale: cpu.stale, miss: cpu.miss },
      nginxCpuMs: cpu.nginx,
      redis: { hit: redisPer.hit, hitFromRedis: redisPer.fromRedis, stale: redisPer.stale, miss: redisPer.miss },
      redisBytesPerPage: memory.page,
      redisBytesPerList: memory.list,
      redisBytesPerTickers: memory.tickers,
      lists: copyRates(sharedOf(healthy).copies.lists!, { ...healthyRate, slots: sites, bytes: memory.listWire, windowS: LIST_WINDOW_S }),
      tickers: copyRates(sharedOf(healthy).copies.tickers!, { ...healthyRate, slots: REGION_IDS.length, bytes: memory.tickersWire, windowS: TICKERS_WINDOW_S }),
      upstream: { languages: REGIONS.main.languages.length, ...design },
      redisCpu: replay,
    }
    const edgeMeasured: EdgeMeasured = {
      cpuMs: {
        render: renderTypical.stale,
        hitFromRedis: cpu.fromRedis,
        marketsRender: cpu.marketsRender,
        clientConfig: cpu.clientConfig,
        monitorBatch: cpu.monitorBatch,
        monitorRefused: cpu.monitorRefused,
      },
      monitorBatchesPerSecondPerInstance: MONITOR_GLOBAL_RATE.perSecond,
      backgroundMsPerSecond,
      redisBytesPerPage: memory.page,
      redisBytesPerList: memory.list,
      redisBytesPerTickers: memory.tickers,
      redisCpu: replay,
      entryWireBytes: redisPer.miss.bytesIn,
      lists: measured.lists,
      tickers: measured.tickers,
      edgeCpuMs: { hit: cpu.edgeHit, proxied: cpu.nginx, refused: cpu.edgeRefused },
      upstream: measured.upstream,
    }
    const model: TrafficModel = { ...EDGE_PEAK, monitorBatchesPerView: view.batches.length }
    const edge = edgePlan(edgeMeasured, model)
    const everyBatch = edgePlan(edgeMeasured, { ...model, monitorPassedByEdge: null })
    const periods = REVALIDATE_CASES.map((revalidateS) => ({
      revalidateS,
      plan: edgePlan(edgeMeasured, { ...model, revalidateS, edge: { ...model.edge, sMaxAgeS: revalidateS } }),
    }))
    const cdn = CDN_CASES.map(([pops, sMaxAgeS]) => ({
      pops,
      sMaxAgeS,
      plan: edgePlan(edgeMeasured, { ...model, edge: { pops, sMaxAgeS, keepsStale: true } }),
    }))
    const outgrown = {
      edge: redisOutgrownAt(edgeMeasured, model),
      cdn: CDN_CASES.map(([pops, sMaxAgeS]) => ({
        pops,
        sMaxAgeS,
        ...redisOutgrownAt(edgeMeasured, { ...model, edge: { pops, sMaxAgeS, keepsStale: true } }),
      })),
    }
    const plan = capacityPlan(measured, STATED_PEAK)
    const byUrl = capacityPlan(measured, { ...STATED_PEAK, balancing: 'by-url' })
    say(`\n  symbol lists per look: ${JSON.stringify(rounded({ ...measured.lists }))}; tickers per look: ${JSON.stringify(rounded({ ...measured.tickers }))}`)
    sayPlan(plan, STATED_PEAK, say)
    sayPlan(byUrl, { ...STATED_PEAK, balancing: 'by-url' }, say)
    sayEdgePlan(edge, model, say)
    say(
      `  every monitor batch to an instance instead (the edge passing all ${everyBatch.monitor.batchesPerSecond.toFixed(0)}/s): monitor ${everyBatch.cores.monitor.toFixed(2)} cores → ${everyBatch.instances} instances`,
    )
    say(
      `  by revalidate period: ${periods.map((p) => `${p.revalidateS} s → ${p.plan.plannedRegenerations.toFixed(0)} regenerations/s, ${p.plan.instances} instances`).join('; ')}`,
    )
    say(`  a CDN (points of presence each keeping a page s-maxage; each keeps STALE answers): origin page requests/s, of them regenerations, instances`)
    for (const c of cdn)
      say(
        `    ${String(c.pops).padStart(4)} × s-maxage ${String(c.sMaxAgeS).padStart(3)} s: ${c.plan.originRequests.toFixed(0).padStart(5)}/s, ${c.plan.regenerations.toFixed(0).padStart(4)}/s, ${c.plan.instances} instances, Redis out ${(c.plan.redis.bytesOutPerSecond / 1e6).toFixed(1)} MB/s`,
      )
    const when = (o: { viewsPerSecond: number; by: string | null }) =>
      o.by ? `at ${o.viewsPerSecond.toFixed(0)} views/s (${o.by})` : 'never (its work stops growing)'
    say(
      `  one Redis (${ONE_REDIS.threadShare * 100} % of its thread, ${ONE_REDIS.egressBytesPerSecond / 1e6} MB/s, ${ONE_REDIS.memoryBytes / 1e9} GB) is outgrown: with the edge ${when(outgrown.edge)}; ${outgrown.cdn.map((c) => `${c.pops} × ${c.sMaxAgeS} s ${when(c)}`).join('; ')}`,
    )

    add(figure('capacity CPU per HIT', cpu.hit, 'ms'))
    add(figure('capacity CPU per HIT from Redis', cpu.fromRedis, 'ms'))
    add(figure('capacity CPU per STALE (with regeneration)', cpu.stale, 'ms'))
    add(figure('capacity CPU per MISS', cpu.miss, 'ms'))
    add(figure('capacity CPU per static file', cpu.staticFile, 'ms'))
    add(figure('capacity CPU per floor page', floorCpu?.cpuMs ?? null, 'ms'))
    add(figure('capacity CPU per floor page, dynamic', floorCpu?.dynamicMs ?? null, 'ms'))
    add(figure('capacity CPU per MISS, median', renderTypical.miss, 'ms'))
    add(figure('capacity CPU per STALE (with regeneration), median', renderTypical.stale, 'ms'))
    add(figure('capacity background CPU per instance', backgroundMsPerSecond, 'ms/s'))
    add(
      figure('capacity render / floor dynamic render CPU', floorCpu ? renderTypical.miss / floorCpu.dynamicMs : null, '×', {
        text: '≤ 4×',
        met: (value) => value <= 4,
      }),
    )
    add(figure('capacity STALE / floor dynamic render CPU', floorCpu ? renderTypical.stale / floorCpu.dynamicMs : null, '×'))
    add(figure('capacity CPU per /api/client-config', cpu.clientConfig, 'ms'))
    add(figure('capacity CPU per monitor batch', cpu.monitorBatch, 'ms'))
    add(figure('capacity CPU per monitor batch refused', cpu.monitorRefused, 'ms'))
    add(figure('capacity monitor batches per view', view.batches.length, ''))
    add(figure('capacity HIT / static file CPU', cpu.hit / Math.max(cpu.staticFile, 1e-6), '×'))
    if (floorCpu) add(figure('capacity HIT / floor page CPU', cpu.hit / Math.max(floorCpu.cpuMs, 1e-6), '×'))
    add(figure('capacity nginx CPU per view', cpu.nginx, 'ms'))
    add(figure('capacity edge CPU per page HIT', cpu.edgeHit, 'ms'))
    add(figure('capacity edge CPU per static file', cpu.edgeStatic, 'ms'))
    add(figure('capacity edge page HIT / static file CPU', cpu.edgeHit / Math.max(cpu.edgeStatic, 1e-6), '×'))
    add(figure('capacity edge CPU per monitor batch refused', cpu.edgeRefused, 'ms'))
    add(figure('capacity render / HIT from Redis CPU', cpu.stale / Math.max(cpu.fromRedis, 1e-6), '×'))
    // Two phases apart, so background work lands in one or the other: scripts/bench-entries.ts measures the ratio page by page.
    add(figure('capacity HIT from Redis / HIT CPU', cpu.fromRedis / Math.max(cpu.hit, 1e-6), '×'))
    add(figure('capacity Redis commands per HIT', redisPer.hit.commands, ''))
    add(figure('capacity Redis commands per MISS', redisPer.miss.commands, ''))
    add(figure('capacity Redis kB out per HIT', redisPer.hit.bytesOut / 1000, 'kB'))
    add(figure('capacity Redis kB in per MISS', redisPer.miss.bytesIn / 1000, 'kB'))
    add(figure('capacity Redis kB per page entry', memory.page / 1000, 'kB'))
    const total = (u: UpstreamPerMinute | undefined) => (u ? u.symbolLists + u.tickers : null)
    add(figure('capacity upstream calls/min main, healthy', total(upstream.healthy.main), ''))
    add(figure('capacity upstream calls/min main, outage onset', total(upstream.onset.main), ''))
    add(figure('capacity upstream calls/min main, outage', total(upstream.outage.main), ''))
    add(figure('capacity instances for 2000 views/s', plan.instances, ''))
    add(figure('capacity instances for 2000 views/s, by URL', byUrl.instances, ''))
    add(figure('capacity Redis memory for the peak', plan.redis.memoryBytes / 1e9, 'GB'))
    add(figure('capacity Redis out for the peak', plan.redis.bytesOutPerSecond / 1e6, 'MB/s'))
    add(figure('capacity Redis CPU for the peak', plan.redis.cores * 100, '%'))
    add(figure('capacity regenerations/s with the edge', edge.regenerations, ''))
    add(figure('capacity instances for 2000 views/s with the edge', edge.instances, '', { text: '≤ 8', met: (value) => value <= 8 }))
    add(figure('capacity Redis memory with the edge', edge.redis.memoryBytes / 1e9, 'GB', { text: '≤ 4 GB', met: (value) => value <= 4 }))
    add(figure('capacity edge cores for the peak', edge.edge.cores, ''))
    add(figure('capacity upstream calls/min main with the edge, healthy', total(edge.upstream.healthy), ''))
    add(figure('capacity bench run time', (Date.now() - began) / 1000, 's'))

    Object.assign(details, {
      cpuMsPerRequest: { ...cpu, floor: floorCpu?.cpuMs ?? null, floorDynamic: floorCpu?.dynamicMs ?? null },
      renderTypical,
      backgroundMsPerSecond,
      idleCpuMsPerSecond: idleRate,
      redisPerView: redisPer,
      redisOverheadPerReading: overhead,
      redisReplay: replay,
      redisMemory: memory,
      redisIdleCpuMsPerSecond: redisIdleRate,
      phases: {
        miss,
        fromRedis,
        hit,
        stale,
        staticFile,
        viaNginx,
        edgeHit,
        edgeStatic,
        marketsRender,
        clientConfig,
        monitorAccepted,
        monitorRefused,
        monitorAtEdge,
        healthy,
        onset,
        outage,
      },
      edgeStaticFile: nearest,
      sharedTraffic: { healthy: sharedOf(healthy).copies, onset: sharedOf(onset).copies, outage: sharedOf(outage).copies },
      upstream: { perRegionPerMinute: upstream, windowSeconds: WINDOW_S },
      measured,
      assumptions: STATED_PEAK,
      plan,
      planByUrl: byUrl,
      view,
      edgeMeasured,
      model,
      edgePlan: edge,
      everyBatch,
      periods,
      cdn,
      outgrown,
      runSeconds: (Date.now() - began) / 1000,
    })
  } finally {
    await redis?.quit().catch(() => undefined)
    await fleet?.stop()
    await counter?.close()
    await stopAll(started)
  }
  say(`  capacity part: ${((Date.now() - began) / 1000).toFixed(0)} s`)
  return { figures, details }
}

/**
 * One view of the pair page in Chromium through nginx, `seconds` long, then left (the monitor's
 * leave beacon counts): the monitor batches it posted (when, and their bodies) and its other
 * requests to the site after the page itself (static files aside).
 */
async function viewAfterLoad(host: string, seconds: number): Promise<{ batches: { atS: number; body: string }[]; requests: Record<string, number> }> {
  const browser = await chromium.launch({ executablePath: CHROME, args: PLAYWRIGHT_FLAGS })
  try {
    const page = await browser.newPage()
    const began = Date.now()
    const batches: { atS: number; body: string }[] = []
    const requests: Record<string, number> = {}
    // Beacons carry their body to a route handler, not to the request event.
    await page.route('**/api/monitor', async (route) => {
      batches.push({ atS: (Date.now() - began) / 1000, body: route.request().postDataBuffer()?.toString('utf8') ?? '' })
      await route.continue()
    })
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (url.host === host && !url.pathname.startsWith('/_next/static') && url.pathname !== PAIR_PAGE) bump(requests, `${r.method()} ${url.pathname}`)
    })
    await page.goto(`http://${host}${PAIR_PAGE}`)
    await page.waitForTimeout(Math.max(0, seconds * 1000 - (Date.now() - began)))
    await page.goto('about:blank')
    await page.waitForTimeout(500)
    return { batches, requests }
  } finally {
    await browser.close()
  }
}

/**
 * Until instance A's symbol lists of `sites` (markets pages) are live, at most 30 s, their pair
 * pages `renders` first rendered there (a render refreshes a list past its 10 s window). A only:
 * the measured renders are A's, and B would take those pages from Redis, never loading a list.
 */
async function untilListsLive(sites: readonly Target[], renders: readonly Target[]): Promise<void> {
  const live = async () => {
    const health = JSON.parse((await request({ port: PORT_A, path: '/api/health' })).body.toString('utf8')) as {
      regions?: Record<string, { symbolList?: { languages?: { language: string; source: string }[] } }>
    }
    return sites.every((site) => {
      const id = site.host === 'localhost' ? 'main' : (site.host.split('.')[0] ?? '')
      return health.regions?.[id]?.symbolList?.languages?.find((l) => l.language === site.path.slice(1))?.source === 'v3+all'
    })
  }
  await drive(PORT_A, each(renders), 1)
  for (const until = Date.now() + 30_000; Date.now() < until; await sleep(1000)) if (await live()) return
  throw new Error(
    `capacity: instance A's symbol lists of ${sites.map((site) => `${site.host}${site.path}`).join(', ')} were not live 30 s after a render of each`,
  )
}

/**
 * CPU and Redis counters around `run`, started once the instances are quiet (what the last phase
 * left running is not this one's); with `untilQuiet`, ended once their background work
 * (regenerations, writes) is done.
 */
async function measurePhase(meters: Meters, run: () => Promise<Tally>, untilQuiet = false): Promise<Phase> {
  await quiet(meters)
  const links0 = await meters.links()
  const [cpu0, redis0, upstream0, t0] = [meters.cpu(), await meters.redis(), meters.upstream(), Date.now()]
  const tally = await run()
  if (untilQuiet) await quiet(meters)
  const [cpu1, redis1, upstream1, wallMs] = [meters.cpu(), await meters.redis(), meters.upstream(), Date.now() - t0]
  const links1 = await meters.links()
  const link = { timeout: 0, skipped: 0, failed: 0, opened: 0 }
  links1.forEach((after, i) => {
    for (const key of Object.keys(link) as (keyof LinkCounts)[]) link[key] += after.link[key] - (links0[i]?.link[key] ?? 0)
  })
  return {
    tally,
    wallMs,
    cpuMs: Object.fromEntries(Object.entries(cpu1).map(([name, ms]) => [name, ms - (cpu0[name] ?? 0)])),
    redis: redisDelta(redis1, redis0),
    upstream: diffCounts(upstream1, upstream0),
    link,
    steps: copyStepsDelta(
      links1.map((l) => l.steps),
      links0.map((l) => l.steps),
    ),
  }
}

/** Until each instance uses under 15 ms of CPU in 500 ms (3 % of a core) twice running, at most 10 s. */
async function quiet(meters: Meters): Promise<void> {
  const busy = () => {
    const cpu = meters.cpu()
    return [cpu.a ?? 0, cpu.b ?? 0]
  }
  let calm = 0
  const until = Date.now() + 10_000
  for (let last = busy(); calm < 2 && Date.now() < until;) {
    await sleep(500)
    const now = busy()
    calm = now.every((ms, i) => ms - (last[i] ?? 0) < 15) ? calm + 1 : 0
    last = now
  }
}

function sayCrawl(label: string, p: Phase, say: (line: string) => void): void {
  say(
    `  crawl (${label}): ${p.tally.requests} pages in ${(p.wallMs / 1000).toFixed(0)} s, ${JSON.stringify(p.tally.statuses)}, cache ${JSON.stringify(p.tally.cache)}, ${p.tally.errors} errors; upstream ${JSON.stringify(sumByEndpoint(p.upstream))}; Redis link ${JSON.stringify(p.link)}`,
  )
}

/**
 * A shared copy's traffic per look: `slots` copies asked by 2 instances rendering `renders` pages
 * in `seconds`; looks as the plan counts them (listLooksPerMinute), so the plan gets back what was
 * measured at this render rate.
 */
function copyRates(traffic: CopyTraffic, o: { slots: number; seconds: number; renders: number; bytes: number; windowS: number }): CopyRates {
  const looks = (o.slots * 2 * listLooksPerMinute(o.renders / o.seconds / 2, o.slots, o.windowS) * o.seconds) / 60
  return {
    timesPerLook: traffic.looks / looks,
    readsPerLook: traffic.reads / looks,
    leasesPerLook: traffic.leases / looks,
    writesPerMinute: (traffic.writes * 60) / (o.slots * o.seconds),
    bytes: o.bytes,
    windowS: o.windowS,
  }
}

function diffCounts(after: Counts, before: Counts): Counts {
  return Object.fromEntries(
    Object.entries(after).map(([region, byEndpoint]) => [
      region,
      Object.fromEntries(Object.entries(byEndpoint).map(([endpoint, n]) => [endpoint, n - (before[region]?.[endpoint] ?? 0)])),
    ]),
  )
}

function sumByEndpoint(counts: Counts): Record<string, number> {
  const out: Record<string, number> = {}
  for (const byEndpoint of Object.values(counts)) for (const [endpoint, n] of Object.entries(byEndpoint)) out[endpoint] = (out[endpoint] ?? 0) + n
  return out
}

function perRegion(counts: Counts, seconds: number): Record<string, UpstreamPerMinute> {
  return Object.fromEntries(
    Object.entries(counts).map(([region, byEndpoint]) => {
      const minute = perMinute(byEndpoint, seconds)
      const lists = (minute.symbol_list_v3 ?? 0) + (minute.symbol_list_all ?? 0) + (minute.symbol_list_v2 ?? 0)
      return [region, { symbolLists: lists, tickers: minute.tickers ?? 0 }]
    }),
  )
}

const rounded = (record: Record<string, number>) => Object.fromEntries(Object.entries(record).map(([name, n]) => [name, Number(n.toFixed(2))]))

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0

/** MEMORY USAGE of the pair pages' entries, the symbol lists and the tickers, medians. */
async function redisMemory(client: ReturnType<typeof createClient>): Promise<{
  page: number
  pages: number
  list: number
  lists: number
  listWire: number
  tickers: number
  tickersWire: number
  usedMemory: number
  keys: number
  sample: { entry: string; list: string; tickers: string }
}> {
  const sample = { entry: '', list: '', tickers: '' }
  const sizes = async (match: string, keep: (key: string) => boolean) => {
    const out: number[] = []
    for await (const keys of client.scanIterator({ MATCH: match, COUNT: 500 })) {
      for (const key of keys) {
        if (!keep(key)) continue
        out.push(Number(await client.sendCommand(['MEMORY', 'USAGE', key, 'SAMPLES', '0'])))
        if (key.includes(':e:')) sample.entry ||= key
        else if (key.startsWith('spot:tickers:')) sample.tickers ||= key
        else sample.list ||= key
      }
    }
    return out
  }
  const pages = await sizes('spot:*:e:*', (key) => key.includes('/trade/spot/'))
  const lists = await sizes('spot:lists:v1:pairs:*', () => true)
  // What one read or write of a list moves: its two records (RESP framing aside).
  const wire: number[] = []
  for await (const keys of client.scanIterator({ MATCH: 'spot:lists:v1:pairs:*', COUNT: 500 })) {
    for (const key of keys)
      wire.push(Number(await client.sendCommand(['HSTRLEN', key, 'symbol'])) + Number(await client.sendCommand(['HSTRLEN', key, 'incremental'])))
  }
  const tickers = await sizes('spot:tickers:v1:copy:*', () => true)
  const tickersWire: number[] = []
  for await (const keys of client.scanIterator({ MATCH: 'spot:tickers:v1:copy:*', COUNT: 500 })) {
    for (const key of keys) tickersWire.push(Number(await client.sendCommand(['HSTRLEN', key, 'tickers'])))
  }
  const info = parseRedisInfo(String(await client.sendCommand(['INFO', 'memory', 'keyspace'])))
  const keys = Number(/keys=(\d+)/.exec(info.get('db0') ?? '')?.[1] ?? 0)
  return {
    sample,
    page: median(pages),
    pages: pages.length,
    list: median(lists),
    lists: lists.length,
    listWire: median(wire),
    tickers: median(tickers),
    tickersWire: median(tickersWire),
    usedMemory: Number(info.get('used_memory') ?? 0),
    keys,
  }
}

/**
 * The floor page's CPU per request on its own server (before the fleet starts, on an instance's
 * port): prerendered (a static answer) and rendered on each request (the yardstick of a render).
 */
async function floorCpuPerRequest(
  floorDir: string | undefined,
  logDir: string,
  say: (line: string) => void,
): Promise<{ cpuMs: number; dynamicMs: number; requests: number } | undefined> {
  if (!floorDir || !floorBuilt(floorDir)) {
    say('  floor page: not built (npm run bench builds it), skipped')
    return undefined
  }
  const floor = await startFloor(floorDir, PORT_A, logDir)
  try {
    const pid = floor.pid ?? 0
    const targets = (path: string) => Array.from({ length: HIT_REQUESTS }, () => ({ host: 'localhost', path }))
    await drive(PORT_A, each([...targets(FLOOR_PATH).slice(0, 50), ...targets(FLOOR_DYNAMIC_PATH).slice(0, 50)]), 1)
    const idle0 = groupCpuMs(pid)
    await sleep(2000)
    const idleRate = (groupCpuMs(pid) - idle0) / 2
    const perRequest = async (path: string) => {
      const [cpu0, t0] = [groupCpuMs(pid), Date.now()]
      const tally = await drive(PORT_A, each(targets(path)), 1)
      return cpuMsPerRequest({ cpuMs: groupCpuMs(pid) - cpu0, wallMs: Date.now() - t0, requests: tally.requests }, idleRate)
    }
    const cpuMs = await perRequest(FLOOR_PATH)
    const dynamicMs = await perRequest(FLOOR_DYNAMIC_PATH)
    return { cpuMs, dynamicMs, requests: HIT_REQUESTS }
  } finally {
    await floor.stop()
  }
}

function sayPlan(plan: Plan, a: Assumptions, say: (line: string) => void): void {
  say(
    `\n  Extrapolation, ${a.balancing} (${a.peakViewsPerSecond} views/s, ${a.hitShare * 100} % HIT, the rest ${a.missShareOfOthers * 100} % MISS; crawl ${a.crawl.regions}×${a.crawl.languages}×${a.crawl.pairs} per ${a.crawl.days} day as MISS; ${a.targetUtilisation * 100} % of a core per instance, +${a.spareInstances} spare):`,
  )
  say(
    `  views/s HIT ${plan.viewsPerSecond.hit.toFixed(0)} + HIT from Redis ${plan.viewsPerSecond.hitFromRedis.toFixed(0)} (${a.balancing}: ${(plan.hitsFromRedisShare * 100).toFixed(0)} % of HITs), STALE ${plan.viewsPerSecond.stale.toFixed(0)}, MISS ${plan.viewsPerSecond.miss.toFixed(2)} (crawler ${plan.crawlerViewsPerSecond.toFixed(2)})`,
  )
  say(
    `  instance CPU ${plan.instanceCores.toFixed(1)} cores → ${plan.instancesNeeded} instances, ${plan.instances} with the spare; nginx ${plan.nginxCores.toFixed(2)} cores`,
  )
  say(
    `  Redis ${plan.redis.commandsPerSecond.toFixed(0)} commands/s, in ${(plan.redis.bytesInPerSecond / 1e6).toFixed(1)} MB/s, out ${(plan.redis.bytesOutPerSecond / 1e6).toFixed(1)} MB/s, CPU ${(plan.redis.cores * 100).toFixed(0)} % of its thread (${(plan.redis.coresOneAtATime * 100).toFixed(0)} % from one-at-a-time figures)`,
  )
  say(
    `  Redis memory: ${plan.redis.pages} pages × ${a.buildsInRedis} builds + ${a.listSlots} lists = ${(plan.redis.dataBytes / 1e9).toFixed(2)} GB data, ${(plan.redis.memoryBytes / 1e9).toFixed(2)} GB with ×${a.redisMemoryHeadroom}`,
  )
  const calls = (u: UpstreamPerMinute) => `${(u.symbolLists + u.tickers).toFixed(0)} (lists ${u.symbolLists.toFixed(0)}, tickers ${u.tickers.toFixed(0)})`
  say(
    `  upstream calls per minute of the main region with ${plan.instances} instances, at most: healthy ${calls(plan.upstream.healthy)}, outage ${calls(plan.upstream.outage)}`,
  )
  sayCopies(plan.redis, say)
}

function sayCopies(redis: Plan['redis'] | EdgePlan['redis'], say: (line: string) => void): void {
  for (const [name, load] of [
    ['lists', redis.lists],
    ['tickers', redis.tickers],
  ] as const)
    say(
      `  Redis ${name}: ${load.looksPerSecond.toFixed(0)} looks/s, ${load.commandsPerSecond.toFixed(0)} commands/s, in ${(load.bytesInPerSecond / 1e6).toFixed(1)} MB/s, out ${(load.bytesOutPerSecond / 1e6).toFixed(1)} MB/s, ${(load.cpuMs / 10).toFixed(1)} % of its thread (included above)`,
    )
}

function sayEdgePlan(plan: EdgePlan, t: TrafficModel, say: (line: string) => void): void {
  const ms = (cores: number) => `${cores.toFixed(2)}`
  say(
    `\n  With the edge (${t.viewsPerSecond} views/s over ${plan.pages} pair pages, Zipf s = ${t.zipfS}; revalidate ${t.revalidateS} s, ${t.edge.pops} edge cache(s) keeping a page ${t.edge.sMaxAgeS} s; a ${t.viewSeconds} s view sends ${t.monitorBatchesPerView} monitor batches):`,
  )
  say(
    `  distinct pages viewed per period ${plan.distinctPerPeriod.toFixed(0)} (${(plan.distinctPerPeriod / t.revalidateS).toFixed(1)}/s, the regenerations' bound); origin page requests ${plan.originRequests.toFixed(1)}/s, of them regenerations ${plan.regenerations.toFixed(1)}/s (sized for ${plan.plannedRegenerations.toFixed(1)}/s); crawl ${plan.crawlerRendersPerSecond.toFixed(2)}/s, markets ${plan.marketsRendersPerSecond.toFixed(2)}/s`,
  )
  say(
    `  per second: client config ${plan.clientConfigPerSecond.toFixed(1)}, monitor batches ${plan.monitor.batchesPerSecond.toFixed(0)} (refused by the edge ${plan.monitor.refusedByEdge.toFixed(0)}, accepted ${plan.monitor.accepted.toFixed(0)}, refused by the instances ${plan.monitor.refused.toFixed(0)})`,
  )
  const c = plan.cores
  say(
    `  instance CPU, cores: renders ${ms(c.renders)}, origin HITs ${ms(c.hits)}, crawl ${ms(c.crawl)}, markets ${ms(c.markets)}, client config ${ms(c.clientConfig)}, monitor ${ms(c.monitor)}, background ${ms(c.background)} = ${ms(c.total)} → ${plan.instancesNeeded} instances, ${plan.instances} with the spare`,
  )
  say(
    `  Redis ${plan.redis.commandsPerSecond.toFixed(0)} commands/s, in ${(plan.redis.bytesInPerSecond / 1e6).toFixed(1)} MB/s, out ${(plan.redis.bytesOutPerSecond / 1e6).toFixed(1)} MB/s, CPU ${(plan.redis.cores * 100).toFixed(1)} % of its thread; memory ${(plan.redis.dataBytes / 1e9).toFixed(2)} GB data, ${(plan.redis.memoryBytes / 1e9).toFixed(2)} GB with ×${t.redisMemoryHeadroom}`,
  )
  sayCopies(plan.redis, say)
  const e = plan.edge
  say(
    `  the edge: ${e.hitsPerSecond.toFixed(0)} answers/s from its cache, ${e.proxiedPerSecond.toFixed(0)}/s passed on, ${e.refusedPerSecond.toFixed(0)} monitor batches/s refused: ${e.cores.toFixed(2)} cores of nginx`,
  )
  const calls = (u: UpstreamPerMinute) => `${(u.symbolLists + u.tickers).toFixed(0)} (lists ${u.symbolLists.toFixed(0)}, tickers ${u.tickers.toFixed(0)})`
  say(`  upstream calls per minute of the main region, fleet-wide, at most: healthy ${calls(plan.upstream.healthy)}, outage ${calls(plan.upstream.outage)}`)
}

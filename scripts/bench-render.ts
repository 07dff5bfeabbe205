/**
 * What a pair page's render costs, against a dynamic render of the bare Next page (the floor,
 * scripts/bench/floor.ts) and, given another checkout, against that checkout's render, in
 * interleaved rounds (docs/capacity.md "The render"):
 *
 *   npx tsx scripts/bench-render.ts [other checkout]
 *
 * Each checkout needs a build (`npx next build`); the floor is built into the log folder the first
 * time. One `next start` per checkout (no Redis: an instance on its own disk) and the floor's,
 * beside a simulator of its own, on BENCH_RENDER_PORTS (6900–6907). Each round sends every
 * server the same BENCH_RENDER_PAGES (40) pair pages, new to each (first renders: MISS, stored),
 * and the floor as many requests for its dynamic page, interleaved one by one (the order
 * rotating), so all see the same moments of a shared machine's load. Each checkout's stored pages (.next/server/route-cache, written at run
 * time) are removed first. CPU per request is the process group's CPU time (/proc schedstat) over
 * the requests and until the server is quiet again (its cache writes), less its idle burn.
 * BENCH_RENDER_FLEET=1 runs each site in fleet mode (REDIS_URL: a Redis on 6908, a database of
 * its own per checkout, so the two share nothing), as the fleet's instances render: with the
 * write to Redis, without the disk.
 * BENCH_RENDER_ROUNDS (5) rounds; medians. BENCH_RENDER_OTHER_ENV (JSON) adds environment to the
 * other checkout's server, to weigh a setting on a copy of the same build. Figures go to
 * bench-results.json ("render …").
 */
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createClient } from 'redis'
import { REGION_IDS, REGIONS, type RegionId } from '../lib/regions/regions'
import { cpuMsPerRequest } from './bench/capacity-sheet'
import { buildFloor, FLOOR_DYNAMIC_PATH, floorBuilt, floorDir, startFloor } from './bench/floor'
import { header, request } from './bench/http'
import { groupCpuMs } from './bench/proc-cpu'
import { figure, median, mergeResults, runsFromEnv, type Figure } from './bench/report'
import { assertFree, siteEnv, startSimulator, startSite } from './bench/stack'
import { BENCH_RENDER_PORTS } from './support/ports'
import { start, stopAll, type Started } from './support/processes'

const ROOT = resolve(__dirname, '..')
const LOG_DIR = join(tmpdir(), 'spot-bench-render')
const PORTS = BENCH_RENDER_PORTS
const ROUNDS = runsFromEnv('BENCH_RENDER_ROUNDS', 5, 50)
const PAGES = runsFromEnv('BENCH_RENDER_PAGES', 40, 500)
/** More environment for the other checkout's server (JSON), to weigh a setting: '{"NODE_OPTIONS":"--max-semi-space-size=64"}'. */
const OTHER_ENV = JSON.parse(process.env.BENCH_RENDER_OTHER_ENV || '{}') as Record<string, string>
const FLEET = process.env.BENCH_RENDER_FLEET === '1'

/** Fleet mode for the site on `port`: its own Redis database, every region's public URL on that port (README "Fleet"). */
function fleetEnv(port: number, database: number): Record<string, string> {
  const env: Record<string, string> = { REDIS_URL: `redis://127.0.0.1:${PORTS.redis}/${database}`, REDIS_TIMEOUT_MS: '1000' }
  for (const id of REGION_IDS) env[`REGION_${id.toUpperCase()}_PUBLIC_URL`] = `http://${hostOf(id)}:${port}`
  return env
}

/** redis-server on the bench's port, no persistence, ready once it answers PING. */
async function startRedis(): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'spot-bench-render-redis-'))
  const redis = start('redis', 'redis-server', ['--port', String(PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    cwd: dir,
    env: process.env,
    output: { logFile: join(LOG_DIR, 'redis.log') },
  })
  for (const until = Date.now() + 10_000; Date.now() < until; await sleep(100)) {
    const client = createClient({ url: `redis://127.0.0.1:${PORTS.redis}` })
    client.on('error', () => undefined)
    const pong = await client
      .connect()
      .then(() => client.ping())
      .catch(() => null)
    await client.quit().catch(() => undefined)
    if (pong === 'PONG') return redis
  }
  await redis.stop()
  throw new Error(`redis-server did not answer on ${PORTS.redis}; log: ${redis.logFile}`)
}
/** Sites whose pair pages are rendered, in turn: other regions, languages and scripts (each its own symbol list). */
const SITES: ReadonlyArray<[RegionId, string]> = [
  ['main', 'en'],
  ['hk', 'zh-HK'],
  ['tr', 'tr-TUR'],
  ['eu', 'de-EU'],
  ['ae', 'ar-SA'],
  ['main', 'ja-JP'],
  ['kz', 'ru-KAZ'],
  ['id', 'id-IDN'],
]

interface Server {
  label: string
  port: number
  started: Started
  /** CPU ms it burns per second idle. */
  idleMsPerS: number
}

interface Target {
  host: string
  path: string
}

const hostOf = (id: RegionId) => (id === 'main' ? 'localhost' : `${id}.localhost`)
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
const say = (line = '') => console.log(line)

/** Until every group uses under 15 ms of CPU in 500 ms (3 % of a core) twice running, at most 10 s. */
async function quiet(pids: readonly number[]): Promise<void> {
  let calm = 0
  let last = pids.map(groupCpuMs)
  for (const until = Date.now() + 10_000; calm < 2 && Date.now() < until;) {
    await sleep(500)
    const now = pids.map(groupCpuMs)
    calm = now.every((ms, i) => ms - (last[i] ?? 0) < 15) ? calm + 1 : 0
    last = now
  }
}

/**
 * CPU ms per request of each server, its requests interleaved with the others' one by one (the
 * order rotating), so every server sees the same neighbours and the same moments of the
 * machine's load: `targetsOf(server)` gives its list, all of one length. Each server answers one
 * at a time over one keep-alive connection; the window closes once all are quiet again.
 */
async function interleaved(
  servers: readonly Server[],
  targetsOf: (server: Server) => readonly Target[],
): Promise<{ cpuMs: number[]; answers: Record<string, number>[] }> {
  const pids = servers.map((server) => server.started.pid ?? 0)
  await quiet(pids)
  const agents = servers.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }))
  const answers = servers.map((): Record<string, number> => ({}))
  const lists = servers.map(targetsOf)
  const count = lists[0]?.length ?? 0
  const [cpu0, t0] = [pids.map(groupCpuMs), Date.now()]
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < servers.length; j++) {
      const k = (i + j) % servers.length
      const [server, target] = [servers[k] as Server, lists[k]?.[i] as Target]
      const reply = await request({ port: server.port, path: target.path, host: target.host, agent: agents[k] })
      const answer = `${reply.status} ${header(reply, 'x-nextjs-cache') ?? '-'}`
      answers[k]![answer] = (answers[k]![answer] ?? 0) + 1
    }
  }
  await quiet(pids)
  const [cpu1, wallMs] = [pids.map(groupCpuMs), Date.now() - t0]
  for (const agent of agents) agent.destroy()
  const cpuMs = servers.map((server, k) => cpuMsPerRequest({ cpuMs: (cpu1[k] ?? 0) - (cpu0[k] ?? 0), wallMs, requests: count }, server.idleMsPerS))
  return { cpuMs, answers }
}

/** The chosen sites' pair pages from their regions' sitemaps, one site after another (each next page another symbol list). */
async function pairPages(port: number): Promise<Target[]> {
  const bySite: Target[][] = []
  for (const [id, lang] of SITES) {
    const reply = await request({ port, path: '/sitemap.xml', host: `${hostOf(id)}:${port}` })
    if (reply.status !== 200) throw new Error(`${id} /sitemap.xml answered ${reply.status}`)
    const paths = [...reply.body.toString('utf8').matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map(([, loc]) => new URL(loc ?? '').pathname)
      .filter((path) => path.startsWith(`/${lang}/trade/spot/`))
    if (paths.length === 0) throw new Error(`no pair pages of ${lang} in ${id}'s sitemap`)
    bySite.push(paths.map((path) => ({ host: hostOf(id), path })))
  }
  const out: Target[] = []
  for (let i = 0; bySite.some((site) => i < site.length); i++) {
    for (const site of bySite) {
      const page = site[i]
      if (page) out.push(page)
    }
  }
  return out
}

void (async () => {
  const other = process.argv[2] ? resolve(process.argv[2]) : undefined
  const checkouts = [ROOT, ...(other ? [other] : [])]
  await assertFree(...PORTS.sites, PORTS.floor, ...Object.values(PORTS.sim), ...(FLEET ? [PORTS.redis] : []))
  for (const [id] of SITES) if (!REGIONS[id]) throw new Error(`no region ${id}`)
  const floorProject = floorDir(LOG_DIR)
  if (!floorBuilt(floorProject)) say(`next build (floor): ${(await buildFloor(ROOT, LOG_DIR, PORTS.floor)).seconds?.toFixed(0)} s`)

  const started: Started[] = []
  process.on('SIGINT', () => void stopAll(started).then(() => process.exit(130)))
  const figures: Figure[] = []
  try {
    started.push(await startSimulator(ROOT, LOG_DIR, PORTS.sim, []))
    if (FLEET) started.push(await startRedis())
    const servers: Server[] = []
    for (const [i, dir] of checkouts.entries()) {
      const port = PORTS.sites[i] ?? 0
      // The pages its earlier runs stored: without them every page measured is a first render.
      rmSync(join(dir, '.next', 'server', 'route-cache'), { recursive: true, force: true })
      const extra = { ...(FLEET ? fleetEnv(port, i) : {}), ...(i === 0 ? {} : OTHER_ENV) }
      const site = await startSite(dir, port, siteEnv(port, extra, PORTS.sim), LOG_DIR, i === 0 ? 'this checkout' : 'the other checkout')
      started.push(site)
      servers.push({ label: i === 0 ? 'pair page' : `pair page, ${dir}`, port, started: site, idleMsPerS: 0 })
    }
    const floorServer = await startFloor(floorProject, PORTS.floor, LOG_DIR)
    started.push(floorServer)
    const floor: Server = { label: 'floor, dynamic', port: PORTS.floor, started: floorServer, idleMsPerS: 0 }

    const pages = await pairPages(servers[0]?.port ?? 0)
    const warm = SITES.length * 2
    if (pages.length < warm + ROUNDS * PAGES) throw new Error(`only ${pages.length} pair pages for ${ROUNDS} rounds of ${PAGES}`)
    // Every server loads the sites' symbol lists (markets pages) and renders a few pages before it is measured.
    const all = [floor, ...servers]
    const markets = SITES.map(([id, lang]) => ({ host: hostOf(id), path: `/${lang}` }))
    const floorPage = { host: 'localhost', path: FLOOR_DYNAMIC_PATH }
    await interleaved(all, (server) => (server === floor ? [...markets, ...pages.slice(0, warm)].map(() => floorPage) : [...markets, ...pages.slice(0, warm)]))
    // Idle burn: the least of three 1 s windows, so a neighbour's spike or a late timer is not
    // taken off every round (with rounds of a minute on a loaded machine it would be most of one).
    for (let window = 0; window < 3; window++) {
      const idle0 = all.map((server) => groupCpuMs(server.started.pid ?? 0))
      await sleep(1000)
      all.forEach((server, i) => {
        const rate = groupCpuMs(server.started.pid ?? 0) - (idle0[i] ?? 0)
        server.idleMsPerS = window === 0 ? rate : Math.min(server.idleMsPerS, rate)
      })
    }
    say(`  idle burn, ms of CPU a second: ${all.map((server) => `${server.label} ${server.idleMsPerS.toFixed(1)}`).join(', ')}`)
    say(
      `Render CPU${FLEET ? ', fleet mode' : ''} (${ROUNDS} interleaved rounds of ${PAGES} requests per server, one at a time; ${pages.length} pair pages on ${SITES.length} sites)`,
    )

    const perRound = new Map<Server, number[]>(all.map((server) => [server, []]))
    for (let round = 0; round < ROUNDS; round++) {
      const slice = pages.slice(warm + round * PAGES, warm + (round + 1) * PAGES)
      const { cpuMs, answers } = await interleaved(all, (server) => (server === floor ? slice.map(() => floorPage) : slice))
      const line = all.map((server, k) => {
        perRound.get(server)?.push(cpuMs[k] ?? NaN)
        const expected = server === floor ? '200 -' : '200 MISS'
        return `${server.label} ${(cpuMs[k] ?? NaN).toFixed(2)} ms${answers[k]?.[expected] === slice.length ? '' : ` ${JSON.stringify(answers[k])}`}`
      })
      say(`  round ${round + 1}: ${line.join(', ')}  (load average ${(loadavg()[0] ?? 0).toFixed(1)})`)
    }

    const floorMs = median(perRound.get(floor) ?? []) ?? NaN
    say('')
    say(`  ${floor.label.padEnd(40)} ${floorMs.toFixed(2).padStart(7)} ms CPU per render`)
    figures.push(figure('render CPU, floor page (dynamic)', floorMs, 'ms'))
    for (const [i, server] of servers.entries()) {
      const ms = median(perRound.get(server) ?? []) ?? NaN
      // The ratio per round (neighbours in time), then its median.
      const ratios = (perRound.get(server) ?? []).map((value, round) => value / (perRound.get(floor)?.[round] ?? NaN))
      const ratio = median(ratios) ?? NaN
      say(`  ${server.label.padEnd(40)} ${ms.toFixed(2).padStart(7)} ms CPU per render, ${ratio.toFixed(1)}× the floor's`)
      const suffix = i === 0 ? '' : ', other checkout'
      figures.push(figure(`render CPU, pair page${suffix}`, ms, 'ms'))
      figures.push(figure(`render CPU, pair page / floor${suffix}`, ratio, '×', i === 0 ? { text: '≤ 4×', met: (value) => value <= 4 } : undefined))
    }
    if (servers.length === 2) {
      const [ours, theirs] = servers.map((server) => perRound.get(server) ?? [])
      const ratio = median((ours ?? []).map((value, round) => value / (theirs?.[round] ?? NaN))) ?? NaN
      say(`  this checkout / the other: ${ratio.toFixed(2)}× per render (median of the rounds' ratios)`)
      figures.push(figure('render CPU, this checkout / other', ratio, '×'))
    }
    say(
      `\nwritten: ${mergeResults(ROOT, 'render ', figures, 'render', { rounds: ROUNDS, pages: PAGES, perRound: Object.fromEntries([...perRound].map(([s, v]) => [s.label, v])) })}`,
    )
  } finally {
    await stopAll(started)
  }
})().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

/**
 * `npm run bench`: speed and size figures of the site, each with its goal, in one run.
 *
 * Builds (skip with BENCH_SKIP_BUILD=1 when .next is current), starts the upstream simulator
 * (:4300–4304) and `next start` three times (:3300 ours, :3301 a copy built with the baseline
 * middleware, :3302 the floor: a bare Next page that Lighthouse's and the phone-CPU figures are
 * read against, scripts/bench/floor.ts), measures, and stops everything it started, also on
 * failure and Ctrl-C. Last come the browser parts, the phone part (scripts/bench-phones.ts: the
 * CPU tiers calibrated to this host, Lighthouse against the floor at both, the low tier's loads
 * observed and the interactions at both), then the fleet
 * figures and the capacity sheet's (scripts/bench/capacity.ts, docs/capacity.md). It reports goals as met or
 * missed and exits 0 either way: it is a measurement, not a test (a setup failure exits 1). Every
 * figure is from this machine and this run; on a 2-core machine the load generator shares the
 * CPUs with the server, which is why goals are ratios against a reference measured the same way.
 *
 * Output: the figures as they come, a summary table, and bench-results.json (git-ignored).
 */
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { REGION_IDS, REGIONS } from '../lib/regions/regions'
import { runFleetBench } from './bench-fleet'
import { runCapacityBench } from './bench/capacity'
import { runPhoneBench } from './bench-phones'
import { runSymbolsBench } from './bench-symbols'
import { baselineBuilt, baselineDir, prepareBaseline } from './bench/baseline'
import { buildFloor, startFloor } from './bench/floor'
import { firstLoad, type FirstLoad } from './bench/first-load'
import { header, request } from './bench/http'
import { runBookBench } from './bench/book'
import { DEFAULT_LOAD, measure, rotate, type LoadFigures, type LoadTarget } from './bench/load'
import { stopAll, unexpectedExits, type Started } from './support/processes'
import { BENCH_PORTS } from './support/ports'
import { figure, formatValue, summaryTable, writeResults, type Figure } from './bench/report'
import { assertFree, buildSite, clearFaults, hangUpstream, SIM_PORTS, siteEnv, startSimulator, startSite, upstreamHits, warmPage } from './bench/stack'

const ROOT = resolve(__dirname, '..')
const LOG_DIR = join(tmpdir(), 'spot-bench')
const SITE_PORT = BENCH_PORTS.site
const BASELINE_PORT = BENCH_PORTS.baseline
/** The floor's `next start` (a bare Next page: the Lighthouse goals are ratios to it). */
const FLOOR_PORT = BENCH_PORTS.floor
/** Lighthouse's interleaved rounds here: at least 5, as issue #26 asks (BENCH_LIGHTHOUSE_ROUNDS may ask for more). */
const MIN_LIGHTHOUSE_ROUNDS = 5
const PAIR_PAGE = '/en/trade/spot/BTC/USDT'
const MARKETS_PAGE = '/en'
/** In public/; the middleware matcher skips .svg, so Next serves it with no middleware at all. */
const STATIC_FILE = '/favicon.svg'
/** Outside every route of ours: Next's default not-found page, without our layout. */
const NEXT_404 = '/api/does-not-exist'
/** Pages requested beside the load while the upstream hangs, so regenerations wait on it. */
const ROTATION_CONNECTIONS = 4
const ROTATION_PAIRS = 20
/**
 * A rotation request gives up after this long (s) and its connection asks for the next page, as
 * an impatient crawler would; the server keeps the render waiting on the upstream.
 */
const ROTATION_TIMEOUT_S = 3
/** Markets pages revalidate after 60 s (pair pages after 300 s: the rotation's are mostly first renders); the hung run starts once the build's markets pages are older. */
const REVALIDATE_MS = 60_000

const started: Started[] = []
const figures: Figure[] = []
const details: Record<string, unknown> = {}

const kB = (bytes: number) => bytes / 1000
const say = (line = '') => console.log(line)
const loadLine = (label: string, f: LoadFigures) =>
  `  ${label.padEnd(34)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  (${f.requests} requests, ${f.non2xx} non-2xx, ${f.errors} errors)`
const target = (port: number, path: string, host = `localhost:${port}`): LoadTarget => ({ port, path, host })

function add(f: Figure): void {
  figures.push(f)
  const goal = f.goal ? `  goal ${f.goal}: ${f.met === null ? 'not measured' : f.met ? 'met' : 'MISSED'}` : ''
  say(`  → ${f.name}: ${formatValue(f)}${goal}`)
}

function symbolsPipeline(): void {
  say('Symbol-list pipeline (in process, synthetic 3000-pair answer)')
  const s = runSymbolsBench()
  say(
    `  bare JSON.parse ${s.jsonParseMs.toFixed(2)} ms, decode + validate + merge ${s.pipelineMs.toFixed(2)} ms, derive ${s.deriveMs.toFixed(2)} ms (median of ${s.runs})`,
  )
  details.symbols = s
  add(figure('symbol list: pipeline / JSON.parse', s.ratio, '×', { text: '≤ 3×', met: () => s.goals.ratio }))
  add(figure('symbol list: stored caches', s.storedCacheBytes / 1024 / 1024, 'MB', { text: '≤ 1.5 MB', met: () => s.goals.storedCache }))
}

/**
 * The static file, our pair page and the baseline's pair page, back to back: on a shared 2-core
 * machine background load drifts, so runs compared in a ratio should be neighbours in time.
 */
async function steadyLoad(baselinePort: number | null): Promise<LoadFigures> {
  say(
    `\nWarm pair page vs a static file vs the baseline middleware (${DEFAULT_LOAD.connections} connections, ${DEFAULT_LOAD.warmupSeconds} s warm-up + ${DEFAULT_LOAD.seconds} s each)`,
  )
  const svg = await request({ port: SITE_PORT, path: STATIC_FILE })
  if (svg.status !== 200) throw new Error(`${STATIC_FILE} answered ${svg.status}: add it to public/`)
  const cache = await warmPage(SITE_PORT, PAIR_PAGE)
  const baselineCache = baselinePort === null ? 'none' : await warmPage(baselinePort, PAIR_PAGE)
  say(`  ${PAIR_PAGE}: x-nextjs-cache ${cache} (ours), ${baselineCache} (baseline)${cache === 'HIT' ? '' : '; not an ISR hit: the figures include renders'}`)

  const staticFile = await measure(target(SITE_PORT, STATIC_FILE))
  say(loadLine(`GET ${STATIC_FILE}`, staticFile))
  const page = await measure(target(SITE_PORT, PAIR_PAGE))
  say(loadLine(`GET ${PAIR_PAGE}`, page))
  const baseline = baselinePort === null ? null : await measure(target(baselinePort, PAIR_PAGE))
  if (baseline) say(loadLine(`GET ${PAIR_PAGE} (baseline)`, baseline))
  details.static = staticFile
  details.page = { ...page, cache }
  details.baseline = baseline && { ...baseline, cache: baselineCache }

  add(figure('static file req/s', staticFile.rps, 'req/s'))
  add(figure('pair page req/s', page.rps, 'req/s'))
  add(figure('pair page p99 (healthy)', page.p99, 'ms'))
  add(figure('pair page / static req/s', page.rps / staticFile.rps, '×', { text: '≥ 0.2×', met: (v) => v >= 0.2 }))
  if (baseline) add(figure('pair page req/s, baseline middleware', baseline.rps, 'req/s'))
  add(figure('pair page req/s ours / baseline', baseline ? page.rps / baseline.rps : null, '×', { text: '≥ 0.9×', met: (v) => v >= 0.9 }))
  return page
}

/** Markets pages and other pair pages of every region and language, for the rotation. */
async function rotationTargets(): Promise<Omit<LoadTarget, 'port'>[]> {
  // Pairs the markets page links to: some prerendered by the build (stale by then, so a request
  // starts a background regeneration), the others never rendered (a render that waits on the list).
  const html = (await request({ port: SITE_PORT, path: MARKETS_PAGE })).body.toString('utf8')
  const pairs = [...new Set([...html.matchAll(/href="\/en\/trade\/spot\/([^/"]+\/[^/"]+)"/g)].map((m) => m[1] ?? ''))]
    .filter((pair) => pair && pair !== 'BTC/USDT')
    .slice(0, ROTATION_PAIRS)
  const pages = ['', ...pairs.map((pair) => `/trade/spot/${pair}`)]
  const sites = REGION_IDS.flatMap((id) => {
    const host = id === 'main' ? `localhost:${SITE_PORT}` : `${id}.localhost:${SITE_PORT}`
    return REGIONS[id].languages.map((lang) => ({ host, lang }))
  })
  // Diagonally: each request is for another site (another symbol list to load) and another kind of
  // page, so even the few dozen requests of one run mix markets, stale and never-rendered pages.
  return pages.flatMap((_, round) => sites.map(({ host, lang }, i) => ({ host, path: `/${lang}${pages[(i + round) % pages.length] ?? ''}` })))
}

async function upstreamHung(healthy: LoadFigures, targets: Omit<LoadTarget, 'port'>[], staleAt: number): Promise<void> {
  say('\nWarm pair page while every upstream host hangs')
  // Regenerations only ask the upstream once pages are stale: before that every page, prerendered
  // or rendered since the build, would be a fresh cache hit and the hang would go unnoticed.
  const wait = staleAt - Date.now()
  if (wait > 0) {
    say(`  waiting ${(wait / 1000).toFixed(0)} s until the build's pages are older than their revalidate time`)
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
  // No warming here: the page is in the server's cache since the healthy run, and if it is stale
  // by now its own regeneration waits on the hung upstream too, which is part of the question.
  const hitsBefore = await upstreamHits()
  await hangUpstream()
  let hung: LoadFigures
  let rotation: LoadFigures
  let cacheWhileHung: string
  try {
    // The rotation runs through the warm-up and the measured run of the pair page.
    const rotating = rotate(SITE_PORT, targets, {
      connections: ROTATION_CONNECTIONS,
      seconds: DEFAULT_LOAD.warmupSeconds + DEFAULT_LOAD.seconds,
      timeoutSeconds: ROTATION_TIMEOUT_S,
    })
    hung = await measure(target(SITE_PORT, PAIR_PAGE))
    rotation = await rotating
    cacheWhileHung = header(await request({ port: SITE_PORT, path: PAIR_PAGE }), 'x-nextjs-cache') ?? 'none'
  } finally {
    await clearFaults()
  }
  const upstreamRequests = (await upstreamHits()) - hitsBefore
  say(loadLine(`GET ${PAIR_PAGE} (hung)`, hung))
  say(loadLine(`rotation over ${targets.length} other pages`, rotation))
  say(`  rotation: statuses ${JSON.stringify(rotation.statusCodes)}, ${rotation.timeouts} gave up after ${ROTATION_TIMEOUT_S} s (waiting on the upstream)`)
  say(`  upstream requests that hung: ${upstreamRequests}; ${PAIR_PAGE} after the run: x-nextjs-cache ${cacheWhileHung}`)
  if (upstreamRequests === 0) say('  note: no request reached the upstream, so no regeneration waited on the hang: the ratio below says little')
  details.hung = { page: hung, rotation, rotationPages: targets.length, upstreamRequests, cacheWhileHung }
  add(figure('pair page p99 (upstream hung)', hung.p99, 'ms'))
  // Against the healthy run above: the same load on the same server. The rotation adds little CPU
  // (its requests mostly wait on the upstream), so the difference is what the hang costs.
  // autocannon reports whole ms; a 0 ms p99 would divide by zero.
  add(figure('pair page p99 hung / healthy', hung.p99 / Math.max(healthy.p99, 1), '×', { text: '≤ 1.2×', met: (v) => v <= 1.2 }))
  add(figure('pair page non-2xx or errors while hung', hung.non2xx + hung.errors, '', { text: '0', met: (v) => v === 0 }))
}

async function firstLoadJs(): Promise<void> {
  say(`\nFirst-load JavaScript (gzip -9 of each <script src>), above Next's own 404 page (${NEXT_404})`)
  const show = (label: string, f: FirstLoad) =>
    say(
      `  ${label.padEnd(8)} ${kB(f.page.total).toFixed(1)} kB in ${f.page.scripts.size} scripts; Next baseline ${kB(f.baseline.total).toFixed(1)} kB in ${f.baseline.scripts.size}; above baseline ${kB(f.ours.total).toFixed(1)} kB in ${f.ours.scripts.length}`,
    )
  const pair = await firstLoad(SITE_PORT, PAIR_PAGE, NEXT_404, `localhost:${SITE_PORT}`)
  const markets = await firstLoad(SITE_PORT, MARKETS_PAGE, NEXT_404, `localhost:${SITE_PORT}`)
  show('pair', pair)
  show('markets', markets)
  if (pair.baseline.status !== 404) say(`  note: ${NEXT_404} answered ${pair.baseline.status}, not 404: the baseline may not be Next's bare page`)
  const json = (f: FirstLoad) => ({
    path: f.page.path,
    total: f.page.total,
    baseline: f.baseline.total,
    ours: f.ours.total,
    scripts: Object.fromEntries(f.page.scripts),
    baselineScripts: [...f.baseline.scripts.keys()],
  })
  details.firstLoad = { pair: json(pair), markets: json(markets) }
  add(figure('pair page first-load JS', kB(pair.page.total), 'kB'))
  add(figure("Next's baseline first-load JS", kB(pair.baseline.total), 'kB'))
  add(figure('pair page JS above baseline', kB(pair.ours.total), 'kB', { text: '≤ 30 kB', met: (v) => v <= 30 }))
  add(figure('markets page JS above baseline', kB(markets.ours.total), 'kB'))
}

/**
 * The baseline site: the same sources built again with scripts/bench/baseline-middleware.ts as
 * their middleware (./bench/baseline.ts), started beside ours.
 */
async function startBaseline(): Promise<Started> {
  const skip = process.env.BENCH_SKIP_BUILD === '1' && baselineBuilt(LOG_DIR)
  const dir = skip ? baselineDir(LOG_DIR) : prepareBaseline(ROOT, LOG_DIR)
  const seconds = await buildSite(dir, siteEnv(BASELINE_PORT), LOG_DIR, 'build-baseline.log')
  say(seconds === null ? 'next build (baseline): skipped (BENCH_SKIP_BUILD=1)' : `next build (baseline): ${seconds.toFixed(0)} s`)
  const baseline = await startSite(dir, BASELINE_PORT, siteEnv(BASELINE_PORT), LOG_DIR, 'baseline middleware')
  started.push(baseline)
  // Our middleware redirects "/" to a language; the baseline rewrites it. A redirect here means
  // the copy kept our middleware and the comparison would be ours against ours.
  const root = await request({ port: BASELINE_PORT, path: '/' })
  if (root.status === 307 || root.status === 308) throw new Error(`baseline server still redirects / (${header(root, 'location')}): it runs our middleware`)
  return baseline
}

async function main(): Promise<void> {
  say(`npm run bench: logs of the processes it starts are in ${LOG_DIR}\n`)
  await assertFree(SITE_PORT, BASELINE_PORT, FLOOR_PORT, ...Object.values(SIM_PORTS))
  // First, while nothing else runs: it is CPU-bound and in this process.
  symbolsPipeline()

  // The simulator first, so the build's prerender reads live symbol lists from it.
  started.push(await startSimulator(ROOT, LOG_DIR))
  const buildSeconds = await buildSite(ROOT, siteEnv(SITE_PORT), LOG_DIR)
  say(`\n${buildSeconds === null ? 'next build: skipped (BENCH_SKIP_BUILD=1)' : `next build: ${buildSeconds.toFixed(0)} s`}`)
  // By then every page the build or an earlier run rendered is older than its revalidate time.
  const staleAt = Date.now() + REVALIDATE_MS + 5_000

  // The baseline and the floor build before our site starts, so builds do not compete with a server.
  const baseline = await startBaseline()
  const floor = await buildFloor(ROOT, LOG_DIR, FLOOR_PORT)
  say(floor.seconds === null ? 'next build (floor): skipped (BENCH_SKIP_BUILD=1)' : `next build (floor): ${floor.seconds.toFixed(0)} s`)
  started.push(await startSite(ROOT, SITE_PORT, siteEnv(SITE_PORT), LOG_DIR, 'our middleware'))
  const healthy = await steadyLoad(BASELINE_PORT)
  await baseline.stop() // idle from here on; the hung run has the machine to itself
  await firstLoadJs()
  await upstreamHung(healthy, await rotationTargets(), staleAt)
  // After the load runs, with the faults cleared: Lighthouse's throttled CPU figures need the cores.
  const floorSite = await startFloor(floor.dir, FLOOR_PORT, LOG_DIR)
  started.push(floorSite)
  const phones = await runPhoneBench({ site: SITE_PORT, floor: FLOOR_PORT }, LOG_DIR, say, { minRounds: MIN_LIGHTHOUSE_ROUNDS })
  figures.push(...phones.figures)
  Object.assign(details, { phones: { calibration: phones.details.calibration, minutes: phones.details.minutes } })
  details.lighthouse = phones.details.lighthouse
  details.phoneCpu = phones.details.phoneCpu
  details.interactions = phones.details.interactions
  await floorSite.stop()
  // The pair page with the order book against itself without it, streaming on slowed CPUs (issue 51 item 7).
  const book = await runBookBench(SITE_PORT, SIM_PORTS.admin, say)
  figures.push(...book.figures)
  details.book = book.details
  // Our site stops first: the fleet's three instances and nginx need the cores.
  await started.find((one) => one.name === 'next start (our middleware)')?.stop()
  const fleet = await runFleetBench(ROOT, LOG_DIR, say)
  figures.push(...fleet.figures)
  details.fleet = fleet.details
  // Last: CPU, Redis and upstream figures per page view, and the peak they extrapolate to (docs/capacity.md).
  const capacity = await runCapacityBench(ROOT, LOG_DIR, say, { floorDir: floor.dir })
  figures.push(...capacity.figures)
  details.capacity = capacity.details
  for (const name of await stopAll(started)) say(`\nnote: ${name} did not exit within 5 s of SIGTERM and was killed`)

  say(`\nSummary (${new Date().toISOString()}, ${process.version})`)
  say(summaryTable(figures))
  const file = join(ROOT, 'bench-results.json')
  writeResults(file, figures, details)
  say(`\nwritten: ${file}`)
}

let stopping: Promise<unknown> | undefined
let interrupted = false
async function stopAndExit(code: number): Promise<never> {
  // One cleanup, however many paths ask for it (a signal while main() fails, a second Ctrl-C).
  stopping ??= stopAll(started).catch(() => undefined)
  await stopping
  process.exit(code)
}

function interrupt(code: number): void {
  interrupted = true
  void stopAndExit(code)
}

// `on`, not `once`: Ctrl-C reaches this process twice (from the terminal, and relayed by tsx),
// and a second signal without a listener would end it before the cleanup is done.
process.on('SIGINT', () => interrupt(130))
process.on('SIGTERM', () => interrupt(143))
main().then(
  () => stopAndExit(0),
  (error: unknown) => {
    // After Ctrl-C, requests to the servers being stopped fail: that is not worth a report.
    if (!interrupted) {
      console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`)
      for (const line of unexpectedExits(started)) console.error(line)
    }
    return stopAndExit(interrupted ? 130 : 1)
  },
)

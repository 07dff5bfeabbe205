/**
 * Fleet figures for `npm run bench` (README "Fleet"): the pair page through the edge against one
 * of its own script chunks of similar size through the same nginx (the floor); the instances'
 * own figures through nginx's uncached door with 1 and 3 instances, Redis healthy and killed;
 * regions kept apart at the edge; and every instance killed: the pages served before and their
 * scripts, and a language-less URL. Called by scripts/bench.ts with its simulator running;
 * `npx tsx scripts/bench-fleet.ts` runs it alone (starts the bench simulator itself; needs a
 * build). BENCH_FLEET_PORT moves nginx, the instances, Redis, nginx's stub_status and uncached
 * door (default 3380…3386).
 */
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { header, request, type Reply } from './bench/http'
import { DEFAULT_LOAD, measure, type LoadFigures } from './bench/load'
import { stopAll } from './support/processes'
import { figure, formatValue, type Figure } from './bench/report'
import { assertFree, SIM_PORTS, startSimulator } from './bench/stack'
import { startFleet, type Fleet } from './fleet/fleet'
import { runEdgeHitBench } from './bench/edge-hit'

const PAIR_PAGE = '/en/trade/spot/BTC/USDT'
const base = Number(process.env.BENCH_FLEET_PORT ?? 3380)
const NGINX = base
const UNCACHED = base + 6
const sim = (name: keyof typeof SIM_PORTS) => `http://127.0.0.1:${SIM_PORTS[name]}`

export interface FleetBench {
  figures: Figure[]
  details: Record<string, unknown>
}

const line = (label: string, f: LoadFigures) =>
  `  ${label.padEnd(48)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  (${f.requests} requests, ${f.non2xx} non-2xx, ${f.errors} errors)`

async function fleetOf(root: string, logDir: string, instances: number): Promise<Fleet> {
  const instancePorts = Array.from({ length: instances }, (_, i) => base + 1 + i)
  await assertFree(NGINX, ...instancePorts, base + 4, base + 5, UNCACHED)
  const fleet = await startFleet({
    root,
    logDir,
    nginxPort: NGINX,
    uncachedPort: UNCACHED,
    statusPort: base + 5,
    instancePorts,
    redisPort: base + 4,
    upstream: {
      apiBaseUrl: sim('main'),
      apiHosts: [sim('main'), sim('alt1'), sim('alt2')],
      fastPathHost: sim('fastPath'),
      fastPathWsUrl: `ws://127.0.0.1:${SIM_PORTS.fastPath}/ws`,
    },
  })
  // Every instance holds the page (rendered, or from the shared cache) before anything is measured.
  for (const port of instancePorts) for (let i = 0; i < 3; i++) await request({ port, path: PAIR_PAGE, host: 'localhost' })
  for (let i = 0; i < 6; i++) await request({ port: NGINX, path: PAIR_PAGE, host: 'localhost' })
  return fleet
}

const load = (path: string, port = NGINX, headers?: Record<string, string>) => measure({ port, path, host: 'localhost', headers })
/** What a browser asks with: the page and its chunks are then both sent gzipped (Next's, and the static root's copies). */
const GZIP = { 'accept-encoding': 'gzip' }

/** The same-origin scripts a page's HTML loads. */
const scriptsOf = (html: string) => [...html.matchAll(/<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]!)

/** The page's own script chunk whose size as sent (with the same request headers) is nearest the page's. */
async function chunkLike(page: Reply, scripts: readonly string[], headers?: Record<string, string>): Promise<{ path: string; bytes: number }> {
  const sized = await Promise.all(
    scripts.map(async (path) => ({ path, bytes: (await request({ port: NGINX, path, host: 'localhost', headers })).body.length })),
  )
  const nearest = sized.sort((a, b) => Math.abs(a.bytes - page.body.length) - Math.abs(b.bytes - page.body.length))[0]
  if (!nearest) throw new Error(`${PAIR_PAGE}: no script chunk in its HTML`)
  return nearest
}

/** Pages of every region served through the edge once: the pair page and the markets page in the region's English. */
function sitePages(fleet: Fleet): { host: string; path: string }[] {
  const english: Record<string, string> = { main: 'en', hk: 'en-HK', nl: 'en-NL', tr: 'en-TR', kz: 'en-KAZ', eu: 'en-EU', ge: 'en-GEO', id: 'en-IDN', ae: 'en' }
  return Object.entries(fleet.urls).flatMap(([id, url]) => {
    const host = new URL(url).hostname
    return [`/${english[id]}`, `/${english[id]}${PAIR_PAGE.slice('/en'.length)}`].map((path) => ({ host, path }))
  })
}

export async function runFleetBench(root: string, logDir: string, say: (line: string) => void): Promise<FleetBench> {
  const figures: Figure[] = []
  const details: Record<string, unknown> = {}
  const add = (f: Figure) => {
    figures.push(f)
    say(`  → ${f.name}: ${formatValue(f)}${f.goal ? `  goal ${f.goal}: ${f.met === null ? 'not measured' : f.met ? 'met' : 'MISSED'}` : ''}`)
  }
  say(
    `\nFleet through nginx (:${NGINX}, the edge; :${UNCACHED}, its uncached door; ${DEFAULT_LOAD.connections} connections, ${DEFAULT_LOAD.warmupSeconds} s warm-up + ${DEFAULT_LOAD.seconds} s each; the load generator shares the 2 cores)`,
  )

  let fleet = await fleetOf(root, logDir, 1)
  try {
    details.one = await load(PAIR_PAGE, UNCACHED)
    say(line(`${PAIR_PAGE}, 1 instance, uncached`, details.one as LoadFigures))
  } finally {
    await fleet.stop()
  }

  fleet = await fleetOf(root, logDir, 3)
  try {
    const page = await request({ port: NGINX, path: PAIR_PAGE, host: 'localhost' })
    const pageScripts = [...new Set(scriptsOf(page.body.toString('utf8')))]
    const zipped = await request({ port: NGINX, path: PAIR_PAGE, host: 'localhost', headers: GZIP })
    const chunk = await chunkLike(page, pageScripts)
    const zippedChunk = await chunkLike(zipped, pageScripts, GZIP)
    const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`
    const edge = await load(PAIR_PAGE)
    const staticFile = await load(chunk.path)
    const edgeGzip = await load(PAIR_PAGE, NGINX, GZIP)
    const staticGzip = await load(zippedChunk.path, NGINX, GZIP)
    const three = await load(PAIR_PAGE, UNCACHED)
    // The same kept page against its own bytes as a file, with wrk (docs/decisions/fleet.md "The edge against hostile clients").
    const hit = await runEdgeHitBench(fleet, NGINX, PAIR_PAGE, say)
    for (const f of hit.figures) add(f)
    details.edgeHit = hit.details
    say(line(`${PAIR_PAGE} through the edge (${kB(page.body.length)})`, edge))
    say(line(`its chunk ${chunk.path.split('/').pop()} (${kB(chunk.bytes)})`, staticFile))
    say(line(`the same, gzip: the page (${kB(zipped.body.length)})`, edgeGzip))
    say(line(`its chunk ${zippedChunk.path.split('/').pop()}, gzip (${kB(zippedChunk.bytes)})`, staticGzip))
    say(line(`${PAIR_PAGE}, 3 instances, uncached`, three))
    // The key holds the host: ae serves the same path, and must get its own page, not main's.
    const ae = (await request({ port: NGINX, path: PAIR_PAGE, host: 'ae.localhost' })).body.toString('utf8')
    const isolated = ae.includes(`href="http://ae.localhost:${NGINX}${PAIR_PAGE}"`)
    process.kill(-fleet.redis()!.pid!, 'SIGKILL')
    await fleet.stopRedis()
    const down = await load(PAIR_PAGE, UNCACHED)
    say(line(`${PAIR_PAGE}, 3 instances, uncached, Redis killed`, down))
    await fleet.startRedis()

    // Every instance killed: what the site served before still answers, with its scripts.
    const pages = sitePages(fleet)
    const before = await Promise.all(pages.map((p) => request({ port: NGINX, ...p })))
    const scripts = [...new Set(before.flatMap((reply, i) => scriptsOf(reply.body.toString('utf8')).map((path) => `${pages[i]!.host} ${path}`)))]
    await Promise.all(fleet.instances.map((instance) => instance.stop()))
    const during = await Promise.all(pages.map((p) => request({ port: NGINX, ...p })))
    const scriptsDuring = await Promise.all(scripts.map((s) => request({ port: NGINX, host: s.split(' ')[0]!, path: s.split(' ')[1]! })))
    const home = await request({ port: NGINX, path: '/', host: 'localhost' })
    const outage = {
      pages: pages.length,
      pagesBefore200: before.filter((r) => r.status === 200).length,
      pages200: during.filter((r) => r.status === 200).length,
      scripts: scripts.length,
      scripts200: scriptsDuring.filter((r) => r.status === 200).length,
      languageLess: `${home.status} ${header(home, 'location') ?? ''}`,
    }
    say(
      `  every instance killed: pages ${outage.pages200} of ${outage.pages} answer 200 (all ${outage.pagesBefore200} did before), their scripts ${outage.scripts200} of ${outage.scripts}; / → ${outage.languageLess}`,
    )

    Object.assign(details, { edge, staticFile, chunk, edgeGzip, staticGzip, zippedChunk, three, redisDown: down, isolated, outage })
    const one = details.one as LoadFigures
    add(figure('fleet pair page req/s through the edge', edge.rps, 'req/s'))
    add(figure('fleet pair page / its script chunk req/s, edge, gzip', edgeGzip.rps / staticGzip.rps, '×', { text: '≥ 0.9', met: (v) => v >= 0.9 }))
    add(figure('fleet pair page / its script chunk req/s, edge, identity', edge.rps / staticFile.rps, '×'))
    add(figure('fleet pair page / its script chunk req/s, uncached', three.rps / staticFile.rps, '×'))
    add(figure('fleet pair page req/s, 1 instance, uncached', one.rps, 'req/s'))
    add(figure('fleet pair page req/s, 3 instances, uncached', three.rps, 'req/s'))
    add(figure('fleet scaling 3 / 1 instances (2 cores)', three.rps / one.rps, '×'))
    add(figure('fleet pair page p99, Redis up, uncached', three.p99, 'ms'))
    add(figure('fleet pair page p99, Redis down, uncached', down.p99, 'ms'))
    add(figure('fleet non-2xx or errors, Redis down', down.non2xx + down.errors, '', { text: '0', met: (v) => v === 0 }))
    add(figure('fleet edge keeps regions apart', isolated ? 1 : 0, '', { text: '1', met: (v) => v === 1 }))
    add(figure('fleet pages 200 with every instance down', outage.pages200 / outage.pages, '×', { text: '1', met: (v) => v === 1 }))
    add(figure('fleet their scripts 200 with every instance down', outage.scripts200 / outage.scripts, '×', { text: '1', met: (v) => v === 1 }))
  } finally {
    await fleet.stop()
  }
  return { figures, details }
}

if (require.main === module) {
  const root = resolve(__dirname, '..')
  const logDir = join(tmpdir(), 'spot-bench-fleet')
  void (async () => {
    const simulator = await startSimulator(root, logDir)
    try {
      await runFleetBench(root, logDir, (text) => console.log(text))
    } finally {
      await stopAll([simulator])
    }
  })().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}

/**
 * Fleet figures for `npm run bench` (README "Fleet"): requests per second through nginx with 1
 * and 3 instances, pair page p99 with Redis healthy and down, and nginx's micro-cache variant.
 * Called by scripts/bench.ts with its simulator running; `npx tsx scripts/bench-fleet.ts`
 * runs it alone (starts the bench simulator itself; needs a build). BENCH_FLEET_PORT moves
 * nginx, the instances, Redis and nginx's stub_status (default 3380…3385).
 */
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { header, request } from './bench/http'
import { DEFAULT_LOAD, measure, type LoadFigures } from './bench/load'
import { stopAll } from './support/processes'
import { figure, formatValue, type Figure } from './bench/report'
import { assertFree, SIM_PORTS, startSimulator } from './bench/stack'
import { startFleet, type Fleet } from './fleet/fleet'

const PAIR_PAGE = '/en/trade/spot/BTC/USDT'
const STATIC_FILE = '/favicon.svg'
const base = Number(process.env.BENCH_FLEET_PORT ?? 3380)
const NGINX = base
const sim = (name: keyof typeof SIM_PORTS) => `http://127.0.0.1:${SIM_PORTS[name]}`

export interface FleetBench {
  figures: Figure[]
  details: Record<string, unknown>
}

const line = (label: string, f: LoadFigures) =>
  `  ${label.padEnd(40)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  (${f.requests} requests, ${f.non2xx} non-2xx, ${f.errors} errors)`

async function fleetOf(root: string, logDir: string, instances: number, microCache = false): Promise<Fleet> {
  const instancePorts = Array.from({ length: instances }, (_, i) => base + 1 + i)
  await assertFree(NGINX, ...instancePorts, base + 4, base + 5)
  const fleet = await startFleet({
    root,
    logDir,
    nginxPort: NGINX,
    statusPort: base + 5,
    instancePorts,
    redisPort: base + 4,
    microCache,
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

const load = (path: string, host = 'localhost') => measure({ port: NGINX, path, host })

export async function runFleetBench(root: string, logDir: string, say: (line: string) => void): Promise<FleetBench> {
  const figures: Figure[] = []
  const details: Record<string, unknown> = {}
  const add = (f: Figure) => {
    figures.push(f)
    say(`  → ${f.name}: ${formatValue(f)}${f.goal ? `  goal ${f.goal}: ${f.met === null ? 'not measured' : f.met ? 'met' : 'MISSED'}` : ''}`)
  }
  say(
    `\nFleet through nginx (:${NGINX}; ${DEFAULT_LOAD.connections} connections, ${DEFAULT_LOAD.warmupSeconds} s warm-up + ${DEFAULT_LOAD.seconds} s each; the load generator shares the 2 cores)`,
  )

  let fleet = await fleetOf(root, logDir, 1)
  try {
    details.one = await load(PAIR_PAGE)
    say(line(`${PAIR_PAGE}, 1 instance`, details.one as LoadFigures))
  } finally {
    await fleet.stop()
  }

  fleet = await fleetOf(root, logDir, 3)
  try {
    const three = await load(PAIR_PAGE)
    const staticFile = await load(STATIC_FILE)
    say(line(`${PAIR_PAGE}, 3 instances, Redis up`, three))
    say(line(`${STATIC_FILE}, 3 instances`, staticFile))
    process.kill(-fleet.redis()!.pid!, 'SIGKILL')
    await fleet.stopRedis()
    const down = await load(PAIR_PAGE)
    say(line(`${PAIR_PAGE}, 3 instances, Redis killed`, down))
    await fleet.startRedis()
    Object.assign(details, { three, staticFile, redisDown: down })
    const one = details.one as LoadFigures
    add(figure('fleet pair page req/s, 1 instance', one.rps, 'req/s'))
    add(figure('fleet pair page req/s, 3 instances', three.rps, 'req/s'))
    add(figure('fleet scaling 3 / 1 instances (2 cores)', three.rps / one.rps, '×'))
    add(figure('fleet pair page p99, Redis up', three.p99, 'ms'))
    add(figure('fleet pair page p99, Redis down', down.p99, 'ms'))
    add(figure('fleet non-2xx or errors, Redis down', down.non2xx + down.errors, '', { text: '0', met: (v) => v === 0 }))
    add(figure('fleet pair page / static req/s, no micro-cache', three.rps / staticFile.rps, '×'))
  } finally {
    await fleet.stop()
  }

  fleet = await fleetOf(root, logDir, 3, true)
  try {
    const cached = await request({ port: NGINX, path: PAIR_PAGE, host: 'localhost' })
    const page = await load(PAIR_PAGE)
    const staticFile = await load(STATIC_FILE)
    // The key holds the host: ae serves the same path, and must get its own page, not main's.
    const ae = (await request({ port: NGINX, path: PAIR_PAGE, host: 'ae.localhost' })).body.toString('utf8')
    const isolated = ae.includes(`href="http://ae.localhost:${NGINX}${PAIR_PAGE}"`)
    say(line(`${PAIR_PAGE}, micro-cache`, page))
    say(line(`${STATIC_FILE}, micro-cache`, staticFile))
    say(`  X-Cache-Status of the page: ${header(cached, 'x-cache-status') ?? 'none'}; ae host got its own page: ${isolated}`)
    Object.assign(details, { microCache: { page, staticFile, cacheStatus: header(cached, 'x-cache-status'), isolated } })
    add(figure('fleet micro-cache pair page req/s', page.rps, 'req/s'))
    add(figure('fleet micro-cache pair page / static req/s', page.rps / staticFile.rps, '×'))
    add(figure('fleet micro-cache keeps regions apart', isolated ? 1 : 0, '', { text: '1', met: (v) => v === 1 }))
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

/**
 * The system under test: the upstream simulator and the production site, on the bench's own
 * ports (3300…, 4300…) so a demo (3000, 4009…), an e2e run (3100, 4109…) or another engineer's
 * server can keep running beside it.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { header, request } from './http'
import { BENCH_LIGHTHOUSE_PORTS, BENCH_PORTS, type SimPorts } from '../support/ports'
import { portInUse, start, stopAll, waitForHttp, type Started } from '../support/processes'

export const SIM_PORTS = BENCH_PORTS.sim
const sim = (name: keyof typeof SIM_PORTS, ports: SimPorts = SIM_PORTS) => `http://127.0.0.1:${ports[name]}`

/**
 * The site's environment: the defaults of README "Configuration" pointed at our simulator.
 * Region, simulator and bench switches from the caller's shell are dropped, so every run
 * measures the same configuration.
 */
export function siteEnv(port: number, extra: Record<string, string> = {}, simPorts: SimPorts = SIM_PORTS): NodeJS.ProcessEnv {
  return {
    ...environmentWithout(/^(REGION_|SIM_|BENCH_|API_|LOG_LEVEL$|FAST_PATH_HOSTS$|ICON_HOSTS$|TRUST_PROXY$|SYMBOL_CACHE_DIR$|PORT$)/),
    API_BASE_URL: sim('main', simPorts),
    API_HOSTS: [sim('main', simPorts), sim('alt1', simPorts), sim('alt2', simPorts)].join(','),
    FAST_PATH_HOSTS: sim('fastPath', simPorts),
    // DEMO_DEFAULTS would point browsers at the demo simulator's fast-path websocket (4013) and
    // icon host (4010): refused connections, and console errors in Lighthouse's best-practices
    // score. The simulator names its own main host for icons (simulator/data/icons.ts).
    FAST_PATH_WS_URL: `ws://127.0.0.1:${simPorts.fastPath}/ws`,
    ICON_HOSTS: sim('main', simPorts),
    PORT: String(port),
    // What next build and next start set anyway; explicit so a shell's NODE_ENV cannot leak in.
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    // *.localhost public URLs and the simulator's icon CDN (README "Configuration").
    DEMO_DEFAULTS: '1',
    ...extra,
  }
}

function environmentWithout(names: RegExp): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const name of Object.keys(env)) if (names.test(name)) delete env[name]
  return env
}

const bin = (root: string, name: string) => join(root, 'node_modules', '.bin', name)

/** Fails when a port is taken, before anything starts: never measure someone else's server. */
export async function assertFree(...ports: number[]): Promise<void> {
  for (const port of ports) {
    if (await portInUse(port)) throw new Error(`port ${port} is in use: is another bench (or something else) running on it?`)
  }
}

/**
 * `sitePorts`: the sites whose pages call the simulator from a browser (Lighthouse), as a real
 * upstream allows the site's origins; without them every browser request fails CORS.
 */
export async function startSimulator(
  root: string,
  logDir: string,
  simPorts: SimPorts = SIM_PORTS,
  sitePorts: number[] = [BENCH_PORTS.site, BENCH_PORTS.baseline],
): Promise<Started> {
  await assertFree(...Object.values(simPorts))
  const ports = Object.entries(simPorts)
    .map(([name, port]) => `${name}=${port}`)
    .join(',')
  const origins = sitePorts.flatMap((port) => [`http://localhost:${port}`, `http://*.localhost:${port}`]).join(',')
  // No latency and no faults: the bench switches the hang on itself, through the admin endpoint.
  const started = start('simulator', bin(root, 'tsx'), ['simulator/http/cli.ts', '--ports', ports, '--allowed-origins', origins], {
    cwd: root,
    env: environmentWithout(/^SIM_/),
    output: { logFile: join(logDir, 'simulator.log') },
  })
  return ready(started, simPorts.admin, '/state')
}

/**
 * `next build` in `dir` (the project, or the baseline's copy), unless BENCH_SKIP_BUILD=1 and a
 * build exists. Resolves with seconds taken, or null when skipped.
 */
export async function buildSite(dir: string, env: NodeJS.ProcessEnv, logDir: string, logName = 'build.log'): Promise<number | null> {
  if (process.env.BENCH_SKIP_BUILD === '1' && existsSync(join(dir, '.next', 'BUILD_ID'))) return null
  const began = Date.now()
  const build = start('next build', bin(dir, 'next'), ['build'], { cwd: dir, env, output: { logFile: join(logDir, logName) } })
  const code = await build.exited
  if (code !== 0) throw new Error(`next build failed (exit ${code}); log: ${build.logFile}`)
  return (Date.now() - began) / 1000
}

/** `readyPath`: what answers once it serves; the floor (./floor.ts) has no /api/health. */
export async function startSite(
  root: string,
  port: number,
  env: NodeJS.ProcessEnv,
  logDir: string,
  label: string,
  readyPath = '/api/health',
): Promise<Started> {
  await assertFree(port)
  // No -H 127.0.0.1: Next would then take the middleware's rewrite to http://localhost:port/…
  // for an external URL (not its own origin), proxy it, and every page would answer 307.
  const started = start(`next start (${label})`, bin(root, 'next'), ['start', '-p', String(port)], {
    cwd: root,
    env,
    output: { logFile: join(logDir, `site-${port}.log`) },
  })
  return ready(started, port, readyPath)
}

/** The floor of a bench part run alone, in E2E_PORT_OFFSET=170's range. */
export const ALONE_FLOOR_PORT = BENCH_LIGHTHOUSE_PORTS.floor

/**
 * A bench part run alone (scripts/bench-lighthouse.ts, ./interactions.ts): the simulator and the
 * site on BENCH_LIGHTHOUSE_PORTS (6700…6705), the site built first unless BENCH_SKIP_BUILD=1 and a
 * build exists, then `run`; whatever is started (also what `run` adds to `started`) stops
 * afterwards, on failure and on Ctrl-C too. The parts share the range: one at a time.
 * BENCH_SITE_DIR names another checkout (with its own node_modules) to build and serve, such as
 * a worktree of an earlier commit for before-and-after figures.
 */
export async function withAloneStack(root: string, logDir: string, run: (sitePort: number, started: Started[]) => Promise<void>): Promise<void> {
  const { site, sim } = BENCH_LIGHTHOUSE_PORTS
  const siteDir = process.env.BENCH_SITE_DIR || root
  const started: Started[] = []
  const stop = () => stopAll(started)
  process.on('SIGINT', () => void stop().then(() => process.exit(130)))
  try {
    started.push(await startSimulator(root, logDir, sim, [site]))
    const env = siteEnv(site, {}, sim)
    const seconds = await buildSite(siteDir, env, logDir)
    if (seconds !== null) console.log(`next build${siteDir === root ? '' : ` (${siteDir})`}: ${seconds.toFixed(0)} s`)
    started.push(await startSite(siteDir, site, env, logDir, 'site'))
    await run(site, started)
  } finally {
    await stop()
  }
}

/** Waits until it answers; a process that never does is stopped here, as the caller never gets it. */
async function ready(started: Started, port: number, path: string): Promise<Started> {
  try {
    await waitForHttp(started, port, path)
    return started
  } catch (error) {
    await started.stop()
    throw error
  }
}

/**
 * Requests a page until Next serves it from its ISR cache (x-nextjs-cache: HIT), so a load run
 * measures cache hits, not the first render. Returns the last cache header seen.
 */
export async function warmPage(port: number, path: string, attempts = 20): Promise<string> {
  let cache = 'none'
  for (let i = 0; i < attempts; i++) {
    const reply = await request({ port, path })
    if (reply.status !== 200) throw new Error(`warming ${path} on :${port}: status ${reply.status}`)
    cache = header(reply, 'x-nextjs-cache') ?? 'none'
    if (cache === 'HIT') return cache
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return cache
}

async function admin(method: 'POST' | 'DELETE' | 'GET', path: string, body?: unknown, port: number = SIM_PORTS.admin): Promise<unknown> {
  const reply = await request({ port, path, method, host: `127.0.0.1:${port}`, body: body === undefined ? undefined : JSON.stringify(body) })
  if (reply.status !== 200) throw new Error(`simulator admin ${method} ${path}: ${reply.status} ${reply.body.toString('utf8')}`)
  return JSON.parse(reply.body.toString('utf8')) as unknown
}

/** A fault rule of the simulator (docs/simulator.md "Faults"). */
export interface FaultRule {
  host: string
  endpoint: string
  fault: { kind: string; status?: number; ms?: number }
}

/** The admin endpoints of a simulator on `adminPort` (docs/simulator.md "Admin endpoints"). */
export function simulatorAdmin(adminPort: number) {
  return {
    setFaults: (rules: FaultRule | FaultRule[]) => admin('POST', '/faults', rules, adminPort),
    clearFaults: () => admin('DELETE', '/faults', undefined, adminPort),
    /** Requests seen so far per host and endpoint. */
    hits: async () => ((await admin('GET', '/state', undefined, adminPort)) as { hits?: Record<string, Record<string, number>> }).hits ?? {},
  }
}

const benchSimulator = simulatorAdmin(SIM_PORTS.admin)

/** Every host and endpoint accepts requests and never answers (docs/simulator.md "Faults"). */
export const hangUpstream = () => benchSimulator.setFaults({ host: '*', endpoint: '*', fault: { kind: 'hang' } })
export const clearFaults = () => benchSimulator.clearFaults()

/** Requests the simulator has seen so far, all hosts and endpoints. */
export async function upstreamHits(): Promise<number> {
  const hits = await benchSimulator.hits()
  return Object.values(hits).reduce((total, byEndpoint) => total + Object.values(byEndpoint).reduce((a, b) => a + b, 0), 0)
}

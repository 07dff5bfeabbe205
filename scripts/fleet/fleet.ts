/**
 * The fleet on one machine: Redis, N `next start` instances of one build (each on its own copy
 * of the build with its own disk cache, as on separate machines) and nginx in front with the
 * edge cache and the static root the build is published to first (README "Fleet"). Used by
 * `npm run fleet`, e2e/fleet.spec.ts and scripts/bench-fleet.ts.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isolatedProject } from '../support/next-server'
import { loadSiteConfig, regionVariable } from '../../lib/regions/config'
import { start, stopAll, waitForHttp, type Started } from '../support/processes'
import { renderNginxConf, type EdgeCacheOptions, type EdgeMonitorOptions } from './nginx-conf'
import { publishBuild, pruneStatic, type PruneResult, type PublishResult } from './static-files'

export interface FleetOptions {
  root: string
  logDir: string
  nginxPort: number
  /** nginx's uncached door: the instances through nginx, never the edge cache (127.0.0.1 only); default: a free port. */
  uncachedPort?: number
  /** nginx's stub_status, on 127.0.0.1 only (deploy/nginx.conf.template). */
  statusPort: number
  instancePorts: readonly number[]
  /** null: no Redis (each instance on its own, the embedded default). */
  redisPort: number | null
  /** The simulator's hosts (README "Configuration" variables they fill). */
  upstream: { apiBaseUrl: string; apiHosts: readonly string[]; fastPathHost: string; fastPathWsUrl: string }
  /** The edge cache's disk; by default a small one in the fleet's temp folder. */
  cache?: EdgeCacheOptions
  /** The monitor batches the edge passes to the instances (default 200 a second, burst 200). */
  monitor?: Partial<EdgeMonitorOptions>
  /** More variables, the same on every instance (e.g. REGION_<ID>_API_BASE_URL). */
  env?: Record<string, string>
}

export interface Fleet {
  /** The public URL of every enabled region, through nginx. */
  urls: Record<string, string>
  /** nginx's stub_status page, for prometheus-nginx-exporter. */
  statusUrl: string
  /** nginx's uncached door: the same site, never read from or written to the edge cache. */
  uncachedPort: number
  /** The edge's static root and cache folder (scripts/fleet/static-files.ts). */
  staticRoot: string
  cacheDir: string
  instances: Started[]
  nginx: Started
  redis(): Started | undefined
  /**
   * An instance on `port` of the build in `distDir` (default: this project's), as a deploy or
   * restart starts one; behind nginx when `port` is one of its instance ports; live when resolved.
   */
  addInstance(port: number, distDir?: string): Promise<Started>
  /** A deploy's first step: the build's static files to the edge, before any instance of it starts. */
  publish(distDir: string): PublishResult
  /** A deploy's last step (once the rollout has ended): old builds' files and old edge pages go. */
  prune(): PruneResult
  stopRedis(): Promise<void>
  startRedis(): Promise<void>
  stop(): Promise<void>
}

const NEXT_BIN = 'node_modules/next/dist/bin/next'
/** Binds each instance's listener to one address without `-H` (scripts/fleet/listen-on.cjs says why). */
const LISTEN_ON = join(__dirname, 'listen-on.cjs')
// Debian puts nginx in /usr/sbin, which a non-root PATH often lacks.
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'

/** Every instance gets the same explicit configuration: public URLs name nginx, never a port of its own. */
export function instanceEnv(options: FleetOptions, port: number): Record<string, string> {
  const base: Record<string, string> = {
    DEMO_DEFAULTS: '1',
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(port),
    TRUST_PROXY: 'true',
    API_BASE_URL: options.upstream.apiBaseUrl,
    API_HOSTS: options.upstream.apiHosts.join(','),
    FAST_PATH_HOSTS: options.upstream.fastPathHost,
    FAST_PATH_WS_URL: options.upstream.fastPathWsUrl,
    // The simulator names its own main host for pair icons (simulator/data/icons.ts).
    ICON_HOSTS: options.upstream.apiBaseUrl,
    ...options.env,
  }
  for (const region of Object.values(loadSiteConfig(base).regions)) {
    if (region.enabled) base[regionVariable(region.id, 'PUBLIC_URL')] = `http://${region.hosts[0]}:${options.nginxPort}`
  }
  if (options.redisPort !== null) base.REDIS_URL = `redis://127.0.0.1:${options.redisPort}`
  return base
}

function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const name of Object.keys(env)) if (/^(REGION_|API_|FAST_PATH_|REDIS_URL$|TRUST_PROXY$|SYMBOL_CACHE_DIR$|PORT$)/.test(name)) delete env[name]
  return env
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const { root, logDir } = options
  const prefix = mkdtempSync(join(tmpdir(), 'spot-fleet-'))
  chmodSync(prefix, 0o755)
  const started: Started[] = []
  const projects: string[] = []
  let redis: Started | undefined
  const startRedis = async () => {
    if (options.redisPort === null) return
    const args = ['--port', String(options.redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', prefix]
    redis = start('redis', 'redis-server', args, { cwd: prefix, env: process.env, output: { logFile: join(logDir, 'redis.log') } })
    await waitForRedis(redis, options.redisPort)
  }
  const stopRedis = async () => {
    await redis?.stop()
    redis = undefined
  }
  const addInstance = async (port: number, distDir = join(root, '.next')) => {
    const dir = isolatedProject(distDir)
    projects.push(dir)
    // Loopback only: the edge on this machine is the one way in (README "Fleet").
    const one = start(`next start :${port}`, process.execPath, ['--require', LISTEN_ON, NEXT_BIN, 'start', dir, '-p', String(port)], {
      cwd: root,
      env: { ...cleanEnv(), ...instanceEnv(options, port), SPOT_LISTEN_ADDRESS: '127.0.0.1' },
      output: { logFile: join(logDir, `instance-${port}.log`) },
    })
    started.push(one)
    await waitForHttp(one, port, '/api/live', 60_000)
    return one
  }
  const staticRoot = join(prefix, 'static')
  const cache = { dir: join(prefix, 'cache'), maxSize: '256m', minFree: '64m', keys: '8m', ...options.cache }
  const publish = (distDir: string) => publishBuild(staticRoot, distDir)
  const prune = () => pruneStatic(staticRoot, Date.now(), { edgeCache: cache.dir })
  try {
    const uncachedPort = options.uncachedPort ?? (await freePort())
    // The build's files are at the edge before any instance of it starts.
    publish(join(root, '.next'))
    prune()
    await startRedis()
    const instances = await Promise.all(options.instancePorts.map((port) => addInstance(port)))
    for (const dir of [...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => join(prefix, name)), cache.dir])
      mkdirSync(dir, { recursive: true })
    const config = loadSiteConfig(instanceEnv(options, options.instancePorts[0]!))
    const enabled = Object.values(config.regions).filter((r) => r.enabled)
    const conf = join(prefix, 'nginx.conf')
    writeFileSync(
      conf,
      renderNginxConf({
        root,
        prefix,
        port: options.nginxPort,
        uncachedPort,
        statusPort: options.statusPort,
        instancePorts: options.instancePorts,
        regions: enabled,
        staticRoot,
        cache,
        monitor: options.monitor,
      }),
    )
    const nginx = start('nginx', NGINX, ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
      cwd: prefix,
      env: process.env,
      output: { logFile: join(logDir, 'nginx.log') },
    })
    started.push(nginx)
    await waitForHttp(nginx, options.nginxPort, '/api/live')
    const urls = Object.fromEntries(enabled.map((r) => [r.id, r.publicUrl]))
    return {
      urls,
      statusUrl: `http://127.0.0.1:${options.statusPort}/stub_status`,
      uncachedPort,
      staticRoot,
      cacheDir: cache.dir,
      instances,
      nginx,
      redis: () => redis,
      addInstance,
      publish,
      prune,
      stopRedis,
      startRedis,
      stop: async () => {
        await stopAll(started)
        await stopRedis()
        for (const dir of [prefix, ...projects]) rmSync(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await stopAll(started)
    await stopRedis()
    for (const dir of [prefix, ...projects]) rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

/** A port nothing listens on now (the kernel's pick). */
async function freePort(): Promise<number> {
  const net = await import('node:net')
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as import('node:net').AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** redis-server answers PING with +PONG once it accepts commands. */
async function waitForRedis(redis: Started, port: number): Promise<void> {
  const net = await import('node:net')
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    if (redis.endedOnItsOwn()) throw new Error(`redis-server ended (${redis.endedOnItsOwn()}); log: ${redis.logFile}`)
    const pong = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'))
      socket.once('data', (data) => {
        socket.destroy()
        resolve(data.toString().startsWith('+PONG'))
      })
      socket.once('error', () => resolve(false))
    })
    if (pong) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`redis-server did not answer PING on ${port}; log: ${redis.logFile}`)
}

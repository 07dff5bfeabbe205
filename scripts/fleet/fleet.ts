/**
 * The fleet on one machine: Redis, N `next start` instances of one build (each on its own copy
 * of the build with its own disk cache, as on separate machines) and nginx in front
 * (README "Fleet"). Used by `npm run fleet`, e2e/fleet.spec.ts and scripts/bench-fleet.ts.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isolatedProject } from '../support/next-server'
import { loadSiteConfig, regionVariable } from '../../lib/regions/config'
import { start, stopAll, waitForHttp, type Started } from '../support/processes'
import { renderNginxConf } from './nginx-conf'

export interface FleetOptions {
  root: string
  logDir: string
  nginxPort: number
  /** nginx's stub_status, on 127.0.0.1 only (deploy/nginx.conf.template). */
  statusPort: number
  instancePorts: readonly number[]
  /** null: no Redis (each instance on its own, the embedded default). */
  redisPort: number | null
  /** The simulator's hosts (README "Configuration" variables they fill). */
  upstream: { apiBaseUrl: string; apiHosts: readonly string[]; fastPathHost: string; fastPathWsUrl: string }
  microCache?: boolean
  /** More variables, the same on every instance (e.g. REGION_<ID>_API_BASE_URL). */
  env?: Record<string, string>
}

export interface Fleet {
  /** The public URL of every enabled region, through nginx. */
  urls: Record<string, string>
  /** nginx's stub_status page, for prometheus-nginx-exporter. */
  statusUrl: string
  instances: Started[]
  nginx: Started
  redis(): Started | undefined
  /** One more instance on `port` (not behind nginx), as a deploy or restart starts one; live when resolved. */
  addInstance(port: number): Promise<Started>
  stopRedis(): Promise<void>
  startRedis(): Promise<void>
  stop(): Promise<void>
}

const NEXT_BIN = 'node_modules/next/dist/bin/next'
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
  const addInstance = async (port: number) => {
    const dir = isolatedProject()
    projects.push(dir)
    const one = start(`next start :${port}`, process.execPath, [NEXT_BIN, 'start', dir, '-p', String(port)], {
      cwd: root,
      env: { ...cleanEnv(), ...instanceEnv(options, port) },
      output: { logFile: join(logDir, `instance-${port}.log`) },
    })
    started.push(one)
    await waitForHttp(one, port, '/api/live', 60_000)
    return one
  }
  try {
    await startRedis()
    const instances = await Promise.all(options.instancePorts.map(addInstance))
    for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) mkdirSync(join(prefix, name), { recursive: true })
    const config = loadSiteConfig(instanceEnv(options, options.instancePorts[0]!))
    const enabled = Object.values(config.regions).filter((r) => r.enabled)
    const conf = join(prefix, 'nginx.conf')
    writeFileSync(
      conf,
      renderNginxConf({
        root,
        prefix,
        port: options.nginxPort,
        statusPort: options.statusPort,
        instancePorts: options.instancePorts,
        serverNames: enabled.flatMap((r) => r.hosts),
        microCache: options.microCache,
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
      instances,
      nginx,
      redis: () => redis,
      addInstance,
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

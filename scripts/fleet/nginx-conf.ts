/**
 * Fills deploy/nginx.conf.template for one fleet: its listen ports, its instances, the enabled
 * regions (hosts, public URLs, default languages), the edge cache's disk and the static root
 * (docs/decisions/fleet.md "nginx: the configuration", "The edge cache in front of the fleet").
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LANGUAGE_CODES } from '../../lib/i18n/languages'

/** What the edge needs of one enabled region (a RegionConfig fits). */
export interface EdgeRegion {
  hosts: readonly string[]
  /** REGION_<ID>_PUBLIC_URL: the only origin the edge's own redirects name. */
  publicUrl: string
  defaultLanguage: string
}

export interface EdgeCacheOptions {
  /** Folder of the cache's files (default: `<prefix>/cache`). */
  dir?: string
  /** nginx sizes: the disk the cache may take, and the free disk it leaves. */
  maxSize?: string
  minFree?: string
  /** Shared memory for the keys (1 MB holds about 8,000). */
  keys?: string
}

/**
 * The client monitor's batches the edge passes to the fleet, all hosts together, and the burst it
 * takes at once; the rest it answers 429 itself (docs/decisions/fleet.md "The monitor's bound at the edge").
 */
export interface EdgeMonitorOptions {
  ratePerSecond: number
  burst: number
}

export const EDGE_MONITOR_DEFAULTS: EdgeMonitorOptions = { ratePerSecond: 200, burst: 200 }

export interface NginxConfOptions {
  root: string
  /** Folder for the pid, error log and temp files. */
  prefix: string
  port: number
  /** The same site, never through the cache (127.0.0.1 only). */
  uncachedPort: number
  /** nginx's stub_status (GET /stub_status), for the exporter on this machine only. */
  statusPort: number
  instancePorts: readonly number[]
  /** Host names nginx serves (any other host gets 421) and where each region's home is. */
  regions: readonly EdgeRegion[]
  /** Every published build's `_next/static` files (scripts/fleet/static-files.ts). */
  staticRoot: string
  cache?: EdgeCacheOptions
  monitor?: Partial<EdgeMonitorOptions>
}

export const EDGE_CACHE_DEFAULTS = { maxSize: '2g', minFree: '1g', keys: '64m' } as const

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/
const SIZE = /^\d+[kmg]?$/
// nginx syntax ends at whitespace, quotes, braces and semicolons; `$` would start a variable.
const PATH = /^\/[^\s"'{};$\\]*$/
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})*$/

function publicOrigin(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error(`nginx: ${JSON.stringify(url)} is not a public URL`)
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new Error(`nginx: ${JSON.stringify(url)} is not an origin (http(s)://host[:port])`)
  }
  return parsed.origin
}

function checked(value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value)) throw new Error(`nginx: ${JSON.stringify(value)} is not ${what}`)
  return value
}

export function renderNginxConf(options: NginxConfOptions): string {
  const { prefix, port, uncachedPort, statusPort, instancePorts, regions } = options
  const serverNames = [...new Set(regions.flatMap((r) => r.hosts))]
  if (serverNames.length === 0) throw new Error('nginx: no server names (no enabled region has a host)')
  for (const name of serverNames) checked(name, HOST_NAME, 'a host name')
  if (instancePorts.length === 0) throw new Error('nginx: no instances')
  if (new Set([port, uncachedPort, statusPort]).size !== 3) throw new Error('nginx: the public, uncached and status port must differ')
  const cache = { dir: `${prefix}/cache`, ...EDGE_CACHE_DEFAULTS, ...options.cache }
  for (const size of [cache.maxSize, cache.minFree, cache.keys]) checked(size, SIZE, 'an nginx size')
  const monitor = { ...EDGE_MONITOR_DEFAULTS, ...options.monitor }
  // nginx counts whole requests a second or a minute: 200 → 200r/s, 0.5 → 30r/m.
  const perMinute = monitor.ratePerSecond * 60
  if (!(Number.isInteger(perMinute) && perMinute >= 1))
    throw new Error(`nginx: the monitor's rate ${JSON.stringify(monitor.ratePerSecond)} is not whole requests a minute`)
  // nginx refuses burst=0.
  if (!(Number.isInteger(monitor.burst) && monitor.burst >= 1))
    throw new Error(`nginx: the monitor's burst ${JSON.stringify(monitor.burst)} is not a whole number ≥ 1`)
  const homes = regions.flatMap((r) => {
    const home = `${publicOrigin(r.publicUrl)}/${checked(r.defaultLanguage, LANGUAGE, 'a language code')}`
    return r.hosts.map((host) => `    ${host} ${home};`)
  })
  const slots: Record<string, string> = {
    // Workers run as root only where the master does (a test or the local fleet as root):
    // otherwise nginx's default user could not write the temp folders made for it.
    USER: process.getuid?.() === 0 ? 'user root;' : '',
    PREFIX: checked(prefix, PATH, 'an absolute path'),
    PORT: String(port),
    UNCACHED_PORT: String(uncachedPort),
    STATUS_PORT: String(statusPort),
    UPSTREAMS: instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n'),
    SERVER_NAMES: serverNames.join(' '),
    CACHE_DIR: checked(cache.dir, PATH, 'an absolute path'),
    CACHE_KEYS: cache.keys,
    CACHE_MAX_SIZE: cache.maxSize,
    CACHE_MIN_FREE: cache.minFree,
    MONITOR_RATE: Number.isInteger(monitor.ratePerSecond) ? `${monitor.ratePerSecond}r/s` : `${perMinute}r/m`,
    MONITOR_BURST: String(monitor.burst),
    // A host of two regions (not allowed by the config) would be a duplicate map key: nginx -t says so.
    EDGE_HOMES: [...new Set(homes)].join('\n'),
    LANGUAGE_CODES: LANGUAGE_CODES.map((code) => checked(code, LANGUAGE, 'a language code')).join('|'),
    STATIC_ROOT: checked(options.staticRoot, PATH, 'an absolute path'),
    EDGE_ROOT: checked(join(options.root, 'deploy', 'edge'), PATH, 'an absolute path'),
  }
  const template = readFileSync(join(options.root, 'deploy', 'nginx.conf.template'), 'utf8')
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = slots[name]
    if (value === undefined) throw new Error(`nginx template: unknown slot {{${name}}}`)
    return value
  })
}

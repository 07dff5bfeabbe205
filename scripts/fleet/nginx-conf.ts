/**
 * Fills deploy/nginx.conf.template for one fleet: its listen port, its instances, the host
 * names of the enabled regions, the stub_status port, and optionally the micro-cache (docs/decisions/fleet.md "nginx: the configuration").
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface NginxConfOptions {
  root: string
  /** Folder for the pid, error log, temp files and cache. */
  prefix: string
  port: number
  /** nginx's stub_status (GET /stub_status), for the exporter on this machine only. */
  statusPort: number
  instancePorts: readonly number[]
  /** Host names nginx proxies; any other host gets 421 from the default server. */
  serverNames: readonly string[]
  /** Cache pages for as long as their Cache-Control allows, keyed on scheme, host and path. */
  microCache?: boolean
}

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/

const cacheZone = (prefix: string) => `  proxy_cache_path ${prefix}/cache levels=1:2 keys_zone=spot_pages:10m max_size=100m inactive=10m use_temp_path=off;`

// No proxy_cache_valid: only answers whose Cache-Control (s-maxage/max-age) allows it are
// stored, never a Set-Cookie answer; the key holds the host, so a region's page stays its own.
const cacheRules = [
  'proxy_cache spot_pages;',
  'proxy_cache_key $scheme$host$request_uri;',
  'proxy_cache_lock on;',
  'proxy_cache_use_stale updating error timeout;',
  'proxy_cache_background_update on;',
  'add_header X-Cache-Status $upstream_cache_status always;',
].map((line) => `      ${line}`)

export function renderNginxConf(options: NginxConfOptions): string {
  const { prefix, port, statusPort, instancePorts, serverNames } = options
  if (serverNames.length === 0) throw new Error('nginx: no server names (no enabled region has a host)')
  for (const name of serverNames) if (!HOST_NAME.test(name)) throw new Error(`nginx: ${JSON.stringify(name)} is not a host name`)
  if (instancePorts.length === 0) throw new Error('nginx: no instances')
  if (statusPort === port) throw new Error('nginx: the status port must not be the public port')
  const slots: Record<string, string> = {
    // Workers run as root only where the master does (a test or the local fleet as root):
    // otherwise nginx's default user could not write the temp folders made for it.
    USER: process.getuid?.() === 0 ? 'user root;' : '',
    PREFIX: prefix,
    PORT: String(port),
    STATUS_PORT: String(statusPort),
    UPSTREAMS: instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n'),
    SERVER_NAMES: [...new Set(serverNames)].join(' '),
    CACHE_ZONE: options.microCache ? cacheZone(prefix) : '',
    CACHE: options.microCache ? cacheRules.join('\n') : '',
  }
  const template = readFileSync(join(options.root, 'deploy', 'nginx.conf.template'), 'utf8')
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = slots[name]
    if (value === undefined) throw new Error(`nginx template: unknown slot {{${name}}}`)
    return value
  })
}

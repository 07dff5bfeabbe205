/**
 * Operations configuration for the nine regions, read once at start from an env-like object
 * (lib/ never touches process.env). Defaults serve the local demo and its simulator and apply
 * only outside production or with DEMO_DEFAULTS=1 (./config-demo.ts); any bad or missing value
 * stops start-up with a ConfigError naming the variable.
 */
import type { z } from 'zod'
import { ALL_LANGUAGES, type LanguageCode } from '../i18n/languages'
import {
  ConfigError,
  apiHostsValue,
  booleanValue,
  fastPathModeValue,
  type FastPathMode,
  hopsValue,
  hostValue,
  languagesModeValue,
  listOf,
  originValue,
  portValue,
  readValue,
  urlValue,
} from './config-values'
import { DEMO_DEFAULTS, MissingConfigError, missingProductionVariables, usesDemoDefaults } from './config-demo'
import { loadFleetSettings, type FleetSettings } from './config-fleet'
import { REGION_IDS, REGIONS, REGIONS_WITH_ALL_LANGUAGES, isRegionId, type RegionId } from './regions'

export { ConfigError } from './config-values'
export { MissingConfigError } from './config-demo'

export interface ApiHosts {
  main: string
  /** The "@1" and "@2" alternates of the route chooser (SPEC §4 "Route choice"). */
  alt1: string
  alt2: string
}

export interface RegionConfig {
  id: RegionId
  enabled: boolean
  /** Lower-case host names without port; Host headers are matched against these. */
  hosts: readonly string[]
  /** Browser-side API hosts. */
  apiHosts: ApiHosts
  /** Server-side upstream origin. */
  apiBaseUrl: string
  /** The only origin canonical, hreflang, sitemap and redirect URLs may use. */
  publicUrl: string
  languages: readonly LanguageCode[]
  defaultLanguage: LanguageCode
  english: LanguageCode
}

export interface FastPathSettings {
  mode: FastPathMode
  /** The websocket probe target; null: no websocket probe. */
  wsUrl: string | null
  /** The CDN probe target; null: no CDN probe. */
  cdnUrl: string | null
}

export interface SiteConfig {
  regions: Readonly<Record<RegionId, RegionConfig>>
  trustProxy: boolean
  /** Proxies of our own that append to X-Forwarded-For (docs/decisions/regions-and-languages.md "Client address"). */
  trustedProxyHops: number
  /** The only hosts the fast path may rewrite requests to (SPEC §4). */
  fastPathHosts: readonly string[]
  fastPath: FastPathSettings
  /** Origins the pair icons (iconUrl, iconDayUrl) come from: the CSP's img-src. */
  iconHosts: readonly string[]
  /** Fleet mode (REDIS_URL set): the shared store; null for the embedded default. */
  fleet: FleetSettings | null
}

export type Env = Record<string, string | undefined>

const FIELDS = ['ENABLED', 'HOSTS', 'API_HOSTS', 'API_BASE_URL', 'PUBLIC_URL', 'LANGUAGES'] as const

export const regionVariable = (id: RegionId, field: (typeof FIELDS)[number]) => `REGION_${id.toUpperCase()}_${field}`

/** A typo such as REGION_TK_HOSTS or REGION_TR_HOST would otherwise be silently ignored. */
function rejectUnknownRegionVariables(env: Env): void {
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('REGION_') || value === undefined) continue
    const m = /^REGION_([A-Z0-9]+)_([A-Z_]+)$/.exec(name)
    const id = m?.[1]?.toLowerCase()
    if (id === undefined || !isRegionId(id)) throw new ConfigError(name, value, 'names no known region')
    if (!(FIELDS as readonly string[]).includes(m?.[2] ?? '')) throw new ConfigError(name, value, 'is not a known setting')
  }
}

function loadRegion(id: RegionId, env: Env, port: number, globalApiBase: string, globalApiHosts: ApiHosts): RegionConfig {
  const read = <T>(field: (typeof FIELDS)[number], schema: z.ZodType<T, string>, fallback: T) =>
    readValue(regionVariable(id, field), env[regionVariable(id, field)], schema, fallback)

  const hosts = read('HOSTS', listOf(hostValue), [id === 'main' ? 'localhost' : `${id}.localhost`])
  const mode = read('LANGUAGES', languagesModeValue, 'own')
  if (mode === 'all' && !REGIONS_WITH_ALL_LANGUAGES.includes(id)) {
    throw new ConfigError(regionVariable(id, 'LANGUAGES'), mode, `only ${REGIONS_WITH_ALL_LANGUAGES.join(' and ')} may serve all languages`)
  }
  const { languages, defaultLanguage, english } = REGIONS[id]
  return {
    id,
    enabled: read('ENABLED', booleanValue, true),
    hosts,
    apiHosts: read('API_HOSTS', apiHostsValue, { ...globalApiHosts }),
    apiBaseUrl: read('API_BASE_URL', originValue, globalApiBase),
    // hosts has at least one entry (listOf refuses an empty list).
    publicUrl: read('PUBLIC_URL', originValue, new URL(`http://${hosts[0]}:${port}`).origin),
    languages: mode === 'all' ? ALL_LANGUAGES : languages,
    defaultLanguage,
    english,
  }
}

/** One host, one region: otherwise which site a request lands on would depend on list order. */
function rejectSharedHosts(regions: readonly RegionConfig[], env: Env): void {
  const owner = new Map<string, RegionId>()
  for (const region of regions) {
    for (const host of region.hosts) {
      const other = owner.get(host)
      if (other === undefined) {
        owner.set(host, region.id)
        continue
      }
      const [a, b] = [regionVariable(other, 'HOSTS'), regionVariable(region.id, 'HOSTS')]
      const blamed = env[b] !== undefined ? b : a // point at a variable ops actually set
      const where = a === b ? 'twice' : `in both ${a} and ${b}`
      throw new ConfigError(blamed, env[blamed] ?? host, `host "${host}" is listed ${where}`)
    }
  }
}

export function loadSiteConfig(env: Env): SiteConfig {
  rejectUnknownRegionVariables(env)
  const demo = usesDemoDefaults(env)
  const missing = demo ? [] : missingProductionVariables(env)
  if (missing.length > 0) throw new MissingConfigError(missing)
  const fleet = loadFleetSettings(env)
  const port = readValue('PORT', env.PORT, portValue, 3000)
  // In production every fallback below that names a simulator host is unreachable (checked above).
  const globalApiBase = readValue('API_BASE_URL', env.API_BASE_URL, originValue, DEMO_DEFAULTS.apiBaseUrl)
  // API_HOSTS: the browser's main, @1 and @2 hosts of every region (REGION_<ID>_API_HOSTS overrides).
  const globalApiHosts = readValue('API_HOSTS', env.API_HOSTS, apiHostsValue, { ...DEMO_DEFAULTS.apiHosts })
  const fastPathMode = readValue('FAST_PATH_MODE', env.FAST_PATH_MODE, fastPathModeValue, 'whitelist')
  // With the fast path off, production needs no fast-path hosts and gets none.
  const noFastPath = !demo && fastPathMode === 'off'
  const regions = REGION_IDS.map((id) => loadRegion(id, env, port, globalApiBase, globalApiHosts))
  rejectSharedHosts(regions, env)
  const main = regions[0]
  if (main?.enabled === false) {
    throw new ConfigError('REGION_MAIN_ENABLED', env.REGION_MAIN_ENABLED ?? '', 'the main site cannot be disabled: unmatched hosts are served by it')
  }
  return {
    regions: Object.fromEntries(regions.map((r) => [r.id, r])) as Record<RegionId, RegionConfig>,
    trustProxy: readValue('TRUST_PROXY', env.TRUST_PROXY, booleanValue, false),
    trustedProxyHops: readValue('TRUSTED_PROXY_HOPS', env.TRUSTED_PROXY_HOPS, hopsValue, 1),
    fastPathHosts: readValue('FAST_PATH_HOSTS', env.FAST_PATH_HOSTS, listOf(originValue), noFastPath ? [] : [...DEMO_DEFAULTS.fastPathHosts]),
    fastPath: {
      mode: fastPathMode,
      wsUrl: readValue<string | null>('FAST_PATH_WS_URL', env.FAST_PATH_WS_URL, urlValue(['ws:', 'wss:']), noFastPath ? null : DEMO_DEFAULTS.fastPathWsUrl),
      cdnUrl: readValue<string | null>('FAST_PATH_CDN_URL', env.FAST_PATH_CDN_URL, urlValue(['http:', 'https:']), null),
    },
    iconHosts: readValue('ICON_HOSTS', env.ICON_HOSTS, listOf(originValue), [...DEMO_DEFAULTS.iconHosts]),
    fleet,
  }
}

/**
 * The demo's defaults (the upstream simulator, *.localhost public URLs, the simulator's icon
 * host) and the rule that a production start gets none of them: it must name its hosts and URLs
 * or stop (docs/decisions/regions-and-languages.md "Production config is explicit").
 */
import { ConfigError } from './config-values'
import { REGION_IDS } from './regions'

type Env = Record<string, string | undefined>

/** The simulator's hosts (simulator/contract.ts DEFAULT_SIM_PORTS) and its icon CDN. */
export const DEMO_DEFAULTS = {
  apiBaseUrl: 'http://127.0.0.1:4010',
  apiHosts: { main: 'http://127.0.0.1:4010', alt1: 'http://127.0.0.1:4011', alt2: 'http://127.0.0.1:4012' },
  fastPathHosts: ['http://127.0.0.1:4013'],
  fastPathWsUrl: 'ws://127.0.0.1:4013/ws',
  // The simulator serves the pair icons itself (simulator/icons.ts), so the demo works offline.
  iconHosts: ['http://127.0.0.1:4010'],
} as const

/** Names every missing variable at once, so ops fix a deployment in one pass. */
export class MissingConfigError extends ConfigError {
  constructor(readonly missing: readonly string[]) {
    super(missing.join(','), '', 'missing')
    this.message = `NODE_ENV=production needs ${missing.join(', ')} (DEMO_DEFAULTS=1 runs the local demo's defaults instead)`
    this.name = 'MissingConfigError'
  }
}

/**
 * Demo defaults apply with DEMO_DEFAULTS=1, outside production (next dev, jest) and while
 * `next build` prerenders, which serves nobody and must work with no configuration.
 */
export function usesDemoDefaults(env: Env): boolean {
  const flag = env.DEMO_DEFAULTS?.trim()
  if (flag !== undefined && flag !== '' && flag !== '0' && flag !== '1') throw new ConfigError('DEMO_DEFAULTS', flag, 'must be 1 or 0')
  return flag === '1' || env.NODE_ENV !== 'production' || env.NEXT_PHASE === 'phase-production-build'
}

const isSet = (env: Env, name: string) => (env[name]?.trim() ?? '') !== ''

/** What a production start must set; an unset or empty variable counts as missing. */
export function missingProductionVariables(env: Env): string[] {
  const names = ['API_BASE_URL', 'API_HOSTS', 'ICON_HOSTS']
  if (env.FAST_PATH_MODE?.trim() !== 'off') names.push('FAST_PATH_HOSTS', 'FAST_PATH_WS_URL')
  for (const id of REGION_IDS) {
    const prefix = `REGION_${id.toUpperCase()}_`
    if (env[`${prefix}ENABLED`]?.trim().toLowerCase() === 'false') continue
    // Unmatched hosts are served by main, so only the other regions must name theirs.
    if (id !== 'main') names.push(`${prefix}HOSTS`)
    names.push(`${prefix}PUBLIC_URL`)
  }
  return names.filter((name) => !isSet(env, name))
}

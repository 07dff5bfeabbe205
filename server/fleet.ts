import { createHash } from 'node:crypto'
import type { SiteConfig } from '@/lib/regions/config'
import { processRedisLink, type RedisLink } from './redis-link.cjs'
import { logger } from './observability'

/**
 * Fleet mode (REDIS_URL set): the process's Redis link and what the cache handler needs to find
 * it (docs/decisions.md "Fleet mode is REDIS_URL", "Cache keys: build and configuration").
 */
export interface FleetHandlerSettings {
  redisUrl: string
  timeoutMs: number
  fingerprint: string
}

/**
 * A short hash of every setting that can reach a rendered page (hosts, public URLs, upstreams,
 * languages, fast-path and icon hosts). Instances with different settings share nothing; the
 * Redis settings themselves are left out (they shape no page).
 */
export function configFingerprint(config: SiteConfig): string {
  const { fleet: _fleet, ...rest } = config
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex').slice(0, 16)
}

const HANDLER_KEY = Symbol.for('spot-site.fleet')

/** Called once at start (server/startup.ts): tells the cache handler (plain CommonJS) where to share. */
export function installFleet(config: SiteConfig): FleetHandlerSettings | null {
  if (!config.fleet || process.env.NEXT_PHASE === 'phase-production-build') return null
  const settings = { ...config.fleet, fingerprint: configFingerprint(config) }
  ;(globalThis as Record<symbol, unknown>)[HANDLER_KEY] = settings
  logger.info({ fingerprint: settings.fingerprint, timeoutMs: settings.timeoutMs }, 'fleet mode: sharing cache and pair lists through redis')
  return settings
}

/** The process's Redis link in fleet mode, else null. */
export function fleetLink(config: SiteConfig): RedisLink | null {
  if (!config.fleet) return null
  return processRedisLink(config.fleet, (level, detail, message) => logger[level](detail, message))
}

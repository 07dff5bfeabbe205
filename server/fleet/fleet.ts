import { createHash } from 'node:crypto'
import { Gauge } from 'prom-client'
import type { SiteConfig } from '@/lib/regions/config'
import { processRedisLink, type RedisLink } from './redis-link.cjs'
import { processSingleton } from '../config/global'
import { logger, metrics } from '../ops/observability'
import { sharedCopyCounts } from './shared-copies'

/**
 * Fleet mode (REDIS_URL set): the process's Redis link and what the cache handler needs to find
 * it (docs/decisions/fleet.md "Redis is an accelerator, never a dependency", "Shared page cache").
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

/** Called once at start (server/fleet/startup.ts): tells the cache handler (plain CommonJS) where to share. */
export function installFleet(config: SiteConfig): FleetHandlerSettings | null {
  if (!config.fleet || process.env.NEXT_PHASE === 'phase-production-build') return null
  const settings = { ...config.fleet, fingerprint: configFingerprint(config) }
  ;(globalThis as Record<symbol, unknown>)[HANDLER_KEY] = settings
  // Connect now: a link made by the first request would answer that request from disk alone.
  fleetLink(config)
  logger.info({ fingerprint: settings.fingerprint, timeoutMs: settings.timeoutMs }, 'fleet mode: sharing cache and symbol lists through redis')
  return settings
}

/** The process's Redis link in fleet mode, else null; its figures go to /api/metrics. */
export function fleetLink(config: SiteConfig): RedisLink | null {
  const settings = config.fleet
  if (!settings) return null
  const link = processRedisLink(settings, (level, detail, message) => logger[level](detail, message))
  processSingleton('redis-metrics', () => registerRedisMetrics(link))
  return link
}

/** Read from the link when /api/metrics is scraped. */
function registerRedisMetrics(link: RedisLink) {
  const registers = [metrics.registry]
  new Gauge({
    name: 'spot_redis_commands',
    help: 'Redis commands since start by outcome: ok, failed, timeout, skipped (breaker open)',
    labelNames: ['outcome'],
    registers,
    collect() {
      const { counts } = link.status()
      for (const outcome of ['ok', 'failed', 'timeout', 'skipped'] as const) this.set({ outcome }, counts[outcome])
    },
  })
  new Gauge({
    name: 'spot_redis_breaker_opened',
    help: 'Times the Redis circuit breaker opened since start',
    registers,
    collect() {
      this.set(link.status().counts.opened)
    },
  })
  new Gauge({
    name: 'spot_redis_shared_copy_commands',
    help: 'Redis commands of the copies the fleet shares (lists, tickers) since start, answered, by step: time (HGET), read (HMGET), lease (SET NX), write (script), written',
    labelNames: ['copy', 'step'],
    registers,
    collect() {
      for (const [copy, counts] of Object.entries(sharedCopyCounts())) for (const [step, n] of Object.entries(counts)) this.set({ copy, step }, n)
    },
  })
  new Gauge({
    name: 'spot_redis_up',
    help: '1 while Redis answers and the breaker is closed, else 0 (serving from memory and disk)',
    registers,
    collect() {
      const { connected, breaker } = link.status()
      this.set(connected && breaker === 'closed' ? 1 : 0)
    },
  })
  return true
}

/**
 * Fleet mode's part of readiness: 'connecting' until the link made at start has connected, with
 * its breaker closed and its first PING answered, or has tried for its ready wait (a few
 * seconds: Redis down never keeps an instance out); null without a fleet.
 */
export function redisReadiness(config: SiteConfig): 'connected' | 'connecting' | 'unavailable' | null {
  const link = fleetLink(config)
  if (!link) return null
  const { ready, connected } = link.status()
  return !ready ? 'connecting' : connected ? 'connected' : 'unavailable'
}

/** What /api/health says about Redis: null without a fleet; degraded when it is not in use. */
export function redisHealth(config: SiteConfig) {
  const link = fleetLink(config)
  if (!link) return null
  const { breaker, connected, lastError, counts } = link.status()
  return { status: connected && breaker === 'closed' ? 'ok' : 'degraded', connected, breaker, lastError, counts }
}

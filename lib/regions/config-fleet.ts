/**
 * Fleet mode: several instances share one Redis (REDIS_URL set). Pages rendered by one instance
 * are served by every other, so nothing an instance knows only about itself (its port) may reach
 * a page: every enabled region must name its public URL, whatever DEMO_DEFAULTS says
 * (docs/decisions/fleet.md "Redis is an accelerator, never a dependency").
 */
import { z } from 'zod'
import { ConfigError, readValue } from './config-values'
import { REGION_IDS } from './regions'

type Env = Record<string, string | undefined>

export interface FleetSettings {
  /** redis:// or rediss:// URL of the shared store. */
  redisUrl: string
  /** Per-command client timeout; past it the instance answers from its own memory and disk. */
  timeoutMs: number
}

/** How long a Redis command may take before the instance stops waiting (tens of ms). */
export const DEFAULT_REDIS_TIMEOUT_MS = 50

const redisUrlValue = z.string().transform((raw, ctx) => {
  try {
    const url = new URL(raw.trim())
    if (url.protocol === 'redis:' || url.protocol === 'rediss:') return url.href
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'must be a redis:// or rediss:// URL' })
  return z.NEVER
})

const timeoutValue = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, 'must be a whole number of milliseconds')
  .transform(Number)
  .refine((n) => n >= 5 && n <= 2000, 'must be between 5 and 2000')

/** The fleet settings, or null for the embedded default (one process, no Redis). */
export function loadFleetSettings(env: Env): FleetSettings | null {
  const raw = env.REDIS_URL?.trim()
  if (!raw) {
    if (env.REDIS_TIMEOUT_MS !== undefined) readValue('REDIS_TIMEOUT_MS', env.REDIS_TIMEOUT_MS, timeoutValue, 0)
    return null
  }
  const missing = REGION_IDS.filter((id) => env[`REGION_${id.toUpperCase()}_ENABLED`]?.trim().toLowerCase() !== 'false')
    .map((id) => `REGION_${id.toUpperCase()}_PUBLIC_URL`)
    .filter((name) => (env[name]?.trim() ?? '') === '')
  // The build serves nobody and shares nothing: it needs no public URLs.
  if (missing.length > 0 && env.NEXT_PHASE !== 'phase-production-build') {
    throw new ConfigError(
      missing.join(','),
      '',
      `fleet mode (REDIS_URL set) needs explicit ${missing.join(', ')}: a page one instance renders is served by all`,
    )
  }
  return {
    redisUrl: readValue('REDIS_URL', raw, redisUrlValue, ''),
    timeoutMs: readValue('REDIS_TIMEOUT_MS', env.REDIS_TIMEOUT_MS, timeoutValue, DEFAULT_REDIS_TIMEOUT_MS),
  }
}

import { BACKOFF_FACTOR, BACKOFF_MAX_MS, BACKOFF_MIN_MS, RETRY_DELAY_MAX_MS, RETRY_DELAY_MIN_MS } from './constants'

export interface BackoffOptions {
  minMs?: number
  maxMs?: number
  factor?: number
}

/** SPEC §9 generic back-off: 100 ms × 2^attempt, capped at 10000 ms. `attempt` starts at 0. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const { minMs = BACKOFF_MIN_MS, maxMs = BACKOFF_MAX_MS, factor = BACKOFF_FACTOR } = options
  if (!Number.isFinite(attempt) || attempt < 0) return minMs
  return Math.min(maxMs, minMs * factor ** Math.floor(attempt))
}

/** SPEC §4: when retries are enabled, each waits a random 2000–4000 ms. */
export function retryDelay(random: () => number = Math.random): number {
  const r = Math.min(Math.max(random(), 0), 1)
  return Math.round(RETRY_DELAY_MIN_MS + r * (RETRY_DELAY_MAX_MS - RETRY_DELAY_MIN_MS))
}

import { backoffDelay, type BackoffOptions } from './backoff'

/**
 * Remembered failures of one upstream: after a failed attempt, no new attempt until a backed-off
 * delay has passed (SPEC §9 generic back-off: 100 ms × 2^n, capped at 10000 ms), with "equal
 * jitter" so a fleet of processes does not retry in step (docs/decisions/pages.md "Server symbol-list
 * reuse"). Clock and random source are passed in.
 */
export interface FailureRecord {
  code?: number
  message: string
  at: number
}

export interface FailureBackoffState {
  consecutiveFailures: number
  /** ms since epoch; 0 = an attempt may start now. */
  nextAttemptAt: number
  lastError?: FailureRecord
  lastSuccessAt?: number
}

export interface FailureBackoff {
  /** Whether an attempt may start at `now()`. */
  mayAttempt(): boolean
  succeeded(): void
  failed(error: Omit<FailureRecord, 'at'>): void
  state(): FailureBackoffState
}

export interface FailureBackoffOptions extends BackoffOptions {
  now: () => number
  random: () => number
}

/** The delay after the n-th consecutive failure (n ≥ 1): half the back-off, plus up to half again at random. */
export function jitteredDelay(failures: number, random: () => number, options: BackoffOptions = {}): number {
  const full = backoffDelay(Math.max(0, failures - 1), options)
  const r = Math.min(Math.max(random(), 0), 1)
  return Math.round(full / 2 + (r * full) / 2)
}

export function createFailureBackoff(options: FailureBackoffOptions): FailureBackoff {
  const { now, random } = options
  let current: FailureBackoffState = { consecutiveFailures: 0, nextAttemptAt: 0 }
  return {
    mayAttempt: () => now() >= current.nextAttemptAt,
    succeeded() {
      current = { ...current, consecutiveFailures: 0, nextAttemptAt: 0, lastSuccessAt: now() }
    },
    failed(error) {
      const at = now()
      const consecutiveFailures = current.consecutiveFailures + 1
      current = { ...current, consecutiveFailures, nextAttemptAt: at + jitteredDelay(consecutiveFailures, random, options), lastError: { ...error, at } }
    },
    state: () => current,
  }
}

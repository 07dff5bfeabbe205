import {
  FAST_PATH_CACHE_TTL_MS,
  FAST_PATH_CHECK_INTERVAL_MS,
  FAST_PATH_JITTER,
  FAST_PATH_PROBE_TIMEOUT_MS,
  FAST_PATH_SLOW_MS,
  FAST_PATH_PROBE_INTERVAL_MAX_MS,
  FAST_PATH_PROBE_INTERVAL_START_MS,
  FAST_PATH_PROBE_INTERVAL_STEP_MS,
  FAST_PATH_REFRESH_MAX_MS,
  FAST_PATH_REFRESH_MIN_MS,
  FAST_PATH_REPORT_FIRST_COUNT,
  FAST_PATH_REPORT_FIRST_MS,
  FAST_PATH_REPORT_MS,
} from './constants'

/** The fast path's timings and limits; every one injectable so simulator tests run fast. */
export interface FastPathTimings {
  probeTimeoutMs: number
  slowMs: number
  cacheTtlMs: number
  probeStartMs: number
  probeStepMs: number
  probeMaxMs: number
  refreshMinMs: number
  refreshMaxMs: number
  jitter: number
  checkMs: number
  reportFirstMs: number
  reportFirstCount: number
  reportMs: number
}

export const DEFAULT_FAST_PATH_TIMINGS: FastPathTimings = {
  probeTimeoutMs: FAST_PATH_PROBE_TIMEOUT_MS,
  slowMs: FAST_PATH_SLOW_MS,
  cacheTtlMs: FAST_PATH_CACHE_TTL_MS,
  probeStartMs: FAST_PATH_PROBE_INTERVAL_START_MS,
  probeStepMs: FAST_PATH_PROBE_INTERVAL_STEP_MS,
  probeMaxMs: FAST_PATH_PROBE_INTERVAL_MAX_MS,
  refreshMinMs: FAST_PATH_REFRESH_MIN_MS,
  refreshMaxMs: FAST_PATH_REFRESH_MAX_MS,
  jitter: FAST_PATH_JITTER,
  checkMs: FAST_PATH_CHECK_INTERVAL_MS,
  reportFirstMs: FAST_PATH_REPORT_FIRST_MS,
  reportFirstCount: FAST_PATH_REPORT_FIRST_COUNT,
  reportMs: FAST_PATH_REPORT_MS,
}

/**
 * Delay before probe round `index + 1` (index counts from the start, the last resume or the last
 * route change): 10 s, 20 s, 30 s, 30 s… with ±jitter, clamped to the 10–30 s refresh bounds.
 * `random` is a draw in [0, 1).
 */
export function probeDelay(index: number, random: number, t: FastPathTimings = DEFAULT_FAST_PATH_TIMINGS): number {
  const base = Math.min(t.probeStartMs + t.probeStepMs * index, t.probeMaxMs)
  const jittered = base * (1 + (random * 2 - 1) * t.jitter)
  return Math.min(Math.max(jittered, t.refreshMinMs), t.refreshMaxMs)
}

/** Delay before quality report number `sent + 1`: every 10 s for the first three, then every 30 s. */
export function reportDelay(sent: number, t: FastPathTimings = DEFAULT_FAST_PATH_TIMINGS): number {
  return sent < t.reportFirstCount ? t.reportFirstMs : t.reportMs
}

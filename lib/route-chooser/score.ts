import { ROUTE_HISTORY_DEFAULT_MS, ROUTE_HISTORY_LENGTH, ROUTE_PROBE_FAILURE_MS, ROUTE_WEIGHT_START, ROUTE_WEIGHT_STEP } from './constants'

/**
 * A host's recent probe times and their weighted score (SPEC §9). Histories are kept oldest →
 * newest, the order a sparkline draws them in; the weights apply newest first.
 */
export type ProbeHistory = readonly number[]

/** A host never probed: [100, 100, 100], so it neither wins nor loses before its first sample. */
export function initialHistory(): ProbeHistory {
  return Array.from({ length: ROUTE_HISTORY_LENGTH }, () => ROUTE_HISTORY_DEFAULT_MS)
}

/** 0.1, 0.07, 0.04 — derived from the spec's start and step rather than typed in. */
export const ROUTE_WEIGHTS: readonly number[] = Array.from(
  { length: ROUTE_HISTORY_LENGTH },
  (_, age) => Math.round((ROUTE_WEIGHT_START - ROUTE_WEIGHT_STEP * age) * 1000) / 1000,
)

/** A probe's time as it enters the history: failures and anything slower count as 15000 ms. */
export function probeTime(elapsedMs: number, ok: boolean, failureMs = ROUTE_PROBE_FAILURE_MS): number {
  if (!ok || !Number.isFinite(elapsedMs)) return failureMs
  return Math.min(Math.max(elapsedMs, 0), failureMs)
}

export function pushSample(history: ProbeHistory, ms: number): ProbeHistory {
  return [...history, ms].slice(-ROUTE_HISTORY_LENGTH)
}

/** Σ weight × time, newest sample first. Lower is better; a default history scores 21. */
export function weightedScore(history: ProbeHistory): number {
  let score = 0
  for (let age = 0; age < ROUTE_WEIGHTS.length; age++) {
    const sample = history[history.length - 1 - age] ?? ROUTE_HISTORY_DEFAULT_MS
    score += (ROUTE_WEIGHTS[age] ?? 0) * sample
  }
  return score
}

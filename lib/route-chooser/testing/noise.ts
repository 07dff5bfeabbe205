/**
 * Equal hosts under bounded noise, on the pure rule (tests and the figures in docs/decisions/network-layer.md
 * "Route switch rules: how 5, 25 and 30 are used"). Each cycle every host answers in
 * `baseMs ± noiseMs`, drawn from a seeded source, and `decideSwitch` runs on each host's score.
 */
import { ROUTE_HOSTS, type RouteHost } from '../constants'
import { decideSwitch, type LeadRuns } from '../decide'
import { initialHistory, pushSample, weightedScore, ROUTE_WEIGHTS, type ProbeHistory } from '../score'
import { seededRandom } from '../../testing/engine-fakes'

export type Scorer = (history: ProbeHistory) => number

/** The product's score: the weighted history of the last 3 probes (SPEC §9). */
export const historyScore: Scorer = weightedScore
/** The counterfactual: the newest probe alone, on the same scale (total weight 0.21). */
export const newestOnlyScore: Scorer = (history) => ROUTE_WEIGHTS.reduce((a, b) => a + b, 0) * (history.at(-1) ?? 0)

export function countNoiseSwitches(seed: number, cycles: number, score: Scorer, baseMs = 100, noiseMs = 20): number {
  const noise = seededRandom(seed)
  const histories = Object.fromEntries(ROUTE_HOSTS.map((h) => [h, initialHistory()])) as Record<RouteHost, ProbeHistory>
  let current: RouteHost = 'main'
  let runs: LeadRuns = {}
  let switches = 0
  for (let cycle = 0; cycle < cycles; cycle++) {
    for (const h of ROUTE_HOSTS) histories[h] = pushSample(histories[h], baseMs + (noise() * 2 - 1) * noiseMs)
    const scores = { main: score(histories.main), alt1: score(histories.alt1), alt2: score(histories.alt2) }
    const decision = decideSwitch(current, scores, runs)
    runs = decision.runs
    if (decision.to) {
      current = decision.to
      switches++
    }
  }
  return switches
}

/** Switches per `cycles`-cycle run, over seeds 1..seeds: mean, largest, share of runs with none. */
export function noiseSwitchStats(seeds: number, cycles: number, score: Scorer) {
  let total = 0
  let max = 0
  let none = 0
  for (let seed = 1; seed <= seeds; seed++) {
    const n = countNoiseSwitches(seed, cycles, score)
    total += n
    max = Math.max(max, n)
    if (n === 0) none++
  }
  return { mean: total / seeds, max, noneShare: none / seeds }
}

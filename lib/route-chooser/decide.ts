import { ROUTE_HOSTS, ROUTE_STREAK_CYCLES, ROUTE_SUM_LEAD, ROUTE_SWITCH_MARGIN, type RouteHost } from './constants'

/**
 * The automatic switch rule (SPEC §4; docs/decisions/network-layer.md "Route switch rules: how 5, 25 and 30
 * are used"). A challenger's lead is score(in use) − score(challenger):
 * - 5: a lead of more than 5 units in one cycle switches at once;
 * - 30: leads (any lead above 0) of consecutive cycles add up; more than 30 switches;
 * - 25: a challenger ahead on 25 consecutive cycles switches however small its lead.
 * A cycle where a challenger is not ahead starts its run over. What holds flapping down is the
 * score itself, the weighted history of the last 3 probes, not a wait: see the decision.
 * Pure: the chooser keeps `runs` between cycles.
 */
export interface LeadRun {
  /** Sum of the leads of the consecutive cycles this challenger was ahead. */
  sum: number
  /** How many consecutive cycles it was ahead. */
  cycles: number
}
export type LeadRuns = Readonly<Partial<Record<RouteHost, LeadRun>>>
export type SwitchReason = 'lead' | 'sum' | 'streak'

export interface SwitchDecision {
  /** The host to switch to, or null to stay. */
  to: RouteHost | null
  reason: SwitchReason | null
  /** Runs per challenger, for the next cycle (empty after a switch). */
  runs: LeadRuns
}

function reasonFor(lead: number, run: LeadRun): SwitchReason | null {
  if (lead > ROUTE_SWITCH_MARGIN) return 'lead'
  if (run.sum > ROUTE_SUM_LEAD) return 'sum'
  if (run.cycles >= ROUTE_STREAK_CYCLES) return 'streak'
  return null
}

export function decideSwitch(current: RouteHost, scores: Readonly<Record<RouteHost, number>>, runs: LeadRuns): SwitchDecision {
  const next: Partial<Record<RouteHost, LeadRun>> = {}
  let best: { host: RouteHost; reason: SwitchReason } | null = null
  for (const host of ROUTE_HOSTS) {
    if (host === current) continue
    const lead = scores[current] - scores[host]
    if (!(lead > 0)) continue // not ahead this cycle: its run starts over
    const run = { sum: (runs[host]?.sum ?? 0) + lead, cycles: (runs[host]?.cycles ?? 0) + 1 }
    next[host] = run
    const reason = reasonFor(lead, run)
    // Among the hosts that qualify, the best-scoring one wins.
    if (reason && (!best || scores[host] < scores[best.host])) best = { host, reason }
  }
  if (best) return { to: best.host, reason: best.reason, runs: {} }
  return { to: null, reason: null, runs: next }
}

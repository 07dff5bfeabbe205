import { ROUTE_CONFIRM_LEAD, ROUTE_HOSTS, ROUTE_SWITCH_MARGIN, ROUTE_URGENT_MARGIN, type RouteHost } from './constants'

/**
 * The automatic switch rule (SPEC §4; docs/decisions.md "Route switch rules"):
 * - a challenger "leads" when the host in use scores more than 5 units worse than it;
 * - leading by more than 25 units in one cycle switches at once (a failing or badly degraded
 *   host is left on the next probe cycle);
 * - otherwise its leads over consecutive cycles add up, and more than 30 switches. A cycle
 *   without a lead resets its sum. Bounded noise cannot fake this: ±20 ms jitter on equal hosts
 *   moves a score difference by at most 0.21 × 40 = 8.4 units, far from 25, and four lucky
 *   cycles in a row would be needed to pass 30.
 * Pure: the chooser keeps `runs` between cycles.
 */
export type LeadRuns = Readonly<Partial<Record<RouteHost, number>>>

export interface SwitchDecision {
  /** The host to switch to, or null to stay. */
  to: RouteHost | null
  reason: 'urgent' | 'confirmed' | null
  /** Leads summed per challenger, for the next cycle (empty after a switch). */
  runs: LeadRuns
}

export function decideSwitch(current: RouteHost, scores: Readonly<Record<RouteHost, number>>, runs: LeadRuns): SwitchDecision {
  const next: Partial<Record<RouteHost, number>> = {}
  let best: { host: RouteHost; reason: 'urgent' | 'confirmed' } | null = null
  for (const host of ROUTE_HOSTS) {
    if (host === current) continue
    const lead = scores[current] - scores[host]
    if (!(lead > ROUTE_SWITCH_MARGIN)) continue // no lead this cycle: its run starts over
    const sum = (runs[host] ?? 0) + lead
    next[host] = sum
    const reason = lead > ROUTE_URGENT_MARGIN ? 'urgent' : sum > ROUTE_CONFIRM_LEAD ? 'confirmed' : null
    // Among the hosts that qualify, the best-scoring one wins.
    if (reason && (!best || scores[host] < scores[best.host])) best = { host, reason }
  }
  if (best) return { to: best.host, reason: best.reason, runs: {} }
  return { to: null, reason: null, runs: next }
}

import type { AllowList } from './allow-list'
import type { ProbeRecord } from './probes'

/**
 * Choosing the fast-path route (SPEC §4 "chooses the best route"): the allowed fast-path host
 * with the lowest latency under the slowness threshold, from results younger than the cache
 * lifetime. CDN and websocket results describe the network (quality reports) but are not
 * rewrite targets. On a tie the route in use stays, so equal hosts do not alternate.
 */
export interface FastPathRoute {
  host: string
  latencyMs: number
  at: number
}

export interface RouteRules {
  allowList: AllowList
  slowMs: number
  ttlMs: number
  now: number
}

export function isFresh(at: number, rules: Pick<RouteRules, 'ttlMs' | 'now'>): boolean {
  return rules.now - at <= rules.ttlMs
}

export function pickRoute(records: readonly ProbeRecord[], rules: RouteRules, current: FastPathRoute | null): FastPathRoute | null {
  let best: FastPathRoute | null = null
  for (const record of records) {
    const { latencyMs } = record
    if (record.kind !== 'fastPath' || !record.ok || latencyMs === null) continue
    if (latencyMs >= rules.slowMs || !isFresh(record.at, rules) || !rules.allowList.has(record.target)) continue
    const better = !best || latencyMs < best.latencyMs || (latencyMs === best.latencyMs && record.target === current?.host)
    if (better) best = { host: record.target, latencyMs, at: record.at }
  }
  return best
}

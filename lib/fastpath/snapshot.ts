import type { FastPathMode } from '../regions/config-values'
import type { ProbeRecord } from './probes'
import type { FastPathRoute } from './route'

/**
 * Why the fast path is off: 'config' (mode off or no valid candidate), 'idle' (not started),
 * 'checking' (waiting for a first whitelist answer), 'not-allowed', 'exception' (getproxy
 * res_code 8) or 'internal-error'. The last two last for the page's life.
 */
export type FastPathOffReason = 'config' | 'idle' | 'checking' | 'not-allowed' | 'exception' | 'internal-error'

export interface FastPathSnapshot {
  /** What the site configuration asked for. */
  mode: FastPathMode
  /** Where the engine is now: off, open globally, or on for this whitelisted user. */
  state: FastPathMode
  offReason: FastPathOffReason | null
  /** Where matching requests go now; null: straight to the API host. */
  route: FastPathRoute | null
  /** The latest result per probed target (CDN, websocket, each fast-path host). */
  probes: readonly ProbeRecord[]
  /** The configured fast-path origins, the only possible rewrite targets. */
  allowList: readonly string[]
}

/** Quality report (SPEC §9 "quality reports"; destination not shown: the injected `report`). */
export interface QualityReport {
  state: FastPathMode
  route: string | null
  routeLatencyMs: number | null
  /** Requests rewritten since the previous report. */
  rewrites: number
  probes: ReadonlyArray<Pick<ProbeRecord, 'kind' | 'target' | 'ok' | 'latencyMs'>>
  at: number
}

export function qualityReport(snapshot: FastPathSnapshot, rewrites: number, at: number): QualityReport {
  return {
    state: snapshot.state,
    route: snapshot.route?.host ?? null,
    routeLatencyMs: snapshot.route?.latencyMs ?? null,
    rewrites,
    probes: snapshot.probes.map(({ kind, target, ok, latencyMs }) => ({ kind, target, ok, latencyMs })),
    at,
  }
}

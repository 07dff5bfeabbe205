import type { ApiHosts } from '../regions/config'
import type { RouteHost, RouteMode } from './constants'
import type { SwitchReason } from './decide'
import type { SavedRoute } from './persistence'
import { initialHistory, weightedScore, type ProbeHistory } from './score'

/** What the route chooser shows: the mode, the host in use and each host's recent probe times. */
export interface HostStatus {
  url: string
  /** Last 3 probe times, oldest first (a sparkline); [100, 100, 100] before the first probe. */
  history: ProbeHistory
  score: number
  lastProbe: { ms: number; ok: boolean; at: number } | null
}

export interface RouteSnapshot {
  site: string
  mode: RouteMode
  /** The host in use: the mode itself, or in automatic mode the one the probes chose. */
  host: RouteHost
  /** The API host in use: that host's URL. */
  apiHost: string
  hosts: Readonly<Record<RouteHost, HostStatus>>
  probing: boolean
  lastSwitch: { from: RouteHost; to: RouteHost; reason: SwitchReason; at: number } | null
}

export function scoresOf(statuses: Readonly<Record<RouteHost, HostStatus>>): Record<RouteHost, number> {
  return { main: statuses.main.score, alt1: statuses.alt1.score, alt2: statuses.alt2.score }
}

/** Before any probe: the saved choice (or automatic, starting on main) and default histories. */
export function initialSnapshot(site: string, hosts: ApiHosts, saved: SavedRoute | undefined): RouteSnapshot {
  const mode: RouteMode = saved?.mode ?? 'auto'
  // A saved automatic choice restarts on the host it last chose; the first cycle re-checks it.
  const host: RouteHost = mode === 'auto' ? (saved?.host ?? 'main') : mode
  const statusOf = (url: string): HostStatus => ({ url, history: initialHistory(), score: weightedScore(initialHistory()), lastProbe: null })
  return {
    site,
    mode,
    host,
    apiHost: hosts[host],
    hosts: { main: statusOf(hosts.main), alt1: statusOf(hosts.alt1), alt2: statusOf(hosts.alt2) },
    probing: false,
    lastSwitch: null,
  }
}

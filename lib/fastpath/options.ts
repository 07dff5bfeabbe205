import type { HttpClient } from '../http/client'
import type { FetchLike, Timers } from '../engine-kit/environment'
import type { Monitor } from '../monitor/monitor'
import type { Visibility } from '../engine-kit/environment'
import type { ExternalStore } from '../engine-kit/external-store'
import type { FastPathTimings } from './cadence'
import type { FastPathMode } from '../regions/config-values'
import type { OpenWebSocket } from './probes'
import type { FastPathSnapshot, QualityReport } from './snapshot'
import type { WhitelistIdentity } from './whitelist'

/** The fast-path network layer (SPEC §4): probes, picks a route, rewrites matching requests. */
export interface FastPathConfig {
  mode: FastPathMode
  /** Site configuration only (SiteConfig.fastPathHosts): the allow-list of rewrite targets. */
  candidates: readonly string[]
  cdnUrl?: string
  wsUrl?: string
  /** The API host in use; a getter follows the route chooser. */
  apiHost: string | (() => string)
}

export interface FastPathOptions {
  config: FastPathConfig
  fetch: FetchLike
  timers: Timers
  now: () => number
  random?: () => number
  visibility?: Visibility
  monitor?: Monitor
  /** Where quality reports go; default: monitor.event('fast_path_quality', report). */
  report?: (report: QualityReport) => void
  openWebSocket?: OpenWebSocket
  identity?: WhitelistIdentity
  /** Client for getproxy on the API host; default: one built from `fetch` and `apiHost`. */
  apiClient?: HttpClient
  timings?: Partial<FastPathTimings>
}

export interface FastPath extends ExternalStore<FastPathSnapshot> {
  /** The request client's `rewriteUrl`. Never throws: on an internal error the fast path turns off. */
  rewriteUrl(url: string): string
  start(): void
  stop(): void
}

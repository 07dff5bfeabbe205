import type { FetchLike, Timers } from '../engine-kit/environment'
import { silentMonitor, type Monitor } from '../monitor/monitor'
import { safeMonitor } from '../monitor/safe'
import type { ApiHosts } from '../regions/config'
import { ROUTE_HOSTS, ROUTE_MODES, ROUTE_PROBE_FAILURE_MS, ROUTE_PROBE_INTERVAL_MS, ROUTE_PROBE_JITTER, ROUTE_PROBE_PATH, type RouteMode } from './constants'
import { decideSwitch, type LeadRuns } from './decide'
import { alwaysVisible, type Visibility } from '../engine-kit/environment'
import { createExternalStore, type ExternalStore } from '../engine-kit/external-store'
import { loadSavedRoute, saveRoute, type RouteStorage } from './persistence'
import { createHostProber } from './probe'
import { pushSample, weightedScore } from './score'
import { initialSnapshot, scoresOf, type RouteSnapshot } from './snapshot'
import { createVisibleLoop } from '../engine-kit/visible-loop'

/** The route chooser (SPEC §4 "Route choice"): which API host the request client talks to. */
export interface RouteChooserOptions {
  /** The region id of this site (e.g. "tr"); a saved choice of another site is dropped. */
  site: string
  hosts: ApiHosts
  fetch: FetchLike
  storage: RouteStorage
  timers: Timers
  now: () => number
  random?: () => number
  visibility?: Visibility
  monitor?: Monitor
  /** SPEC §9 30000 ms; tests against the simulator pass less. */
  intervalMs?: number
  /** SPEC §9 15000 ms: the probe timeout and the time a failure counts as. */
  failureMs?: number
  jitter?: number
}

export interface RouteChooser extends ExternalStore<RouteSnapshot> {
  /** The API host in use (its URL): what the request client's `baseUrl` getter calls. */
  apiHost(): string
  setMode(mode: RouteMode): void
  /** Starts probing (automatic mode) and listens to visibility. */
  start(): void
  stop(): void
  /** One probe cycle now (e.g. the settings panel opened in a manual mode). */
  probeNow(): Promise<void>
}

export function createRouteChooser(options: RouteChooserOptions): RouteChooser {
  const { site, hosts, storage, now } = options
  const monitor = safeMonitor(options.monitor ?? silentMonitor)
  const random = options.random ?? Math.random
  const intervalMs = options.intervalMs ?? ROUTE_PROBE_INTERVAL_MS
  const jitter = options.jitter ?? ROUTE_PROBE_JITTER
  const prober = createHostProber({ ...options, path: ROUTE_PROBE_PATH, failureMs: options.failureMs ?? ROUTE_PROBE_FAILURE_MS })

  const saved = loadSavedRoute(storage, site)
  if (saved.status === 'dropped') monitor.event('route_choice_dropped', { site, reason: saved.reason, detail: saved.detail })
  const store = createExternalStore(initialSnapshot(site, hosts, saved.status === 'ok' ? saved.route : undefined))
  let runs: LeadRuns = {}
  let activeCycle: AbortSignal | null = null

  function persist(snapshot: RouteSnapshot): void {
    if (!saveRoute(storage, { site, mode: snapshot.mode, host: snapshot.host, savedAt: now() })) {
      monitor.event('route_choice_not_saved', { site, mode: snapshot.mode })
    }
  }

  async function cycle(signal: AbortSignal): Promise<void> {
    activeCycle = signal
    store.update((s) => ({ ...s, probing: true }))
    const outcomes = await Promise.all(ROUTE_HOSTS.map((h) => prober.probe(hosts[h], signal)))
    // Hidden or stopped meanwhile: the aborted probes say nothing about the hosts.
    if (signal.aborted) return void (activeCycle === signal && store.update((s) => ({ ...s, probing: false })))
    const s = store.getSnapshot()
    const measured = { ...s.hosts }
    ROUTE_HOSTS.forEach((h, i) => {
      const outcome = outcomes[i]
      if (!outcome) return
      const history = pushSample(s.hosts[h].history, outcome.ms)
      measured[h] = { url: hosts[h], history, score: weightedScore(history), lastProbe: outcome }
    })
    const updated: RouteSnapshot = { ...s, hosts: measured, probing: false }
    // Manual modes keep measuring for display (probeNow) but never move the host.
    const decision = s.mode === 'auto' ? decideSwitch(s.host, scoresOf(measured), runs) : null
    runs = decision?.runs ?? {}
    if (!decision?.to || !decision.reason) return void store.update(() => updated)
    const lastSwitch = { from: s.host, to: decision.to, reason: decision.reason, at: now() }
    const switched = { ...updated, host: decision.to, apiHost: hosts[decision.to], lastSwitch }
    store.update(() => switched)
    persist(switched)
    monitor.event('route_switch', { site, ...lastSwitch, scores: scoresOf(measured) })
  }

  const loop = createVisibleLoop({
    timers: options.timers,
    visibility: options.visibility ?? alwaysVisible,
    // ±jitter around the interval, from the injected random source.
    nextDelay: () => intervalMs * (1 + (random() * 2 - 1) * jitter),
    run: cycle,
    onError: (error) => monitor.event('route_probe_error', { site, error: String(error) }),
  })
  let started = false

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    apiHost: () => store.getSnapshot().apiHost,
    setMode(next) {
      if (!ROUTE_MODES.includes(next)) throw new RangeError(`route mode must be one of ${ROUTE_MODES.join(', ')}, got ${String(next)}`)
      runs = {}
      // Switching to automatic keeps the host in use until the probes find a better one.
      store.update((s) => {
        const host = next === 'auto' ? s.host : next
        return { ...s, mode: next, host, apiHost: hosts[host] }
      })
      persist(store.getSnapshot())
      if (!started) return
      if (next === 'auto') loop.start()
      else loop.stop()
    },
    start() {
      started = true
      if (store.getSnapshot().mode === 'auto') loop.start()
    },
    stop() {
      started = false
      loop.stop()
    },
    probeNow: () => loop.runNow(),
  }
}

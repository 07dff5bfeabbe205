import { createHttpClient } from '../http/client'
import { createAliveProber } from '../http/probe'
import { silentMonitor } from '../monitor/monitor'
import { safeMonitor } from '../monitor/safe'
import { alwaysVisible } from '../engine-kit/environment'
import { createExternalStore } from '../engine-kit/external-store'
import { createVisibleLoop } from '../engine-kit/visible-loop'
import { createAllowList } from './allow-list'
import { DEFAULT_FAST_PATH_TIMINGS, probeDelay, type FastPathTimings } from './cadence'
import type { FastPathMode } from '../regions/config-values'
import type { FastPath, FastPathOptions } from './options'
import { probeCdn, probeFastPathHost, probeWebSocket, type ProbeContext, type ProbeRecord } from './probes'
import { createQualityReporter } from './quality'
import { createRewriter } from './rewriter'
import { pickRoute } from './route'
import type { FastPathOffReason, FastPathSnapshot } from './snapshot'
import { checkWhitelist } from './whitelist'

/**
 * The fast-path network layer (SPEC §4): in 'global' mode, or once getproxy allows this user,
 * it probes on a growing interval, keeps the best allowed fast-path host as its route and
 * rewrites matching API requests to it. Anything unexpected turns it off for the page's life.
 */
export function createFastPath(options: FastPathOptions): FastPath {
  const { config, now, timers } = options
  const t: FastPathTimings = { ...DEFAULT_FAST_PATH_TIMINGS, ...options.timings }
  const monitor = safeMonitor(options.monitor ?? silentMonitor)
  const random = options.random ?? Math.random
  const visibility = options.visibility ?? alwaysVisible
  const apiHost = typeof config.apiHost === 'function' ? config.apiHost : () => config.apiHost as string
  const allowList = createAllowList(config.candidates)
  if (allowList.rejected.length) monitor.event('fast_path_config_rejected', { candidates: allowList.rejected })
  const ctx: ProbeContext = { fetch: options.fetch, timers, now, timeoutMs: t.probeTimeoutMs, openWebSocket: options.openWebSocket }
  const apiClient = options.apiClient ?? createHttpClient({ baseUrl: apiHost, fetch: options.fetch, timers, timeoutMs: t.probeTimeoutMs })
  const prober = createAliveProber({ fetch: options.fetch, timers, now, timeoutMs: t.probeTimeoutMs })
  const configuredOff = config.mode === 'off' || allowList.origins.length === 0
  const store = createExternalStore<FastPathSnapshot>({
    mode: config.mode,
    state: 'off',
    offReason: configuredOff ? 'config' : config.mode === 'whitelist' ? 'checking' : 'idle',
    route: null,
    probes: [],
    allowList: allowList.origins,
  })
  let started = false
  let terminal = false // an exception or an internal error: off for the rest of the page's life

  function enable(state: Exclude<FastPathMode, 'off'>): void {
    if (store.getSnapshot().state !== state) monitor.event('fast_path_state', { state })
    store.update((s) => (s.state === state ? s : { ...s, state, offReason: null }))
    if (!started) return
    probeLoop.start()
    reporter.start()
  }

  /** Off; `forGood` (an exception or an internal error) also stops the whitelist checks for the page's life. */
  function disable(reason: FastPathOffReason, { forGood }: { forGood: boolean }): void {
    terminal ||= forGood
    probeLoop.stop()
    reporter.stop()
    if (forGood) checkLoop.stop()
    const s = store.getSnapshot()
    if (s.offReason !== reason) monitor.event('fast_path_state', { state: 'off', reason })
    store.update((x) => (x.state === 'off' && x.offReason === reason && !x.route ? x : { ...x, state: 'off', offReason: reason, route: null }))
  }

  /** SPEC §4: on an internal error switch off and restore the original request behaviour. */
  function fail(error: unknown, where: string): void {
    try {
      monitor.event('fast_path_internal_error', { where, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) })
      disable('internal-error', { forGood: true })
    } catch {
      terminal = true // even turning off failed; rewriteUrl checks `terminal` first
    }
  }

  async function probeRound(signal: AbortSignal): Promise<void> {
    const side: Promise<ProbeRecord>[] = []
    if (config.cdnUrl) side.push(probeCdn(ctx, config.cdnUrl, signal))
    if (config.wsUrl && options.openWebSocket) side.push(probeWebSocket(ctx, config.wsUrl, signal))
    const sideDone = Promise.all(side)
    // The route depends on the fast-path hosts only: a slow CDN or socket must not delay it.
    const hosts = await Promise.all(allowList.origins.map((origin) => probeFastPathHost(prober, origin, signal)))
    const s = store.getSnapshot()
    if (signal.aborted || s.state === 'off') return
    const route = pickRoute(hosts, { allowList, slowMs: t.slowMs, ttlMs: t.cacheTtlMs, now: now() }, s.route)
    if (route?.host !== s.route?.host) {
      monitor.event('fast_path_route', { from: s.route?.host ?? null, to: route?.host ?? null, latencyMs: route?.latencyMs ?? null })
      // A route lost or moved: look again soon. Finding the first route keeps the cadence growing.
      if (s.route) probeLoop.resetCadence()
    }
    store.update((x) => ({ ...x, route, probes: [...x.probes.filter((p) => p.kind !== 'fastPath'), ...hosts] }))
    const measured = await sideDone
    if (signal.aborted || store.getSnapshot().state === 'off') return
    store.update((x) => ({ ...x, probes: [...measured, ...x.probes.filter((p) => p.kind === 'fastPath')] }))
  }

  async function checkRound(signal: AbortSignal): Promise<void> {
    const seqId = `${Math.floor(now())}${Math.floor(random() * 1e6)}`
    const answer = await checkWhitelist(apiClient, options.identity ?? { deviceId: 'web' }, seqId, signal, t.probeTimeoutMs)
    if (signal.aborted || terminal) return
    if (answer.kind === 'allowed') {
      reporter.setAllowed(answer.monitorSwitch)
      enable('whitelist')
    } else if (answer.kind === 'exception') {
      disable('exception', { forGood: true })
    } else if (answer.kind === 'denied') {
      disable('not-allowed', { forGood: false })
    } else {
      // A failed check is not the server's decision: keep the state (off until a first "allowed").
      monitor.event('fast_path_check_failed', { error: answer.error })
    }
  }

  const loopBase = { timers, visibility }
  const probeLoop = createVisibleLoop({ ...loopBase, nextDelay: (i) => probeDelay(i, random(), t), run: probeRound, onError: (e) => fail(e, 'probe') })
  const checkLoop = createVisibleLoop({ ...loopBase, nextDelay: () => t.checkMs, run: checkRound, onError: (e) => fail(e, 'check') })
  const reporter = createQualityReporter({
    ...loopBase,
    timings: t,
    now,
    monitor,
    report: options.report,
    snapshot: store.getSnapshot,
    onError: (e) => fail(e, 'report'),
  })

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    rewriteUrl: createRewriter({
      store,
      now,
      ttlMs: t.cacheTtlMs,
      apiHost,
      allowList,
      monitor,
      isTerminal: () => terminal,
      countRewrite: reporter.countRewrite,
      fail: (error) => fail(error, 'rewrite'),
    }),
    start() {
      if (started) return
      started = true
      if (terminal || configuredOff) return
      if (config.mode === 'global') enable('global')
      else checkLoop.start()
    },
    stop() {
      started = false
      probeLoop.stop()
      reporter.stop()
      checkLoop.stop()
      // Stopped means unobserved: requests go straight to the API host again.
      store.update((x) => (x.route ? { ...x, route: null } : x))
    },
  }
}

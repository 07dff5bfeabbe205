import { createExternalStore, type ExternalStore } from '../engine-kit/external-store'
import { KeptPromises } from '../engine-kit/kept-promises'
import { inLaterTasks } from '../engine-kit/later-task'
import { CROSS_API_FLAG } from '../http/constants'
import { withPatience } from '../http/patience'
import { createLiveState, waitingLiveState, type LiveState } from '../market-data/live-state'
import { createClientMonitor } from '../monitor/client-monitor'
import { readMarketingParams } from '../monitor/marketing'
import { silentMonitor, type Monitor } from '../monitor/monitor'
import { browserTimers, loadChunk, sendBatch } from './browser-env'
import type { NetworkEngines } from './network'
import type { ClientSiteConfig } from './site-config'

const CONFIG_WAIT_MS = 2000

/** The browser's network layer, shared by every client component of the page. */
export interface ClientRuntime {
  /** Resolves once started, the config is current and the route/fast path have decided (bounded wait). */
  ready: Promise<void>
  /** The API host in use: requests go there now (the route chooser's choice). */
  apiHost: () => string
  /** The fast path's host rewrite; identity while it is off. Never throws. */
  rewriteUrl: (url: string) => string
  /**
   * SPEC §7 fe.crossApi, read once as the runtime is made: every API call goes to the site's own
   * /x-api, and the route chooser and the fast path never start (nothing to choose, no probe).
   */
  crossApi: () => boolean
  monitor: Monitor
  /** The engines, once started (null on the server and before the config is known). */
  network: ExternalStore<NetworkEngines | null>
  /** Whether the page's prices are live: the live feed tells it, the price, the chart and the network panel show it. */
  marketLive: LiveState
}

/**
 * The browser's runtime, split in two (docs/decisions/client-wiring.md "Client engines start after
 * hydration"): creating it touches nothing (render may call it twice and drop one), and
 * `start()`/`stop()` are what an effect calls. Strict mode's mount → unmount → mount runs
 * start, stop, start before the config and the engines' chunk arrive: only the last start
 * counts, so one probe loop runs, not two. Unmounting stops the engines and the listeners.
 */
export interface BrowserRuntime {
  runtime: ClientRuntime
  start(): void
  stop(): void
}

/** The server render never starts engines or fetches. */
export function createServerRuntime(site: ClientSiteConfig): BrowserRuntime {
  const runtime = {
    ready: Promise.resolve(),
    apiHost: () => site.apiHosts.main,
    rewriteUrl: (url: string) => url,
    crossApi: () => false,
    monitor: silentMonitor,
    network: createExternalStore(null),
    marketLive: waitingLiveState,
  }
  return { runtime, start: () => {}, stop: () => {} }
}

/**
 * Cached HTML carries the config it was rendered with; the server's current one wins when it
 * answers within CONFIG_WAIT_MS, else the page's own is used (the engines must not wait long).
 */
async function currentConfig(initial: ClientSiteConfig): Promise<ClientSiteConfig> {
  const fresh = fetch('/api/client-config', { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<ClientSiteConfig>) : null))
    .catch(() => null)
  const answer = await withPatience(fresh, CONFIG_WAIT_MS, () => null, browserTimers)
  return answer && answer.region === initial.region && answer.apiHosts?.main ? answer : initial
}

/** The local flag of SPEC §7, kept in localStorage (docs/decisions/client-wiring.md "fe.crossApi"). */
function readCrossApiFlag(): boolean {
  try {
    return window.localStorage.getItem(CROSS_API_FLAG) === 'true'
  } catch {
    return false // storage blocked: no flag
  }
}

export function createBrowserRuntime(initial: ClientSiteConfig): BrowserRuntime {
  const crossApi = readCrossApiFlag()
  let onlineListener: (() => void) | null = null
  const monitor = createClientMonitor({
    send: sendBatch,
    now: Date.now,
    timers: browserTimers,
    isOnline: () => navigator.onLine,
    // The window listener itself is added by start() and removed by stop().
    onOnline: (listener) => ((onlineListener = listener), () => void (onlineListener = null)),
    marketing: readMarketingParams(window.location.search),
    page: () => window.location.pathname,
  })
  const network = createExternalStore<NetworkEngines | null>(null)
  let settle: () => void = () => {}
  const ready = new Promise<void>((resolve) => (settle = resolve))
  const boots = new KeptPromises<[ClientSiteConfig, typeof import('./network')]>()
  let generation = 0
  let active = false
  const onOnline = () => onlineListener?.()
  // Leaving the page: hand what is queued to a beacon, which outlives the page.
  const onPageHide = () => monitor.flush()
  let vitalsStarted = false

  /**
   * The engines' chunk, their creation, the route chooser's first probes and the fast path's first
   * check each run in a task of their own: together they would be one long task on a slow phone,
   * blocking input right after hydration (docs/decisions/pages.md "Rendering without long tasks"). A
   * stop in between cancels what is left.
   */
  function startEngines(site: ClientSiteConfig, { createNetwork, startVitals }: typeof import('./network'), current: () => boolean): void {
    if (!vitalsStarted) startVitals(site, monitor) // once per page view, like the engines
    vitalsStarted = true
    // fe.crossApi: every call goes to /x-api, so there is no host to choose and nothing to probe
    // (docs/decisions/client-wiring.md "fe.crossApi"); the first request need not wait.
    if (crossApi) return settle()
    let engines = network.getSnapshot()
    if (!engines) {
      const created = createNetwork(site, monitor)
      engines = created.engines
      network.update(() => created.engines)
      void created.decided.then(settle)
    }
    const { chooser, fastPath } = engines
    inLaterTasks(browserTimers, [() => chooser.start(), () => fastPath.start()], current)
  }

  return {
    runtime: {
      ready,
      apiHost: () => network.getSnapshot()?.chooser.apiHost() ?? initial.apiHosts.main,
      rewriteUrl: (url) => network.getSnapshot()?.fastPath.rewriteUrl(url) ?? url,
      crossApi: () => crossApi,
      monitor,
      network,
      marketLive: createLiveState({ now: Date.now, monitor }),
    },
    start() {
      if (active) return
      active = true
      const mine = ++generation
      const current = () => active && mine === generation
      window.addEventListener('online', onOnline)
      window.addEventListener('pagehide', onPageHide)
      // The config and the engines' chunk are fetched once, whatever the mounts; a chunk that
      // failed to load for good is reported, and the next start asks for it again.
      boots
        .get('', () => Promise.all([currentConfig(initial), loadChunk(() => import('./network'))]))
        .then(
          ([site, chunk]) => inLaterTasks(browserTimers, [() => startEngines(site, chunk, current)], current),
          (error: unknown) => monitor.event('engines_chunk_failed', { error: String(error) }),
        )
    },
    stop() {
      if (!active) return
      active = false
      generation++
      window.removeEventListener('online', onOnline)
      window.removeEventListener('pagehide', onPageHide)
      monitor.flush()
      const engines = network.getSnapshot()
      engines?.chooser.stop()
      engines?.fastPath.stop()
    },
  }
}

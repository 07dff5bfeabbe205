import { createFastPath, type FastPath } from '../fastpath'
import { withPatience } from '../http/patience'
import type { Monitor } from '../monitor/monitor'
import { createRouteChooser, ROUTE_STORAGE_KEY, type RouteChooser } from '../route-chooser'
import { createBrowserStorage } from '../storage'
import { browserTimers, browserVisibility, pageDeviceId } from './browser-env'
import type { ClientSiteConfig } from './site-config'

// The engines' chunk also carries the web-vitals sampling decision (./vitals-start.ts).
export { startVitals } from './vitals-start'

export interface NetworkEngines {
  chooser: RouteChooser
  fastPath: FastPath
}

/** How long the first client request waits for the first route probe and fast-path decision. */
const DECIDE_WAIT_MS = 2500

/**
 * The route chooser and the fast path for this site, in the browser only, not yet started: the
 * runtime starts each in a task of its own (lib/browser-runtime/runtime.ts). `decided` counts
 * from now.
 */
export function createNetwork(site: ClientSiteConfig, monitor: Monitor): { engines: NetworkEngines; decided: Promise<void> } {
  const fetchImpl = (input: string, init: RequestInit) => fetch(input, init)
  const storage = createBrowserStorage(() => window.localStorage, {
    ownKeys: [ROUTE_STORAGE_KEY],
    onProblem: (p) => monitor.event('route_storage_problem', { ...p }),
  })
  const chooser = createRouteChooser({
    site: site.region,
    hosts: site.apiHosts,
    fetch: fetchImpl,
    storage,
    timers: browserTimers,
    now: Date.now,
    visibility: browserVisibility,
    monitor,
  })
  const fastPath = createFastPath({
    config: {
      mode: site.fastPath.mode,
      candidates: site.fastPathHosts,
      wsUrl: site.fastPath.wsUrl ?? undefined,
      cdnUrl: site.fastPath.cdnUrl ?? undefined,
      apiHost: () => chooser.apiHost(),
    },
    fetch: fetchImpl,
    timers: browserTimers,
    now: Date.now,
    visibility: browserVisibility,
    monitor,
    openWebSocket: (url) => new WebSocket(url),
    identity: { deviceId: pageDeviceId() },
  })
  const bothDecided = Promise.all([chooserDecided(chooser), fastPathDecided(fastPath)]).then(() => undefined)
  return { engines: { chooser, fastPath }, decided: withPatience(bothDecided, DECIDE_WAIT_MS, () => undefined, browserTimers) }
}

/** Automatic mode: after the first probe cycle; a manual choice is decided at once. */
function chooserDecided(chooser: RouteChooser): Promise<void> {
  return waitFor(chooser, (s) => s.mode !== 'auto' || Object.values(s.hosts).every((h) => h.lastProbe !== null))
}

/** Settled once on with a route, or off for a reason other than "still checking". */
function fastPathDecided(fastPath: FastPath): Promise<void> {
  return waitFor(fastPath, (s) => (s.state === 'off' ? s.offReason !== 'checking' && s.offReason !== 'idle' : s.route !== null))
}

function waitFor<T>(store: { getSnapshot(): T; subscribe(listener: () => void): () => void }, done: (snapshot: T) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done(store.getSnapshot())) return resolve()
    const unsubscribe = store.subscribe(() => {
      if (!done(store.getSnapshot())) return
      unsubscribe()
      resolve()
    })
  })
}

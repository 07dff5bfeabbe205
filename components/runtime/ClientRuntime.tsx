'use client'

import { createContext, useContext, useState, type ReactNode } from 'react'
import { CROSS_API_FLAG } from '@/lib/http/constants'
import { createClientMonitor, type ClientMonitor } from '@/lib/monitor/client-monitor'
import { readMarketingParams } from '@/lib/monitor/marketing'
import { silentMonitor, type Monitor } from '@/lib/monitor/monitor'
import type { ApiHosts, FastPathSettings } from '@/lib/regions/config'
import { createExternalStore, type ExternalStore } from '@/lib/routing/external-store'
import { browserTimers, onOnline, sendBatch } from './browser-env'
import type { NetworkEngines } from './network'

/** What the browser needs from the server's ops configuration (issue #4: no rebuild to change it). */
export interface ClientSiteConfig {
  region: string
  apiHosts: ApiHosts
  fastPathHosts: readonly string[]
  fastPath: FastPathSettings
}

/** The browser's network layer, shared by every client component of the page (issue #6). */
export interface ClientRuntime {
  /** Resolves once config is current and the route/fast path have settled (bounded wait). */
  ready: Promise<void>
  /** The API host requests go to now (the route chooser's choice). */
  apiBaseUrl: () => string
  /** The fast path's host rewrite; identity while it is off. Never throws. */
  rewriteUrl: (url: string) => string
  /** SPEC §7 fe.crossApi: API calls go to the site's own /x-api instead of an API host. */
  crossApi: () => boolean
  monitor: Monitor
  /** The engines, once started (null on the server and before the config is known). */
  network: ExternalStore<NetworkEngines | null>
}

const RuntimeContext = createContext<ClientRuntime | null>(null)
const CONFIG_WAIT_MS = 2000

function createMonitor(): ClientMonitor {
  const monitor = createClientMonitor({
    send: sendBatch,
    now: Date.now,
    timers: browserTimers,
    isOnline: () => navigator.onLine,
    onOnline,
    marketing: readMarketingParams(window.location.search),
    page: () => window.location.pathname,
  })
  // Leaving the page: hand what is queued to a beacon, which outlives the page.
  window.addEventListener('pagehide', () => monitor.flush())
  return monitor
}

/** Cached HTML carries the config it was rendered with; the server's current one wins. */
async function currentConfig(initial: ClientSiteConfig): Promise<ClientSiteConfig> {
  const timeout = new Promise<null>((resolve) => window.setTimeout(() => resolve(null), CONFIG_WAIT_MS))
  const fresh = fetch('/api/client-config', { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<ClientSiteConfig>) : null))
    .catch(() => null)
  const answer = await Promise.race([fresh, timeout])
  return answer && answer.region === initial.region && answer.apiHosts?.main ? answer : initial
}

/** The local flag of SPEC §7, kept in localStorage (docs/decisions.md "fe.crossApi"). */
function readCrossApiFlag(): boolean {
  try {
    return window.localStorage.getItem(CROSS_API_FLAG) === 'true'
  } catch {
    return false // storage blocked: no flag
  }
}

function createRuntime(initial: ClientSiteConfig): ClientRuntime {
  const monitor = createMonitor()
  const network = createExternalStore<NetworkEngines | null>(null)
  // The engines are a chunk of their own, loaded after hydration: no page needs them to render
  // (docs/decisions.md "First-load JavaScript").
  const ready = Promise.all([currentConfig(initial), import('./network')]).then(([site, { startNetwork }]) => {
    const started = startNetwork(site, monitor)
    network.update(() => started.engines)
    return started.settled
  })
  return {
    ready,
    apiBaseUrl: () => network.getSnapshot()?.chooser.currentBaseUrl() ?? initial.apiHosts.main,
    rewriteUrl: (url) => network.getSnapshot()?.fastPath.rewriteUrl(url) ?? url,
    crossApi: readCrossApiFlag,
    monitor,
    network,
  }
}

function serverRuntime(site: ClientSiteConfig): ClientRuntime {
  return { ready: Promise.resolve(), apiBaseUrl: () => site.apiHosts.main, rewriteUrl: (url) => url, crossApi: () => false, monitor: silentMonitor, network: createExternalStore(null) }
}

export function ClientRuntimeProvider({ site, children }: { site: ClientSiteConfig; children: ReactNode }) {
  // Created once per page in the browser; the server render never starts engines or fetches.
  const [runtime] = useState(() => (typeof window === 'undefined' ? serverRuntime(site) : createRuntime(site)))
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
}

export function useClientRuntime(): ClientRuntime {
  const runtime = useContext(RuntimeContext)
  if (!runtime) throw new Error('useClientRuntime outside ClientRuntimeProvider')
  return runtime
}

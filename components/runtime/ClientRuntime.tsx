'use client'

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { silentMonitor, type Monitor } from '@/lib/monitor/monitor'
import type { ApiHosts, FastPathSettings } from '@/lib/regions/config'
import { createExternalStore, type ExternalStore } from '@/lib/engine-kit/external-store'
import { createBrowserRuntime, type BrowserRuntime } from './browser-runtime'
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
  /** Resolves once started, the config is current and the route/fast path have settled (bounded wait). */
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

/** The server render never starts engines or fetches. */
function serverRuntime(site: ClientSiteConfig): BrowserRuntime {
  const runtime = { ready: Promise.resolve(), apiBaseUrl: () => site.apiHosts.main, rewriteUrl: (url: string) => url, crossApi: () => false, monitor: silentMonitor, network: createExternalStore(null) }
  return { runtime, start: () => {}, stop: () => {} }
}

export function ClientRuntimeProvider({ site, children }: { site: ClientSiteConfig; children: ReactNode }) {
  // Render only creates the runtime (no request, timer or listener): the engines start in the
  // effect, after hydration (docs/decisions.md "Client engines start after hydration").
  const [handle] = useState(() => (typeof window === 'undefined' ? serverRuntime(site) : createBrowserRuntime(site)))
  useEffect(() => {
    handle.start()
    return () => handle.stop()
  }, [handle])
  return <RuntimeContext.Provider value={handle.runtime}>{children}</RuntimeContext.Provider>
}

export function useClientRuntime(): ClientRuntime {
  const runtime = useContext(RuntimeContext)
  if (!runtime) throw new Error('useClientRuntime outside ClientRuntimeProvider')
  return runtime
}

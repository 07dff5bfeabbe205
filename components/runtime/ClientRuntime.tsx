'use client'

import { createContext, useContext, useState, type ReactNode } from 'react'
import type { Monitor } from '@/lib/monitor/monitor'
import { silentMonitor } from '@/lib/monitor/monitor'
import type { ApiHosts } from '@/lib/regions/config'

/** What the browser needs from the server's ops configuration (issue #4: no rebuild to change it). */
export interface ClientSiteConfig {
  region: string
  apiHosts: ApiHosts
  fastPathHosts: readonly string[]
}

/** The browser's network layer, shared by every client component of the page. */
export interface ClientRuntime {
  /** The configuration as of now: the page's, then the server's current one (/api/client-config). */
  site: () => ClientSiteConfig
  /** Resolves once the current configuration is known (or after a short wait, with the page's). */
  ready: Promise<void>
  /** The API host requests go to now (the route chooser's choice). */
  apiBaseUrl: () => string
  /** The fast path's host rewrite; identity while it is off. */
  rewriteUrl: (url: string) => string
  monitor: Monitor
}

const RuntimeContext = createContext<ClientRuntime | null>(null)
const CONFIG_WAIT_MS = 2000

function createRuntime(initial: ClientSiteConfig): ClientRuntime {
  let site = initial
  // Cached HTML carries the config it was rendered with; the server's current one wins.
  const current = fetch('/api/client-config', { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<ClientSiteConfig>) : null))
    .then((fresh) => {
      if (fresh && fresh.region === initial.region && fresh.apiHosts?.main) site = fresh
    })
    .catch(() => undefined)
  const ready = Promise.race([current, new Promise<void>((resolve) => setTimeout(resolve, CONFIG_WAIT_MS))])
  return {
    site: () => site,
    ready,
    apiBaseUrl: () => site.apiHosts.main,
    rewriteUrl: (url) => url,
    monitor: silentMonitor,
  }
}

export function ClientRuntimeProvider({ site, children }: { site: ClientSiteConfig; children: ReactNode }) {
  // Created once in the browser; the server render never calls fetch.
  const [runtime] = useState(() => (typeof window === 'undefined' ? serverPlaceholder(site) : createRuntime(site)))
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
}

function serverPlaceholder(site: ClientSiteConfig): ClientRuntime {
  return { site: () => site, ready: Promise.resolve(), apiBaseUrl: () => site.apiHosts.main, rewriteUrl: (url) => url, monitor: silentMonitor }
}

export function useClientRuntime(): ClientRuntime {
  const runtime = useContext(RuntimeContext)
  if (!runtime) throw new Error('useClientRuntime outside ClientRuntimeProvider')
  return runtime
}

'use client'

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { createBrowserRuntime, createServerRuntime, type ClientRuntime } from '@/lib/browser-runtime/runtime'
import type { ClientSiteConfig } from '@/lib/browser-runtime/site-config'
import { browserTimers } from '@/lib/browser-runtime/browser-env'
import { inTaskOfItsOwn } from '@/lib/engine-kit/later-task'

/**
 * The React side of the browser runtime (lib/browser-runtime): it creates one per page, starts
 * it after hydration and hands it to client components through context.
 */
const RuntimeContext = createContext<ClientRuntime | null>(null)

export function ClientRuntimeProvider({ site, children }: { site: ClientSiteConfig; children: ReactNode }) {
  // Render only creates the runtime (no request, timer or listener): the engines start in the
  // effect, after hydration (docs/decisions/client-wiring.md "Client engines start after hydration").
  const [handle] = useState(() => (typeof window === 'undefined' ? createServerRuntime(site) : createBrowserRuntime(site)))
  useEffect(
    () =>
      // The start (the config request, the engines' chunk) in a task of its own, not in the task of the page's effects.
      inTaskOfItsOwn(browserTimers, () => {
        handle.start()
        return () => handle.stop()
      }),
    [handle],
  )
  return <RuntimeContext.Provider value={handle.runtime}>{children}</RuntimeContext.Provider>
}

export function useClientRuntime(): ClientRuntime {
  const runtime = useContext(RuntimeContext)
  if (!runtime) throw new Error('useClientRuntime outside ClientRuntimeProvider')
  return runtime
}

'use client'

import { usePathname } from 'next/navigation'
import { useEffect } from 'react'
import { browserIdle, browserTimers } from '@/lib/browser-runtime/browser-env'
import { whenQuiet } from '@/lib/engine-kit/later-task'
import { saveMessage } from '@/lib/offline/messages'
import { PAGE_QUIET, SAVE_IDLE_TIMEOUT_MS } from '@/lib/offline/policy'

const SCRIPT = '/serwist/sw.js'

/** Registered once per document. */
let registration: Promise<ServiceWorker | null> | undefined
/** Whether the document's page has been quiet once: until then, nothing is registered or saved. */
let quietOnce = false

/**
 * The browser's timing entries of a type, as recorded so far. Through an observer's buffer rather
 * than `performance.getEntriesByType`, which fake clocks (Playwright's page clock) replace.
 */
function timingEntries(type: 'navigation' | 'resource'): PerformanceEntry[] {
  const observer = new PerformanceObserver(() => {})
  observer.observe({ type, buffered: true })
  const entries = observer.takeRecords()
  observer.disconnect()
  return entries
}

/**
 * The path of the document itself, its answer in the HTTP cache, so keeping it costs no download.
 * The navigation's own entry: the worker is registered late, maybe after a client-side navigation.
 */
function documentPath(): string {
  const [navigation] = timingEntries('navigation')
  return navigation ? new URL(navigation.name).pathname : location.pathname
}

/** The site's build files this page has loaded so far, lazy chunks included. */
function loadedAssets(): string[] {
  return timingEntries('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/_next/static/`))
}

function register(): Promise<ServiceWorker | null> {
  registration ??= navigator.serviceWorker
    .register(SCRIPT, { scope: '/', updateViaCache: 'none' })
    .then(() => navigator.serviceWorker.ready)
    .then((ready) => ready.active)
    .catch(() => null)
  return registration
}

/**
 * Registers the service worker once the document's page is quiet (docs/decisions/offline.md
 * "Nothing on the first visit's path") and asks it to keep each page the trader opens, client-side
 * navigations included, each in an idle period (docs/decisions/offline.md "What the worker keeps").
 * History is left alone: the path comes from the router (docs/decisions/pages.md "Markets table:
 * sort, search, URL state").
 */
export function useServiceWorker(): void {
  const pathname = usePathname()
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return
    const fromHttpCache = location.pathname === documentPath()
    // Data saver: keep the document shown (no download), fetch no other page.
    if (!fromHttpCache && (navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return
    const save = () => {
      quietOnce = true
      void register().then((worker) => worker?.postMessage(saveMessage(location.pathname + location.search, fromHttpCache, loadedAssets())))
    }
    return whenQuiet(browserTimers, browserIdle(), save, quietOnce ? { delayMs: 0, idleTimeoutMs: SAVE_IDLE_TIMEOUT_MS } : PAGE_QUIET)
  }, [pathname])
}

'use client'

import { usePathname } from 'next/navigation'
import { useEffect } from 'react'
import { browserTimers } from '@/lib/browser-runtime/browser-env'
import { saveMessage } from '@/lib/offline/messages'

const SCRIPT = '/serwist/sw.js'

/** Registered once per document, the first time the page is idle. */
let registration: Promise<ServiceWorker | null> | undefined
/** The path of the document itself: its answer is in the HTTP cache, so keeping it costs no download. */
let documentPath: string | undefined

/** After the load event, in the browser's first idle period: the worker never competes with the first visit. */
function whenIdle(run: () => void): () => void {
  let idle: number | undefined
  let timer: unknown
  const schedule = () => {
    if ('requestIdleCallback' in window) idle = requestIdleCallback(run, { timeout: 5000 })
    else timer = browserTimers.setTimeout(run, 1000)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    window.removeEventListener('load', schedule)
    if (idle !== undefined) cancelIdleCallback(idle)
    if (timer !== undefined) browserTimers.clearTimeout(timer)
  }
}

/** The site's build files this page has loaded so far, lazy chunks included. */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
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
 * Registers the service worker when the page is idle and asks it to keep each page the trader
 * opens, client-side navigations included (docs/decisions/offline.md "What the worker keeps").
 * History is left alone: the path comes from the router (docs/decisions/pages.md "Markets table:
 * sort, search, URL state").
 */
export function ServiceWorker() {
  const pathname = usePathname()
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return
    documentPath ??= location.pathname
    const fromHttpCache = location.pathname === documentPath
    // Data saver: keep the document shown (no download), fetch no other page.
    if (!fromHttpCache && (navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return
    return whenIdle(
      () => void register().then((worker) => worker?.postMessage(saveMessage(location.pathname + location.search, fromHttpCache, loadedAssets()))),
    )
  }, [pathname])
  return null
}

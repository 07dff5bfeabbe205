import type { ClientMonitor } from '../monitor/client-monitor'
import { isSampled } from '../monitor/web-vitals'
import { loadChunk } from './browser-env'
import type { ClientSiteConfig } from './site-config'

/**
 * Field performance for a sampled page view (docs/decisions/client-wiring.md "Web vitals through
 * the client monitor"): part of the engines' chunk, so the decision adds nothing to first-load
 * JavaScript, and web-vitals itself is a chunk of its own that unsampled views never fetch.
 */
export function startVitals(site: ClientSiteConfig, monitor: ClientMonitor): void {
  if (!isSampled(site.webVitalsSampleRate, Math.random)) return
  loadChunk(() => import('./web-vitals')).then(
    ({ startWebVitals }) => startWebVitals(monitor),
    () => {}, // without the chunk this view goes unmeasured; the page is not affected
  )
}

import { onCLS, onINP, onLCP, onTTFB } from 'web-vitals'
import type { ClientMonitor } from '../monitor/client-monitor'
import { createWebVitalReporter, pageTypeOf } from '../monitor/web-vitals'

/**
 * The web-vitals chunk: loaded after hydration and only for a sampled page view, never part of
 * the first-load JavaScript (docs/decisions/client-wiring.md "Web vitals through the client
 * monitor").
 */
export function startWebVitals(monitor: ClientMonitor): void {
  const report = createWebVitalReporter(monitor, pageTypeOf(loadedPath()))
  onLCP(report)
  onINP(report)
  onCLS(report)
  onTTFB(report)
  // INP and CLS are reported when the page is hidden, by web-vitals' capture-phase listeners on
  // window; this bubble-phase one runs after them and hands the queue to a beacon. A phone that
  // leaves for another app hides the page and may never fire pagehide (the runtime's flush).
  window.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') monitor.flush()
  })
}

/** The page the browser loaded: web-vitals measures that navigation, not client-side ones after it. */
function loadedPath(): string {
  const [navigation] = performance.getEntriesByType('navigation')
  try {
    if (navigation) return new URL(navigation.name).pathname
  } catch {
    // An odd entry name: the current path is the next best.
  }
  return window.location.pathname
}

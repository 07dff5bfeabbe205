import { systemTimers, type Timers, type Visibility } from '../engine-kit/environment'
import type { Idle } from '../engine-kit/later-task'
import { chunkRetry, retrying } from '../engine-kit/retry'
import { createBatchSender } from '../monitor/delivery'

/** The browser's side of what lib/ engines take injected (timers, visibility, beacons): its timers are the system's. */
export const browserTimers: Timers = systemTimers

/**
 * A chunk of the page's own code, fetched again when it fails to load (chunkRetry): a dropped
 * connection would otherwise leave the page without the code for good (docs/decisions/pages.md "Chunks
 * that fail to load are fetched again").
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return retrying(load, chunkRetry(browserTimers))
}

/** The browser's idle callback, where it has one (Safari has none: background work then runs when its delay ends). */
export function browserIdle(): Idle | undefined {
  if (typeof window.requestIdleCallback !== 'function') return undefined
  return {
    request(run, timeoutMs) {
      const handle = window.requestIdleCallback(() => run(), { timeout: timeoutMs })
      return () => window.cancelIdleCallback(handle)
    },
  }
}

export const browserVisibility: Visibility = {
  isHidden: () => document.visibilityState === 'hidden',
  onVisibilityChange(listener) {
    document.addEventListener('visibilitychange', listener)
    return () => document.removeEventListener('visibilitychange', listener)
  },
}

/** The embedded collector (app/api/monitor); a beacon survives page unload, fetch keepalive is the fallback. */
export const COLLECTOR_PATH = '/api/monitor'

/** One batch to the collector; what its answer means is lib/monitor/delivery.ts's (a refused batch is dropped). */
export const sendBatch = createBatchSender(COLLECTOR_PATH, {
  beacon: (url, body) => typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body),
  fetch: (url, init) => fetch(url, init),
})

/** A per-page id for getproxy's device_id: not persisted (the spec names no storage key for it). */
export function pageDeviceId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

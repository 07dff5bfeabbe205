'use client'

import { browserTimers } from '@/lib/browser-runtime/browser-env'
import { useClientSnapshot } from './useHydrated'

const TICK_MS = 30_000

function subscribe(onChange: () => void) {
  const timer = browserTimers.setInterval(onChange, TICK_MS)
  return () => browserTimers.clearInterval(timer)
}

// Rounded so consecutive reads agree (useSyncExternalStore needs a stable snapshot).
const snapshot = () => Math.floor(Date.now() / TICK_MS) * TICK_MS

/** The browser's clock, refreshed every 30 s; null on the server and until the page has hydrated. */
export function useNow(): number | null {
  return useClientSnapshot<number | null>(subscribe, snapshot, null)
}

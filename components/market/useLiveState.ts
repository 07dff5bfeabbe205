'use client'

import { useSyncExternalStore } from 'react'
import { waitingLiveState, type LiveSnapshot } from '@/lib/market-data/live-state'
import { useClientRuntime } from '../runtime/ClientRuntime'

const SERVER = waitingLiveState.getSnapshot()

/** Whether the page's prices are live (the runtime's live state); the server render is waiting. */
export function useLiveState(): LiveSnapshot {
  const { marketLive } = useClientRuntime()
  return useSyncExternalStore(marketLive.subscribe, marketLive.getSnapshot, () => SERVER)
}

'use client'

import { Suspense } from 'react'
import { optionalChunk } from '../lazy-chunk'
import { useHydrated } from '../useHydrated'

// The worker's registration and the saved-copy notice are a chunk of their own, loaded after hydration: not first-load
// JavaScript. Optional: on a network that never delivers it, the page goes on without them.
const OfflineLayer = optionalChunk(() => import('./OfflineLayer').then((m) => m.OfflineLayer))

/** The offline layer (docs/decisions/offline.md "Nothing on the first visit's path"): a saved copy says so once hydrated. */
export function Offline() {
  return (
    useHydrated() && (
      <Suspense fallback={null}>
        <OfflineLayer />
      </Suspense>
    )
  )
}

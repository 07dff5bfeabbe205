'use client'

import { SavedCopyNotice } from './SavedCopyNotice'
import { useServiceWorker } from './ServiceWorker'

/** The offline layer's chunk (./Offline.tsx loads it): the service worker and the saved-copy notice. */
export function OfflineLayer() {
  useServiceWorker()
  return <SavedCopyNotice />
}

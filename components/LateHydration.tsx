'use client'

import { Suspense, useEffect, useState, type ReactNode } from 'react'
import { HydrationPending, pageHydrated } from './useHydrated'

/**
 * A Suspense boundary for content that hydrates after the rest of the page (a lazy component's,
 * whose chunk arrives later): React keeps the server's HTML there and hydrates it when it can. By
 * then the page's other components have hydrated, so useHydrated would start true and the late
 * content would render its client state over server HTML that shows the server's (a hydration
 * mismatch: React throws the server's HTML away and renders the boundary again). Inside this
 * boundary, components start as the server rendered them until the boundary itself has
 * hydrated; a later mount there (a row of another tab) starts hydrated, as anywhere.
 */
export function LateHydration({ children }: { children: ReactNode }) {
  // Rendered with the page: in the server's HTML when the page has not hydrated yet.
  const [pendingRef] = useState(() => ({ current: !pageHydrated() }))
  return (
    <HydrationPending.Provider value={pendingRef}>
      <Suspense fallback={null}>
        {children}
        <Hydrated pendingRef={pendingRef} />
      </Suspense>
    </HydrationPending.Provider>
  )
}

/** The boundary's last child: its effect runs once the boundary's content has hydrated. */
function Hydrated({ pendingRef }: { pendingRef: { current: boolean } }) {
  useEffect(() => {
    pendingRef.current = false
  }, [pendingRef])
  return null
}

'use client'

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * false in the server HTML and during hydration, true once React owns the element. Controls
 * whose handlers are JavaScript stay disabled until then, so an early click or choice is never
 * silently lost (a disabled control says "not yet"; a dead one says nothing).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

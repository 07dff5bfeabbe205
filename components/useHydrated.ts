'use client'

import { startTransition, useEffect, useState, useSyncExternalStore } from 'react'

/** Set once the first component has hydrated: later mounts (client navigations) start true. */
let hydratedOnce = false

/**
 * false in the server HTML and during hydration, true once React owns the element. Controls
 * whose handlers are JavaScript stay disabled until then, so an early click or choice is never
 * silently lost (a disabled control says "not yet"; a dead one says nothing).
 *
 * The flip is a transition, not useSyncExternalStore's forced synchronous re-render: a page of
 * hundreds of rows re-renders in slices the browser can interrupt, so it adds no long task
 * (docs/decisions/pages.md "Rendering without long tasks").
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce)
  useEffect(() => {
    hydratedOnce = true
    if (!hydrated) startTransition(() => setHydrated(true))
  }, [hydrated])
  return hydrated
}

/**
 * useSyncExternalStore for a value the server cannot know (the clock, the user agent): the server
 * value until useHydrated flips, then the store's. Plain useSyncExternalStore would find the
 * client's value different right after hydration and re-render at once, synchronously, inside the
 * task that runs the page's effects; here the switch comes with the hydration flip, in its
 * transition (docs/decisions/pages.md "Rendering without long tasks").
 */
export function useClientSnapshot<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, serverValue: T): T {
  const hydrated = useHydrated()
  return useSyncExternalStore(subscribe, hydrated ? getSnapshot : () => serverValue, () => serverValue)
}

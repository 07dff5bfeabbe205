'use client'

import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { FAVOURITES_KEY, readFavourites, toggleFavourite } from '@/lib/symbol-view/favourites'
import { createBrowserStorage } from '@/lib/storage/browser'

const CHANGE = 'markets-favourites-change'
const storage = () => createBrowserStorage(() => window.localStorage, { ownKeys: [FAVOURITES_KEY] })

function subscribe(notify: () => void): () => void {
  // "storage" brings in stars set in another tab of the same site.
  window.addEventListener('storage', notify)
  window.addEventListener(CHANGE, notify)
  return () => {
    window.removeEventListener('storage', notify)
    window.removeEventListener(CHANGE, notify)
  }
}

/** The browser's favourite pairs (docs/decisions/pages.md "Favourite pairs"); none in the server HTML. */
export function useFavourites(): [ReadonlySet<string>, (symbolId: string) => void] {
  // The raw stored text is the snapshot: a string compares by value, so renders stay stable.
  const raw = useSyncExternalStore(
    subscribe,
    () => storage().getItem(FAVOURITES_KEY),
    () => null,
  )
  const favourites = useMemo(() => new Set(raw === null ? [] : readFavourites({ getItem: () => raw, setItem: () => false, removeItem: () => {} })), [raw])
  const toggle = useCallback((symbolId: string) => {
    toggleFavourite(storage(), symbolId)
    window.dispatchEvent(new Event(CHANGE))
  }, [])
  return [favourites, toggle]
}

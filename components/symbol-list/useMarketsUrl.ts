'use client'

import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { readMarketsUrl, writeMarketsUrl, type MarketsUrlState } from '@/lib/symbol-view/url-state'

/** Fired after our own history writes: history.replaceState sends no event of its own. */
const CHANGE = 'markets-url-change'

function subscribe(notify: () => void): () => void {
  window.addEventListener('popstate', notify)
  window.addEventListener(CHANGE, notify)
  return () => {
    window.removeEventListener('popstate', notify)
    window.removeEventListener(CHANGE, notify)
  }
}

/**
 * The markets page's tab, search and sort, read from and written to the URL's query
 * (docs/decisions/pages.md "Markets table: sort, search, URL state"). The server and the hydration
 * pass see the defaults (the page stays static); the browser then reads its own URL, and Back
 * brings back the entry's query. Writes replace the entry: tabs and keystrokes are not pages.
 * Next's router is not told (its `useSearchParams` does not see these writes; nothing reads it).
 */
export function useMarketsUrl(): [MarketsUrlState, (next: MarketsUrlState) => void] {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  )
  const state = useMemo(() => readMarketsUrl(search), [search])
  const write = useCallback((next: MarketsUrlState) => {
    const query = writeMarketsUrl(window.location.search, next)
    // The entry keeps its state (Next's own, with its router tree), so Next's history patch lets
    // the write through without restoring its router: that restore re-rendered the app's tree
    // after every tap and keystroke (docs/decisions/pages.md "Markets table: sort, search, URL state").
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query}${window.location.hash}`)
    window.dispatchEvent(new Event(CHANGE))
  }, [])
  return [state, write]
}

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
    // Next.js keeps its router in step with history.replaceState (null state: it keeps its own).
    window.history.replaceState(null, '', `${window.location.pathname}${query}${window.location.hash}`)
    window.dispatchEvent(new Event(CHANGE))
  }, [])
  return [state, write]
}

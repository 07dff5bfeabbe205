'use client'

import { startTransition, useCallback, useEffect, useMemo, useState } from 'react'
import { readMarketsUrl, writeMarketsUrl, type MarketsUrlState } from '@/lib/symbol-view/url-state'

/**
 * The markets page's tab, search and sort, read from and written to the URL's query
 * (docs/decisions/pages.md "Markets table: sort, search, URL state"). The server and the hydration
 * pass see the defaults (the page stays static); the browser then reads its own URL, and Back
 * brings back the entry's query. Writes replace the entry: tabs and keystrokes are not pages.
 * Next's router is not told (its `useSearchParams` does not see these writes; nothing reads it).
 *
 * React state, with the URL written beside it: an update takes its caller's priority, so a tap
 * can render the table in a transition (an external store's update is always synchronous), and a
 * shared link's query is read after hydration in a transition, not in a forced re-render inside
 * the hydration's task.
 */
export function useMarketsUrl(): [MarketsUrlState, (next: MarketsUrlState) => void] {
  const [search, setSearch] = useState('')
  useEffect(() => {
    const read = () => setSearch(window.location.search)
    startTransition(read)
    window.addEventListener('popstate', read)
    return () => window.removeEventListener('popstate', read)
  }, [])
  const state = useMemo(() => readMarketsUrl(search), [search])
  const write = useCallback((next: MarketsUrlState) => {
    const query = writeMarketsUrl(window.location.search, next)
    // The entry keeps its state (Next's own, with its router tree), so Next's history patch lets
    // the write through without restoring its router: that restore re-rendered the app's tree
    // after every tap and keystroke (docs/decisions/pages.md "Markets table: sort, search, URL state").
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query}${window.location.hash}`)
    setSearch(window.location.search)
  }, [])
  return [state, write]
}

'use client'

import { useEffect, useRef, useState, type RefObject } from 'react'

/** A row this close below or above the screen already follows pushes, so it is current when scrolled in. */
export const ROWS_IN_VIEW_MARGIN = '100px 0px'

const NONE: ReadonlySet<number> = new Set()

/**
 * The places (0 = the table's first row) of the rows on screen or within ROWS_IN_VIEW_MARGIN of it,
 * for lib/market-data/rows-in-view.ts. Null where the browser has no IntersectionObserver: then
 * every row follows. Rows are keyed by place, so another tab's or order's pairs take over the same
 * elements and nothing is watched again; only a change in the number of rows (`count`) is.
 */
export function useRowsInView(count: number): [RefObject<HTMLTableSectionElement | null>, ReadonlySet<number> | null] {
  const body = useRef<HTMLTableSectionElement | null>(null)
  const [inView, setInView] = useState<ReadonlySet<number> | null>(() => (typeof IntersectionObserver === 'undefined' ? null : NONE))
  useEffect(() => {
    const tbody = body.current
    if (!tbody || typeof IntersectionObserver === 'undefined') return
    const places = new Map(Array.from(tbody.rows, (row, place) => [row as Element, place]))
    const seen = new Set<number>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const place = places.get(entry.target)
          if (place === undefined) continue
          if (entry.isIntersecting) seen.add(place)
          else seen.delete(place)
        }
        setInView(new Set(seen))
      },
      { rootMargin: ROWS_IN_VIEW_MARGIN },
    )
    for (const row of places.keys()) observer.observe(row)
    return () => observer.disconnect()
  }, [count])
  return [body, inView]
}

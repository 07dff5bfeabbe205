'use client'

import { useEffect, useRef, useState, type RefObject } from 'react'

/** A row this close below or above the screen already follows pushes, so it is current when scrolled in. */
export const ROWS_IN_VIEW_MARGIN = '100px 0px'

const NONE: ReadonlySet<string> = new Set()

/**
 * The pairs (the rows' `data-symbol`) whose rows are on screen or within ROWS_IN_VIEW_MARGIN of it,
 * for lib/market-data/rows-in-view.ts. Null where the browser has no IntersectionObserver: then
 * every row follows. The rows are watched again whenever the drawn pairs change (`drawn`), as
 * rows keyed by place take other pairs.
 */
export function useRowsInView(drawn: string): [RefObject<HTMLTableSectionElement | null>, ReadonlySet<string> | null] {
  const body = useRef<HTMLTableSectionElement | null>(null)
  const [inView, setInView] = useState<ReadonlySet<string> | null>(() => (typeof IntersectionObserver === 'undefined' ? null : NONE))
  useEffect(() => {
    const tbody = body.current
    if (!tbody || typeof IntersectionObserver === 'undefined') return
    const seen = new Set<HTMLElement>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) seen.add(entry.target as HTMLElement)
          else seen.delete(entry.target as HTMLElement)
        }
        setInView(new Set(Array.from(seen, (row) => row.dataset.symbol ?? '')))
      },
      { rootMargin: ROWS_IN_VIEW_MARGIN },
    )
    for (const row of Array.from(tbody.rows)) observer.observe(row)
    return () => observer.disconnect()
  }, [drawn])
  return [body, inView]
}

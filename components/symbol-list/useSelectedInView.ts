'use client'

import { useEffect, useRef } from 'react'
import { browserTimers } from '@/lib/browser-runtime/browser-env'

/**
 * On phones the tabs and the tags are one row each that scrolls sideways (globals.css): the
 * selected item (`[aria-selected=true]`, `[aria-pressed=true]`) is scrolled into the row's view
 * when it changes, e.g. a tab restored from the URL at the end of the row. Nothing moves while it
 * is already in view, and the page itself never scrolls for it.
 *
 * Measured after the browser's next frame, not in the effect: there the table the tap just
 * changed is not laid out yet, and reading a position would lay it out inside the tap's task
 * (docs/decisions/pages.md "Rendering without long tasks").
 */
export function useSelectedInView<T extends HTMLElement>(selected: string | null) {
  const row = useRef<T>(null)
  useEffect(() => {
    let timer: unknown
    const frame = requestAnimationFrame(() => {
      timer = browserTimers.setTimeout(() => {
        const box = row.current
        const item = box?.querySelector<HTMLElement>('[aria-selected="true"], [aria-pressed="true"]')
        if (!box || !item) return
        const outer = box.getBoundingClientRect()
        const inner = item.getBoundingClientRect()
        if (inner.left >= outer.left && inner.right <= outer.right) return
        // Only the row scrolls: its own scroll position, by how far the item sticks out.
        box.scrollLeft += inner.left < outer.left ? inner.left - outer.left : inner.right - outer.right
      }, 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      if (timer !== undefined) browserTimers.clearTimeout(timer)
    }
  }, [selected])
  return row
}

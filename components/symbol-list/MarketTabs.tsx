'use client'

import { startTransition, useOptimistic, useRef, type KeyboardEvent } from 'react'
import { useSelectedInView } from './useSelectedInView'

export interface TabItem {
  id: string
  label: string
}

/**
 * The quote-group tabs as the WAI-ARIA tabs pattern: one tab in the Tab order (roving
 * tabindex), arrows move and select (mirrored in right-to-left pages), Home and End jump.
 * A tap marks its tab at once (an optimistic `selected`, rendered here alone) and hands the
 * choice to `onSelect` in a transition: the table follows in slices React can interrupt, so the
 * tap's next paint waits for the tab row only.
 */
export function MarketTabs({
  items,
  selected: committed,
  onSelect,
  panelId,
  disabled,
  label,
}: {
  items: TabItem[]
  selected: string
  onSelect: (id: string) => void
  panelId: string
  disabled: boolean
  label: string
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>())
  const [selected, showSelected] = useOptimistic(committed)
  const select = (id: string) =>
    startTransition(() => {
      showSelected(id)
      onSelect(id)
    })
  const row = useSelectedInView<HTMLDivElement>(selected)
  // While a search shows every group no tab is selected; the first one keeps the Tab stop.
  const stop = items.some((item) => item.id === selected) ? selected : items[0]?.id
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = Math.max(
      0,
      items.findIndex((item) => item.id === event.currentTarget.id.slice(4)),
    )
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key]
    let next: number | null = null
    if (step !== undefined) next = (index + step + items.length) % items.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = items.length - 1
    const target = next === null ? undefined : items[next]
    if (!target) return
    event.preventDefault()
    select(target.id)
    refs.current.get(target.id)?.focus()
  }
  return (
    <div ref={row} role="tablist" aria-label={label} className="tabs">
      {items.map((item) => {
        const active = item.id === selected
        return (
          <button
            key={item.id}
            ref={(element) => {
              if (element) refs.current.set(item.id, element)
              else refs.current.delete(item.id)
            }}
            id={`tab-${item.id}`}
            role="tab"
            type="button"
            disabled={disabled}
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={item.id === stop ? 0 : -1}
            onKeyDown={onKeyDown}
            onClick={() => select(item.id)}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}

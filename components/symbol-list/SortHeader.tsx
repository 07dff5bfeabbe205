'use client'

import { useTransition } from 'react'
import type { MarketSort, SortKey } from '@/lib/symbol-view/sort'

/**
 * A sortable column header: aria-sort on the cell, a button that says what a press does (disabled
 * until hydrated by the table's fieldset). A press re-sorts the table in a transition; until it
 * commits the header alone re-renders, marked pending (`data-pending`), so the press paints at once.
 */
export function SortHeader({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: SortKey
  label: string
  sort: MarketSort
  onSort: (key: SortKey) => void
  className?: string
}) {
  const active = sort.key === column
  const [pending, startSort] = useTransition()
  return (
    <th scope="col" className={className} aria-sort={active ? sort.direction : 'none'}>
      <button type="button" className="sort" onClick={() => startSort(() => onSort(column))} data-pending={pending || undefined} data-testid={`sort-${column}`}>
        {label}
        <span aria-hidden="true" className="sort-arrow">
          {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  )
}

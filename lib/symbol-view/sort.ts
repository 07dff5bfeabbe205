/**
 * Sorting the markets table (docs/decisions/pages.md "Markets table: sort, search, URL state").
 * Price and change come from a ticker map that another part of the site fills (market data);
 * until it does, those columns have no value and such rows sort last in either direction.
 */
import type { SymbolRow } from './view'

export const SORT_KEYS = ['name', 'price', 'change', 'volume'] as const
export type SortKey = (typeof SORT_KEYS)[number]
export type SortDirection = 'ascending' | 'descending'

export interface MarketSort {
  key: SortKey
  direction: SortDirection
}

/** What a sort needs of a pair's ticker; decimal strings as the upstream sends them. */
export interface TickerFigures {
  lastPrice?: string
  /** 24h change as a fraction or percent; only its order matters here. */
  change24h?: string
}

/** symbolId → ticker. Optional: without it price and change sort as "no value". */
export type TickerMap = ReadonlyMap<string, TickerFigures>

/** The table opens as traders expect: the most traded pairs first. */
export const DEFAULT_SORT: MarketSort = { key: 'volume', direction: 'descending' }

function numberOf(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null
  const value = Number(text)
  return Number.isFinite(value) ? value : null
}

function valueOf(row: SymbolRow, key: SortKey, tickers: TickerMap | undefined): number | string | null {
  switch (key) {
    case 'name':
      return `${row.base}/${row.quote}`.toUpperCase()
    case 'volume':
      return numberOf(row.volume)
    case 'price':
      return numberOf(tickers?.get(row.symbolId)?.lastPrice)
    case 'change':
      return numberOf(tickers?.get(row.symbolId)?.change24h)
  }
}

/** A sorted copy; ties (and rows without a value, always last) keep name order. */
export function sortRows(rows: readonly SymbolRow[], sort: MarketSort, tickers?: TickerMap): SymbolRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1
  const byName = (a: SymbolRow, b: SymbolRow) => `${a.base}/${a.quote}`.localeCompare(`${b.base}/${b.quote}`, 'en') || a.symbolId.localeCompare(b.symbolId, 'en')
  return rows
    .map((row) => ({ row, value: valueOf(row, sort.key, tickers) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? byName(a.row, b.row) : a.value === null ? 1 : -1
      const diff = typeof a.value === 'string' ? a.value.localeCompare(b.value as string, 'en') : a.value - (b.value as number)
      return diff !== 0 ? sign * Math.sign(diff) : byName(a.row, b.row)
    })
    .map(({ row }) => row)
}

/** A click on a column header: the same column flips, another starts where traders expect. */
export function nextSort(current: MarketSort, key: SortKey): MarketSort {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
  return { key, direction: key === 'name' ? 'ascending' : 'descending' }
}

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

/** Names of these characters only: their code-unit order is the 'en' collation's ('/', then digits, then capitals). */
const PLAIN = /^[0-9A-Z/]*$/
let collator: Intl.Collator | undefined

/**
 * The sign of `a.localeCompare(b, 'en')`. Plain names (`BTC/USDT`, `1000PEPE`) compare by code
 * unit: a tap on the name header sorts hundreds of pairs, and each `localeCompare` with a locale
 * cost the phone more than the whole sort (the first one loads collation data;
 * docs/decisions/pages.md "Rendering without long tasks"). Anything else goes to one collator.
 */
export function compareNames(a: string, b: string): number {
  if (PLAIN.test(a) && PLAIN.test(b)) return a < b ? -1 : a > b ? 1 : 0
  return (collator ??= new Intl.Collator('en')).compare(a, b)
}

/** A sorted copy; ties (and rows without a value, always last) keep name order. */
export function sortRows(rows: readonly SymbolRow[], sort: MarketSort, tickers?: TickerMap): SymbolRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1
  type Keyed = { row: SymbolRow; name: string; value: number | string | null }
  const byName = (a: Keyed, b: Keyed) => compareNames(a.name, b.name) || compareNames(a.row.symbolId, b.row.symbolId)
  return rows
    .map((row): Keyed => ({ row, name: `${row.base}/${row.quote}`, value: valueOf(row, sort.key, tickers) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? byName(a, b) : a.value === null ? 1 : -1
      const diff = typeof a.value === 'string' ? compareNames(a.value, b.value as string) : a.value - (b.value as number)
      return diff !== 0 ? sign * Math.sign(diff) : byName(a, b)
    })
    .map(({ row }) => row)
}

/** A click on a column header: the same column flips, another starts where traders expect. */
export function nextSort(current: MarketSort, key: SortKey): MarketSort {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
  return { key, direction: key === 'name' ? 'ascending' : 'descending' }
}

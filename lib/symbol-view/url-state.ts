/**
 * The markets page's tab, search and sort in the URL's query (docs/decisions.md "Markets table:
 * sort, search, URL state"), so a shared link or Back shows the same list. Unknown or malformed
 * values are dropped, never an error: the page falls back to its defaults.
 */
import { DEFAULT_SORT, SORT_KEYS, type MarketSort, type SortKey } from './sort'

/** A quote group by tokenId, the fiat group, or the browser's favourites. */
export type MarketsTab = { kind: 'quote'; tokenId: string } | { kind: 'fiat' } | { kind: 'favourites' }

export interface MarketsUrlState {
  /** null: the page's first tab. */
  tab: MarketsTab | null
  query: string
  sort: MarketSort
}

const MAX_QUERY = 64
const TOKEN_ID = /^[0-9A-Za-z._-]{1,32}$/

function parseTab(value: string | null): MarketsTab | null {
  if (value === null) return null
  if (value === 'fiat') return { kind: 'fiat' }
  if (value === 'favourites') return { kind: 'favourites' }
  return TOKEN_ID.test(value) ? { kind: 'quote', tokenId: value } : null
}

function parseSort(value: string | null): MarketSort {
  const match = /^(\w+)-(asc|desc)$/.exec(value ?? '')
  if (!match || !(SORT_KEYS as readonly string[]).includes(match[1] ?? '')) return DEFAULT_SORT
  return { key: match[1] as SortKey, direction: match[2] === 'asc' ? 'ascending' : 'descending' }
}

export function readMarketsUrl(search: string): MarketsUrlState {
  const params = new URLSearchParams(search)
  return { tab: parseTab(params.get('tab')), query: (params.get('q') ?? '').slice(0, MAX_QUERY), sort: parseSort(params.get('sort')) }
}

/** "?tab=USDT&q=eth&sort=price-desc", or "" for the defaults; other parameters are kept. */
export function writeMarketsUrl(search: string, state: MarketsUrlState): string {
  const params = new URLSearchParams(search)
  const tab = state.tab === null ? null : state.tab.kind === 'quote' ? state.tab.tokenId : state.tab.kind
  const sort = state.sort.key === DEFAULT_SORT.key && state.sort.direction === DEFAULT_SORT.direction ? null : `${state.sort.key}-${state.sort.direction === 'ascending' ? 'asc' : 'desc'}`
  const query = state.query.trim().slice(0, MAX_QUERY)
  for (const [name, value] of [['tab', tab], ['q', query || null], ['sort', sort]] as const) {
    if (value === null) params.delete(name)
    else params.set(name, value)
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

export function sameTab(a: MarketsTab | null, b: MarketsTab | null): boolean {
  if (a === null || b === null) return a === b
  return a.kind === b.kind && (a.kind !== 'quote' || a.tokenId === (b as { tokenId: string }).tokenId)
}

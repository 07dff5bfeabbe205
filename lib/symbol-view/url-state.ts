/**
 * The markets page's tab, search and sort in the URL's query (docs/decisions/pages.md "Markets table:
 * sort, search, URL state"), so a shared link or Back shows the same list. Unknown or malformed
 * values are dropped, never an error: the page falls back to its defaults.
 */
import { DEFAULT_SORT, SORT_KEYS, type MarketSort, type SortKey } from './sort'
import type { SymbolGroup } from './view'

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

/** The tab's one-word name: its tokenId, "fiat" or "favourites" (the `tab` parameter, the tab's element id). */
export function tabKey(tab: MarketsTab): string {
  return tab.kind === 'quote' ? tab.tokenId : tab.kind
}

export function tabOfKey(key: string): MarketsTab {
  return key === 'fiat' || key === 'favourites' ? { kind: key } : { kind: 'quote', tokenId: key }
}

function parseTab(value: string | null): MarketsTab | null {
  return value !== null && TOKEN_ID.test(value) ? tabOfKey(value) : null
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
  const tab = state.tab === null ? null : tabKey(state.tab)
  const sort =
    state.sort.key === DEFAULT_SORT.key && state.sort.direction === DEFAULT_SORT.direction
      ? null
      : `${state.sort.key}-${state.sort.direction === 'ascending' ? 'asc' : 'desc'}`
  const query = state.query.trim().slice(0, MAX_QUERY)
  for (const [name, value] of [
    ['tab', tab],
    ['q', query || null],
    ['sort', sort],
  ] as const) {
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

type TabGroup = Pick<SymbolGroup, 'tokenId' | 'isFiat'>

/** The tab a list shows, its key, and the trimmed search, which when set lists every group instead. */
export interface MarketsSelection {
  tab: MarketsTab
  tabKey: string
  search: string
}

/**
 * The URL's state over the list at hand: the URL's tab while the list has it (favourites always),
 * else the first quote group's, else fiat; a link to a tab the list no longer has opens the first.
 */
export function selectMarkets(state: MarketsUrlState, groups: readonly TabGroup[]): MarketsSelection {
  const first = groups.find((g) => !g.isFiat) ?? groups[0]
  const fallback: MarketsTab = first && !first.isFiat ? { kind: 'quote', tokenId: first.tokenId } : { kind: 'fiat' }
  const listed = (tab: MarketsTab) =>
    tab.kind === 'favourites' || (tab.kind === 'fiat' ? groups.some((g) => g.isFiat) : groups.some((g) => !g.isFiat && g.tokenId === tab.tokenId))
  const tab = state.tab && listed(state.tab) ? state.tab : fallback
  return { tab, tabKey: tabKey(tab), search: state.query.trim() }
}

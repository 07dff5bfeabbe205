/**
 * The markets page's whole list as one resource of its own (docs/decisions/pages.md "The whole list
 * is one immutable resource"): the page's HTML draws and carries only its first rows; every row,
 * and the records that seed the browser's symbol-list caches, come in one text under a URL named by
 * that text's hash, which the browser and the edge keep for a year. Pure: the hash is passed in.
 */
import type { Provenance } from '../symbols/provenance'
import type { SymbolCacheSeed } from '../symbols/seed'
import { MARKETS_ROWS_DRAWN } from './drawn'
import { packView, unpackView, type PackedGroup } from './packed'
import { DEFAULT_SORT, sortRows, type MarketSort } from './sort'
import { filterSymbols, type SymbolListView } from './view'

/** `/{lang}/markets/list/{version}`: the region is the host's (the middleware maps it), never part of the path. */
export const wholeListPath = (lang: string, version: string) => `/${lang}/markets/list/${version}`
/** The figures of every row, short-lived (the page's own cover only its first rows). */
export const rowFiguresPath = (lang: string) => `/${lang}/markets/figures`
/** A version: 22 base64url characters (128 bits of the text's SHA-256). */
export const WHOLE_LIST_VERSION = /^[A-Za-z0-9_-]{22}$/
/** The most the browser reads of the resource: a 600-symbol list is ~350 kB; anything near this is not ours. */
export const WHOLE_LIST_MAX_BYTES = 8 * 1024 * 1024

/** The resource: every group with every row (packed), and the seed's records without their time stamps. */
interface WholeListWire {
  groups: PackedGroup[]
  pairCount: number
  seed?: SymbolCacheSeed
}

/**
 * The page's first rows: the first tab's rows the table draws first, in the default order, and
 * every group's own fields with its row count in the whole list (`rowCounts`), so tabs, tags, the
 * count and "Show all (N)" render from the page alone.
 */
export function firstRowsOf(view: SymbolListView, drawn = MARKETS_ROWS_DRAWN): SymbolListView {
  const first = view.groups.find((g) => !g.isFiat)
  const rows = first
    ? sortRows(filterSymbols(view, { tab: { kind: 'quote', tokenId: first.tokenId }, tag: null, query: '' }), DEFAULT_SORT).slice(0, drawn)
    : []
  return {
    ...view,
    groups: view.groups.map((group) => ({ ...group, rows: group === first ? rows : [] })),
    rowCounts: Object.fromEntries(view.groups.map((group) => [group.tokenId, group.rows.length])),
  }
}

/** Whether a view holds every row (a loaded list, or the page's first rows completed by the resource). */
export const isWhole = (view: SymbolListView): boolean => view.rowCounts === undefined

/**
 * Whether the page's first rows answer what the table is asked: the first tab, no tag, no search,
 * the default order, not every row. Anything else waits for the whole list.
 */
export function firstRowsAnswer(
  ask: { tabKey: string; tag: string | null; search: string; sort: MarketSort; showAll: boolean },
  view: SymbolListView,
): boolean {
  const first = view.groups.find((g) => !g.isFiat)
  return (
    first !== undefined &&
    ask.tabKey === first.tokenId &&
    ask.tag === null &&
    ask.search === '' &&
    !ask.showAll &&
    ask.sort.key === DEFAULT_SORT.key &&
    ask.sort.direction === DEFAULT_SORT.direction
  )
}

/** A record without its `savedAt`: the stamp changes with every load of the same list, the text must not. */
function unstamped(record: unknown): unknown {
  if (!record || typeof record !== 'object') return record
  const { savedAt: _savedAt, ...rest } = record as Record<string, unknown>
  return rest
}

/**
 * The resource's text for a list (server). Provenance and stamps stay out, so every load that
 * returns the same list gives the same text and so the same URL; the page carries the provenance.
 */
export function wholeListText(view: SymbolListView, seed: SymbolCacheSeed | undefined): string {
  const { groups, pairCount } = packView(view)
  const wire: WholeListWire = { groups, pairCount, ...(seed ? { seed: { symbol: unstamped(seed.symbol), incremental: unstamped(seed.incremental) } } : {}) }
  return JSON.stringify(wire)
}

/** The version a text is served under: its hash, cut to what WHOLE_LIST_VERSION accepts. */
export function wholeListVersion(text: string, sha256Base64Url: (text: string) => string): string {
  return sha256Base64Url(text).slice(0, 22)
}

export interface WholeList {
  view: SymbolListView
  /** The records to seed the browser's caches with, stamped with the page's load time; absent unless the page's list was live. */
  seed?: SymbolCacheSeed
}

const isPackedGroup = (group: unknown): group is PackedGroup =>
  !!group && typeof group === 'object' && typeof (group as PackedGroup).tokenId === 'string' && Array.isArray((group as PackedGroup).rows)

/**
 * The resource read back (browser), with the provenance of the page that named it: the text is
 * that page's list. Throws on a text that is not the resource's shape (the caller then loads the
 * list through its own chain); the seed's records are checked where they are stored (lib/symbols/seed.ts).
 */
export function readWholeList(text: string, provenance: Provenance): WholeList {
  const wire = JSON.parse(text) as Partial<WholeListWire> | null
  if (!wire || !Array.isArray(wire.groups) || !wire.groups.every(isPackedGroup) || typeof wire.pairCount !== 'number') {
    throw new Error('the whole list is not groups of rows')
  }
  const view = unpackView({ groups: wire.groups, pairCount: wire.pairCount, provenance })
  const stamp = (record: unknown) => (record && typeof record === 'object' ? { ...record, savedAt: provenance.fetchedAt } : record)
  const seed = wire.seed ? { symbol: stamp(wire.seed.symbol), incremental: stamp(wire.seed.incremental) } : undefined
  return seed ? { view, seed } : { view }
}

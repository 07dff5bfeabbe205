/**
 * The symbol list as the page shows it: a compact projection of the SPEC §3 collections, so
 * the HTML and the client's SWR fallback carry ~150 bytes per pair instead of ~40 fields.
 */
import type { Provenance } from '../symbols/provenance'
import { preferList, provenanceAsShown } from '../symbols/shown'
import type { SymbolListResult } from '../symbols/result'

export interface SymbolRow {
  symbolId: string
  base: string
  quote: string
  /** Full name of the base token, e.g. "Bitcoin". */
  name: string
  volume: string
  /** The pair's price step (minPricePrecision): prices show at its places. */
  priceStep: string
  tags: string[]
  /** Leveraged token: its direction and ratio (BTC3L → LONG, 3). */
  leveraged: { direction: 'LONG' | 'SHORT'; ratio: number | null } | null
  banBuy: boolean
  banSell: boolean
  test: boolean
  tradeStatus: number
}

export interface SymbolGroup {
  tokenId: string
  tokenName: string
  isFiat: boolean
  tags: string[]
  rows: SymbolRow[]
}

export interface SymbolListView {
  groups: SymbolGroup[]
  provenance: Provenance
  pairCount: number
  /**
   * Set only on the page's first rows (lib/symbol-view/whole-list.ts): each group's row count in
   * the whole list, whose other rows this view lacks.
   */
  rowCounts?: Readonly<Record<string, number>>
}

const LEVERAGE_RATIO = /(\d+)[LS]$/

export function toSymbolListView(list: SymbolListResult): SymbolListView {
  const groups = list.quoteTokenResult.map((group) => ({
    tokenId: group.tokenId,
    tokenName: group.tokenName,
    isFiat: list.quoteTokenInfo.some((info) => info.tokenId === group.tokenId && info.isFiat),
    tags: group.quoteTags,
    rows: group.quoteTokenSymbols
      .filter((pair) => pair.showStatus)
      .map((pair) => ({
        symbolId: pair.symbolId,
        base: pair.baseTokenName || pair.baseTokenId,
        quote: pair.quoteTokenName || pair.quoteTokenId,
        name: pair.tokenFullName,
        volume: pair.volume,
        priceStep: pair.minPricePrecision,
        tags: pair.tags,
        leveraged: pair.ltDirection ? { direction: pair.ltDirection, ratio: Number(LEVERAGE_RATIO.exec(pair.baseTokenName)?.[1] ?? Number.NaN) || null } : null,
        banBuy: pair.isBanBuy,
        banSell: pair.isBanSell,
        test: pair.isTest,
        tradeStatus: pair.tradeStatus,
      })),
  }))
  return { groups, provenance: list.provenance, pairCount: groups.reduce((n, g) => n + g.rows.length, 0) }
}

export type SymbolTab = { kind: 'quote'; tokenId: string } | { kind: 'fiat' }

export interface SymbolFilter {
  tab: SymbolTab
  tag: string | null
  query: string
}

/** The rows a tab, tag and search box select. Search matches base, quote or full name. */
export function filterSymbols(view: Pick<SymbolListView, 'groups'>, filter: SymbolFilter): SymbolRow[] {
  const groups =
    filter.tab.kind === 'fiat' ? view.groups.filter((g) => g.isFiat) : view.groups.filter((g) => g.tokenId === (filter.tab as { tokenId: string }).tokenId)
  const query = filter.query
    .trim()
    .toLowerCase()
    .replace(/[\s/_-]+/g, '')
  return groups.flatMap((group) =>
    group.rows.filter((row) => {
      if (filter.tag !== null && !row.tags.includes(filter.tag)) return false
      if (!query) return true
      return (
        row.base.toLowerCase().includes(query) ||
        row.quote.toLowerCase().includes(query) ||
        row.name.toLowerCase().includes(query) ||
        `${row.base}${row.quote}`.toLowerCase().includes(query)
      )
    }),
  )
}

/**
 * The client never swaps a list for a worse one (docs/decisions/pages.md "The client never shows a
 * worse list"): the chain's rule, `preferList` in lib/symbols/shown.ts.
 */
export function preferBetter(current: SymbolListView | undefined, incoming: SymbolListView, now: number): SymbolListView {
  return preferList(current, incoming, now, (view) => view.pairCount === 0)
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i])

function sameRow(a: SymbolRow, b: SymbolRow): boolean {
  return (
    a.symbolId === b.symbolId &&
    a.base === b.base &&
    a.quote === b.quote &&
    a.name === b.name &&
    a.volume === b.volume &&
    a.priceStep === b.priceStep &&
    sameList(a.tags, b.tags) &&
    a.leveraged?.direction === b.leveraged?.direction &&
    a.leveraged?.ratio === b.leveraged?.ratio &&
    a.banBuy === b.banBuy &&
    a.banSell === b.banSell &&
    a.test === b.test &&
    a.tradeStatus === b.tradeStatus
  )
}

/**
 * `next` with the row, group and group-list objects of `previous` wherever they are equal, so a
 * revalidation that changed nothing (a version hit, an empty delta) leaves the memoised table
 * rows alone instead of re-rendering every one (docs/decisions/pages.md "Rendering without long tasks").
 */
export function keepUnchanged(previous: SymbolListView | undefined, next: SymbolListView): SymbolListView {
  if (!previous || previous === next) return next
  const before = new Map(previous.groups.map((g) => [g.tokenId, g]))
  let allKept = previous.groups.length === next.groups.length
  const groups = next.groups.map((group, i) => {
    const old = before.get(group.tokenId)
    if (!old) return ((allKept = false), group)
    const oldRows = new Map(old.rows.map((row) => [row.symbolId, row]))
    let rowsKept = old.rows.length === group.rows.length
    const rows = group.rows.map((row, j) => {
      const kept = oldRows.get(row.symbolId)
      if (kept && sameRow(kept, row)) {
        if (old.rows[j] !== kept) rowsKept = false
        return kept
      }
      rowsKept = false
      return row
    })
    const same = rowsKept && old.tokenName === group.tokenName && old.isFiat === group.isFiat && sameList(old.tags, group.tags)
    if (!same || previous.groups[i] !== old) allKept = false
    return same ? old : { ...group, rows: rowsKept ? old.rows : rows }
  })
  return { ...next, groups: allKept ? previous.groups : groups }
}

/** How often an open page revalidates its symbol list (SWR's refreshInterval in useSymbolList). */
export const LIST_REFRESH_MS = 60_000

/** How long after mount a page that shows a live list a minute or two old first asks about it, */
export const LIST_QUIET_MS = 5_000
/** at the browser's next idle period after that, or this much later at the latest. */
export const LIST_IDLE_TIMEOUT_MS = 2_000

/**
 * When the page first asks about the list it was rendered with (docs/decisions/pages.md "The first
 * revalidation waits for the list's age"):
 * - `on-mount`: the page shows a cached copy or the built-in sample, or a list too old to be
 *   labelled live (lib/symbols/shown.ts): the trader is told the list is not live, so it is asked about at once;
 * - `after-quiet`: a live list at least one refresh period old, `LIST_QUIET_MS` after mount, in the
 *   browser's next idle period: its load (a chunk, the seeding, the answer's checks) stays out of the
 *   page's first seconds, where a phone is busy hydrating and starting its routes, and out of input;
 * - `at-refresh`: a live list younger than one refresh period, at the page's first refresh. A list
 *   "from the future" (the browser's clock behind the server's) counts as young: the refresh still comes.
 */
export type FirstRevalidation = 'on-mount' | 'after-quiet' | 'at-refresh'

export function firstRevalidation(provenance: Pick<Provenance, 'source' | 'fetchedAt'>, now: number, refreshMs = LIST_REFRESH_MS): FirstRevalidation {
  if (provenanceAsShown(provenance, now).state !== 'live') return 'on-mount'
  return now - provenance.fetchedAt >= refreshMs ? 'after-quiet' : 'at-refresh'
}

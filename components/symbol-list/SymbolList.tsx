'use client'

import { startTransition, useDeferredValue, useMemo, useState } from 'react'
import { useLocale, useTranslations } from 'next-intl'
import { filterSymbols, type SymbolGroup, type SymbolRow } from '@/lib/symbol-view/view'
import { searchMarkets } from '@/lib/symbol-view/search'
import { MARKETS_ROWS_DRAWN } from '@/lib/symbol-view/drawn'
import { unpackFiguresText, unpackViewText, type ServerFigures } from '@/lib/symbol-view/packed'
import { firstRowsAnswer, isWhole } from '@/lib/symbol-view/whole-list'
import { nextSort, sortRows, type SortKey, type TickerMap } from '@/lib/symbol-view/sort'
import { selectMarkets, tabOfKey, type MarketsTab } from '@/lib/symbol-view/url-state'
import type { MarketTickers } from '@/lib/market-data/tickers'
import { NO_SHOWN_TICKERS, shownTickers } from '@/lib/market-data/rows-in-view'
import { ProvenanceBadge } from '../ProvenanceBadge'
import { FormattedText } from '../FormattedText'
import { formatCount } from '../format'
import { useSymbolList, type WholeListRef } from './useSymbolList'
import { useRowFigures } from './useRowFigures'
import { useMarketsUrl } from './useMarketsUrl'
import { useFavourites } from './useFavourites'
import { LoadFailureNotice } from './LoadFailureNotice'
import { MarketTabs } from './MarketTabs'
import { useSelectedInView } from './useSelectedInView'
import { useRowsInView } from './useRowsInView'
import { SortHeader } from './SortHeader'
import { useHydrated } from '../useHydrated'
import { TurnoverHead, useMarketTickers } from '../market/MarketCells'
import { MarketRow } from './MarketRow'
import { rowTextOf } from './row-text'

/** The rows a tab shows; a search (trimmed) looks through every group (docs/decisions/pages.md "Markets table: sort, search, URL state"). */
function selectRows(groups: SymbolGroup[], tab: MarketsTab, tag: string | null, search: string, favourites: ReadonlySet<string>): SymbolRow[] {
  if (search) return searchMarkets({ groups }, search)
  if (tab.kind !== 'favourites') return filterSymbols({ groups }, { tab, tag, query: '' })
  const seen = new Set<string>()
  return groups.flatMap((g) => g.rows).filter((row) => favourites.has(row.symbolId) && !seen.has(row.symbolId) && Boolean(seen.add(row.symbolId)))
}

/** The rows' upstream decimals, which price and change sort by: the live ticker's, else the server's. */
function tickerMap(initial: ServerFigures, tickers: MarketTickers): TickerMap {
  const map = new Map<string, { lastPrice?: string; change24h?: string }>()
  for (const [symbolId, lastPrice, change24h] of initial.raws()) map.set(symbolId, { lastPrice, change24h })
  for (const [symbolId, t] of Object.entries(tickers)) map.set(symbolId, { lastPrice: t.lastPrice, change24h: t.price24hPcnt })
  return map
}

/** `figures`: the server-formatted price, change and turnover per pair, updated live after hydration. */
export function SymbolList({
  initial: packedInitial,
  whole,
  lang,
  figures: packedFigures,
}: {
  /** The page's first rows (lib/symbol-view/whole-list.ts), packed, as JSON text (lib/symbol-view/packed.ts). */
  initial: string
  /** The whole list's resource and every row's figures, fetched once hydrated. */
  whole: WholeListRef & { figuresUrl: string }
  lang: string
  /** The first rows' server figures, packed, as JSON text. */
  figures: string
}) {
  const initial = useMemo(() => unpackViewText(packedInitial), [packedInitial])
  const pageFigures = useMemo(() => unpackFiguresText(packedFigures), [packedFigures])
  const { figures: initialFigures, settled: figuresSettled } = useRowFigures(pageFigures, whole.figuresUrl)
  const t = useTranslations('Markets')
  const locale = useLocale()
  // `locale` formats figures (it may carry -u-nu-latn); requests carry the plain BCP 47 tag.
  // Deferred: a revalidated list re-renders the table in a transition, not in one long task.
  const language = useMemo(() => ({ code: lang, locale: new Intl.Locale(locale).baseName }), [lang, locale])
  const view = useDeferredValue(useSymbolList(initial, whole, language))
  // Tabs, tags and search are JavaScript: inert until hydrated, so no early input is lost.
  const hydrated = useHydrated()
  const [url, setUrl] = useMarketsUrl()
  const [favourites, toggleFavourite] = useFavourites()
  const rowText = useMemo(() => rowTextOf(t), [t])
  const { tab, tabKey, search } = selectMarkets(url, view.groups)
  const [tag, setTag] = useState<string | null>(null)
  const tagRow = useSelectedInView<HTMLDivElement>(tag)
  // The table follows a tap or a keystroke in a transition, which React renders in slices: the
  // tap's own task only marks the tab (docs/decisions/pages.md "Rendering without long tasks").
  // The sort headers say the table's order, so they follow with it.
  const deferredSearch = useDeferredValue(search)
  const tableTabKey = useDeferredValue(tabKey)
  const tableTab = useMemo(() => tabOfKey(tableTabKey), [tableTabKey])
  const tableTag = useDeferredValue(tag)
  const sort = useDeferredValue(url.sort)
  // Each step keeps its identity while its inputs do, so a render that changes nothing in the table
  // (a tick of an unlisted pair, the hydration flip) leaves the memoised rows alone.
  // A revalidation that changed no row keeps `view.groups` (keepUnchanged), so nothing below runs again.
  const groups = view.groups
  // Name and volume orders do not move with prices: only a price or change order reads figures,
  // and only such an order re-sorts on a push.
  const byTicker = sort.key === 'price' || sort.key === 'change'
  const [showAll, setShowAll] = useState(false)
  // Until the whole list is here only the page's first rows are known: what they do not answer
  // waits, and says so, never "no results" (docs/decisions/pages.md "The markets HTML keeps its first rows").
  const waiting =
    (!isWhole(view) && !firstRowsAnswer({ tabKey: tableTabKey, tag: tableTag, search: deferredSearch, sort, showAll }, view)) || (byTicker && !figuresSettled)
  const selected = useMemo(
    () => (waiting ? [] : selectRows(groups, tableTab, tableTag, deferredSearch, favourites)),
    [waiting, groups, tableTab, tableTag, deferredSearch, favourites],
  )
  // The order by the server's figures says which rows are drawn, and so which the websocket follows.
  const served = useMemo(() => sortRows(selected, sort, byTicker ? tickerMap(initialFigures, {}) : undefined), [selected, sort, byTicker, initialFigures])
  const drawnOf = (list: SymbolRow[]) => (showAll ? list : list.slice(0, MARKETS_ROWS_DRAWN))
  // While waiting the websocket keeps following the first rows (none would close it and poll every pair).
  const firstRows = useMemo(() => initial.groups.find((g) => g.rows.length > 0)?.rows.slice(0, MARKETS_ROWS_DRAWN) ?? [], [initial])
  const [tickers, format, liveFeed] = useMarketTickers(waiting ? firstRows : drawnOf(served))
  const sortTickers = byTicker ? tickers : null
  const rows = useMemo(
    () => (sortTickers ? sortRows(selected, sort, tickerMap(initialFigures, sortTickers)) : served),
    [served, selected, sort, sortTickers, initialFigures],
  )
  // While waiting the drawn rows stay, hidden: the rows that answer next take over their elements
  // (docs/decisions/pages.md "Markets table: rows drawn"), and nothing shows an answer not yet known.
  const shown = waiting ? firstRows : drawnOf(rows)
  // A push renders the rows on screen; the others take their ticker when scrolled to
  // (lib/market-data/rows-in-view.ts). Kept from render to render as React's "previous render" state.
  const drawn = shown.map((row) => row.symbolId)
  const [body, inView] = useRowsInView(drawn.length)
  const [held, setHeld] = useState(NO_SHOWN_TICKERS)
  const rowTickers = shownTickers(held, tickers, drawn, inView)
  if (rowTickers !== held) setHeld(rowTickers)
  // The tab's pairs: counted by the list, or, for the page's first rows, by the count the page carries.
  const total = isWhole(view) ? rows.length : (view.rowCounts?.[tableTabKey] ?? rows.length)
  const hasFiat = view.groups.some((g) => g.isFiat)
  const tags = tab.kind === 'quote' && !search ? (view.groups.find((g) => g.tokenId === tab.tokenId)?.tags ?? []) : []
  const items = [
    { id: 'favourites', label: t('favourites') },
    ...view.groups.filter((g) => !g.isFiat).map((g) => ({ id: g.tokenId, label: g.tokenName })),
    ...(hasFiat ? [{ id: 'fiat', label: t('fiat') }] : []),
  ]
  const selectTab = (id: string) => {
    setTag(null)
    setUrl({ ...url, query: '', tab: tabOfKey(id) })
  }
  const onSort = (key: SortKey) => setUrl({ ...url, tab, sort: nextSort(url.sort, key) })

  return (
    <div className="markets">
      <ProvenanceBadge provenance={view.provenance} />
      <LoadFailureNotice lang={lang} />
      {liveFeed}
      <div className="markets-tools">
        <MarketTabs items={items} selected={search ? '' : tabKey} onSelect={selectTab} panelId="markets-panel" disabled={!hydrated} label={t('quoteGroups')} />
        <input
          type="search"
          readOnly={!hydrated}
          aria-label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          value={url.query}
          onChange={(e) => setUrl({ ...url, query: e.target.value })}
          data-testid="market-search"
        />
      </div>
      {tags.length > 0 ? (
        <div ref={tagRow} className="tags" role="group" aria-label={t('tags')}>
          <button type="button" disabled={!hydrated} aria-pressed={tag === null} onClick={() => setTag(null)}>
            {t('all')}
          </button>
          {tags.map((name) => (
            <button key={name} type="button" disabled={!hydrated} aria-pressed={tag === name} onClick={() => setTag(name)}>
              {name}
            </button>
          ))}
        </div>
      ) : null}
      <div
        id="markets-panel"
        role="tabpanel"
        aria-labelledby={search ? undefined : `tab-${tabKey}`}
        aria-label={search ? t('searchLabel') : undefined}
        aria-busy={waiting}
      >
        {waiting ? (
          <p className="count" aria-live="polite" data-testid="list-loading">
            {t('loadingList')}
          </p>
        ) : (
          <p className="count" aria-live="polite" data-count={total}>
            <FormattedText format={() => t('count', { count: total, shown: formatCount(locale, total) })} />
          </p>
        )}
        {rows.length === 0 && !waiting ? (
          <p>{tableTab.kind === 'favourites' && !deferredSearch ? t('favouritesEmpty') : t('noResults', { query: url.query })}</p>
        ) : null}
        {/* Its own scroll box: a row of long figures (an 11-decimal price) never widens the page.
            A fieldset, so one attribute disables the sort headers and every row's star until
            hydrated: the flip renders no row again (docs/decisions/pages.md "Rendering without long tasks"). */}
        <fieldset className="table-scroll" role="presentation" disabled={!hydrated}>
          <table className="market-table" data-testid="market-table">
            <thead>
              <tr>
                <SortHeader column="name" label={t('pair')} sort={sort} onSort={onSort} />
                <SortHeader column="price" label={t('price')} sort={sort} onSort={onSort} className="num" />
                <SortHeader column="change" label={t('change')} sort={sort} onSort={onSort} className="num" />
                <TurnoverHead />
                <SortHeader column="volume" label={t('volume')} sort={sort} onSort={onSort} className="num col-wide" />
                <th scope="col" className="col-wide">
                  {t('status')}
                </th>
              </tr>
            </thead>
            <tbody ref={body} hidden={waiting}>
              {/* Keyed by place, not pair: another tab's rows take over the drawn rows' elements, so a tap
                  changes their texts instead of making 25 new rows to style (docs/decisions/pages.md
                  "Markets table: rows drawn"). A row holds no state of its own. */}
              {/* A row gets the formatting chunk with its first ticker: the chunk's arrival renders no row. */}
              {shown.map((row, place) => {
                const ticker = rowTickers.tickers[row.symbolId]
                return (
                  <MarketRow
                    key={place}
                    row={row}
                    initial={initialFigures.of(row.symbolId)}
                    ticker={ticker}
                    format={ticker ? format : null}
                    starred={favourites.has(row.symbolId)}
                    lang={lang}
                    locale={locale}
                    text={rowText}
                    onToggleFavourite={toggleFavourite}
                  />
                )
              })}
            </tbody>
          </table>
        </fieldset>
        {!waiting && shown.length < total ? (
          <button type="button" className="show-all" disabled={!hydrated} onClick={() => startTransition(() => setShowAll(true))} data-testid="show-all">
            {t('showAll')} ({total})
          </button>
        ) : null}
      </div>
    </div>
  )
}

'use client'

import { useDeferredValue, useState } from 'react'
import Link from 'next/link'
import { useLocale, useTranslations } from 'next-intl'
import { filterSymbols, type SymbolRow, type SymbolListView } from '@/lib/symbol-view/view'
import { searchMarkets } from '@/lib/symbol-view/search'
import { nextSort, sortRows, type SortKey, type TickerMap } from '@/lib/symbol-view/sort'
import type { MarketsTab } from '@/lib/symbol-view/url-state'
import type { Figures } from '@/lib/market-data/figures'
import type { SymbolCacheSeed } from '@/lib/symbols/seed'
import { ProvenanceBadge } from '../ProvenanceBadge'
import { formatVolume } from '../format'
import { useSymbolList } from './useSymbolList'
import { useMarketsUrl } from './useMarketsUrl'
import { useFavourites } from './useFavourites'
import { LoadFailureNotice } from './LoadFailureNotice'
import { MarketTabs } from './MarketTabs'
import { SortHeader } from './SortHeader'
import { useHydrated } from '../useHydrated'
import { PriceCells, TurnoverHead, useMarketFigures } from '../market/MarketCells'

const tabId = (tab: MarketsTab) => (tab.kind === 'quote' ? tab.tokenId : tab.kind)

/** The rows a tab shows; a search looks through every group (docs/decisions.md "Markets table: sort, search, URL state"). */
function selectRows(view: SymbolListView, tab: MarketsTab, tag: string | null, query: string, favourites: ReadonlySet<string>): SymbolRow[] {
  if (query.trim()) return searchMarkets(view, query)
  if (tab.kind !== 'favourites') return filterSymbols(view, { tab, tag, query: '' })
  const seen = new Set<string>()
  return view.groups.flatMap((g) => g.rows).filter((row) => favourites.has(row.symbolId) && !seen.has(row.symbolId) && Boolean(seen.add(row.symbolId)))
}

/** The rows' upstream decimals, which price and change sort by. */
function tickerMap(figures: Readonly<Record<string, Figures>>): TickerMap {
  return new Map(Object.entries(figures).map(([symbolId, f]) => [symbolId, { lastPrice: f.raw?.last, change24h: f.raw?.change }]))
}

/** `figures`: the server-formatted price, change and turnover per pair, updated live after hydration. */
export function SymbolList({
  initial,
  seed,
  lang,
  figures: initialFigures = {},
}: {
  initial: SymbolListView
  /** The browser's cache seed (lib/symbols/seed.ts): absent unless the list is live. */
  seed?: SymbolCacheSeed
  lang: string
  figures?: Readonly<Record<string, Figures>>
}) {
  const t = useTranslations('Markets')
  const locale = useLocale()
  // `locale` formats figures (it may carry -u-nu-latn); requests carry the plain BCP 47 tag.
  const view = useSymbolList(initial, seed, { code: lang, locale: new Intl.Locale(locale).baseName })
  // Tabs, tags and search are JavaScript: inert until hydrated, so no early input is lost.
  const hydrated = useHydrated()
  const [url, setUrl] = useMarketsUrl()
  const [favourites, toggleFavourite] = useFavourites()
  const first = view.groups.find((g) => !g.isFiat) ?? view.groups[0]
  const fallbackTab: MarketsTab = first ? (first.isFiat ? { kind: 'fiat' } : { kind: 'quote', tokenId: first.tokenId }) : { kind: 'fiat' }
  const known = (tab: MarketsTab) => tab.kind === 'favourites' || (tab.kind === 'fiat' ? view.groups.some((g) => g.isFiat) : view.groups.some((g) => !g.isFiat && g.tokenId === tab.tokenId))
  const tab = url.tab && known(url.tab) ? url.tab : fallbackTab
  const [tag, setTag] = useState<string | null>(null)
  const deferredQuery = useDeferredValue(url.query)
  const selected = selectRows(view, tab, tag, deferredQuery, favourites)
  const [figures, liveFeed] = useMarketFigures(initialFigures, selected, locale)
  const rows = sortRows(selected, url.sort, tickerMap(figures))
  const hasFiat = view.groups.some((g) => g.isFiat)
  const tags = tab.kind === 'quote' && !url.query.trim() ? (view.groups.find((g) => g.tokenId === tab.tokenId)?.tags ?? []) : []
  const items = [
    { id: 'favourites', label: t('favourites') },
    ...view.groups.filter((g) => !g.isFiat).map((g) => ({ id: g.tokenId, label: g.tokenName })),
    ...(hasFiat ? [{ id: 'fiat', label: t('fiat') }] : []),
  ]
  const selectTab = (id: string) => {
    setTag(null)
    setUrl({ ...url, query: '', tab: id === 'favourites' || id === 'fiat' ? { kind: id } : { kind: 'quote', tokenId: id } })
  }
  const onSort = (key: SortKey) => setUrl({ ...url, tab, sort: nextSort(url.sort, key) })

  return (
    <div className="markets">
      <ProvenanceBadge provenance={view.provenance} />
      <LoadFailureNotice lang={lang} />
      {liveFeed}
      <div className="markets-tools">
        <MarketTabs items={items} selected={url.query.trim() ? '' : tabId(tab)} onSelect={selectTab} panelId="markets-panel" disabled={!hydrated} label={t('quoteGroups')} />
        <input type="search" readOnly={!hydrated} aria-label={t('searchLabel')} placeholder={t('searchPlaceholder')} value={url.query} onChange={(e) => setUrl({ ...url, query: e.target.value })} data-testid="market-search" />
      </div>
      {tags.length > 0 ? (
        <div className="tags" aria-label={t('tags')}>
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
      <div id="markets-panel" role="tabpanel" aria-labelledby={url.query.trim() ? undefined : `tab-${tabId(tab)}`} aria-label={url.query.trim() ? t('searchLabel') : undefined}>
        <p className="count" aria-live="polite">{t('count', { count: rows.length })}</p>
        {rows.length === 0 ? <p>{tab.kind === 'favourites' && !url.query.trim() ? t('favouritesEmpty') : t('noResults', { query: url.query })}</p> : null}
        {/* Its own scroll box: a row of long figures (an 11-decimal price) never widens the page. */}
        <div className="table-scroll">
          <table className="market-table" data-testid="market-table">
            <thead>
              <tr>
                <SortHeader column="name" label={t('pair')} sort={url.sort} onSort={onSort} disabled={!hydrated} />
                <SortHeader column="price" label={t('price')} sort={url.sort} onSort={onSort} disabled={!hydrated} className="num" />
                <SortHeader column="change" label={t('change')} sort={url.sort} onSort={onSort} disabled={!hydrated} className="num" />
                <TurnoverHead />
                <SortHeader column="volume" label={t('volume')} sort={url.sort} onSort={onSort} disabled={!hydrated} className="num col-wide" />
                <th scope="col" className="col-wide">{t('status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const starred = favourites.has(row.symbolId)
                const pair = `${row.base}/${row.quote}`
                return (
                  <tr key={row.symbolId} data-symbol={row.symbolId}>
                    <th scope="row">
                      <button type="button" className="star" disabled={!hydrated} aria-pressed={starred} aria-label={t(starred ? 'removeFavourite' : 'addFavourite', { pair })} onClick={() => toggleFavourite(row.symbolId)} data-testid="favourite">
                        <span aria-hidden="true">{starred ? '★' : '☆'}</span>
                      </button>
                      {/* No viewport prefetch: 600 rows would prefetch 600 pages. */}
                      <Link prefetch={false} className="pair-link" href={`/${lang}/trade/spot/${encodeURIComponent(row.base)}/${encodeURIComponent(row.quote)}`}>
                        {/* One isolated run: on phones the link is a flex box, which would lay BTC, "/" and USDT out right to left. */}
                        <bdi>
                          <span className="base">{row.base}</span>/<span className="quote">{row.quote}</span>
                        </bdi>
                      </Link>{' '}
                      <span className="full-name">{row.name}</span>
                      {row.leveraged ? (
                        <span className={`mark lt-${row.leveraged.direction.toLowerCase()}`}>
                          {t(row.leveraged.direction === 'LONG' ? 'leveragedLong' : 'leveragedShort', { ratio: row.leveraged.ratio ?? '' })}
                        </span>
                      ) : null}
                      {row.test ? <span className="mark">{t('testPair')}</span> : null}
                    </th>
                    <PriceCells figures={figures[row.symbolId]} />
                    <td className="num col-wide" suppressHydrationWarning>{formatVolume(locale, row.volume)}</td>
                    <td className="col-wide">
                      {row.banBuy ? <span className="mark warn">{t('banBuy')}</span> : null}
                      {row.banSell ? <span className="mark warn">{t('banSell')}</span> : null}
                      {!row.banBuy && !row.banSell ? (row.tradeStatus === 1 ? t('trading') : t('suspended')) : null}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  )
}

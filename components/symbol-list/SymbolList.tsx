'use client'

import { useDeferredValue, useState } from 'react'
import Link from 'next/link'
import { useLocale, useTranslations } from 'next-intl'
import { filterSymbols, type SymbolTab, type SymbolListView } from '@/lib/symbol-view/view'
import { ProvenanceBadge } from '../ProvenanceBadge'
import { formatVolume } from '../format'
import { useSymbolList } from './useSymbolList'
import { LoadFailureNotice } from './LoadFailureNotice'
import { useHydrated } from '../useHydrated'
import { PriceCells, PriceHeads, useMarketFigures } from '../market/MarketCells'
import type { Figures } from '@/lib/market-data/figures'

export function SymbolList({ initial, lang, figures: initialFigures = {} }: { initial: SymbolListView; lang: string; figures?: Readonly<Record<string, Figures>> }) {
  const t = useTranslations('Markets')
  const locale = useLocale()
  // `locale` formats figures (it may carry -u-nu-latn); requests carry the plain BCP 47 tag.
  const view = useSymbolList(initial, { code: lang, locale: new Intl.Locale(locale).baseName })
  // Tabs, tags and search are JavaScript: inert until hydrated, so no early input is lost.
  const hydrated = useHydrated()
  const first = view.groups[0]
  const [tab, setTab] = useState<SymbolTab>(first ? { kind: 'quote', tokenId: first.tokenId } : { kind: 'fiat' })
  const [tag, setTag] = useState<string | null>(null)
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const rows = filterSymbols(view, { tab, tag, query: deferredQuery })
  const [figures, liveFeed] = useMarketFigures(initialFigures, rows, locale)
  const quoteGroups = view.groups.filter((g) => !g.isFiat)
  const hasFiat = view.groups.some((g) => g.isFiat)
  const tags = tab.kind === 'quote' ? (view.groups.find((g) => g.tokenId === tab.tokenId)?.tags ?? []) : []
  const selectTab = (next: SymbolTab) => {
    setTab(next)
    setTag(null)
  }

  return (
    <div className="markets">
      <ProvenanceBadge provenance={view.provenance} />
      <LoadFailureNotice lang={lang} />
      {liveFeed}
      <div className="markets-tools">
        <div role="tablist" className="tabs">
          {quoteGroups.map((group) => (
            <button key={group.tokenId} role="tab" type="button" disabled={!hydrated} aria-selected={tab.kind === 'quote' && tab.tokenId === group.tokenId} onClick={() => selectTab({ kind: 'quote', tokenId: group.tokenId })}>
              {group.tokenName}
            </button>
          ))}
          {hasFiat ? (
            <button role="tab" type="button" disabled={!hydrated} aria-selected={tab.kind === 'fiat'} onClick={() => selectTab({ kind: 'fiat' })}>
              {t('fiat')}
            </button>
          ) : null}
        </div>
        <input type="search" readOnly={!hydrated} aria-label={t('searchLabel')} placeholder={t('searchPlaceholder')} value={query} onChange={(e) => setQuery(e.target.value)} data-testid="market-search" />
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
      <p className="count">{t('count', { count: rows.length })}</p>
      {rows.length === 0 ? <p>{t('noResults', { query })}</p> : null}
      <table className="market-table" data-testid="market-table">
        <thead>
          <tr>
            <th scope="col">{t('pair')}</th>
            <PriceHeads />
            <th scope="col">{t('volume')}</th>
            <th scope="col">{t('status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.symbolId} data-symbol={row.symbolId}>
              <th scope="row">
                {/* No viewport prefetch: 600 rows would prefetch 600 pages. */}
                <Link prefetch={false} href={`/${lang}/trade/spot/${encodeURIComponent(row.base)}/${encodeURIComponent(row.quote)}`}>
                  <span className="base">{row.base}</span>/<span className="quote">{row.quote}</span>
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
              <td suppressHydrationWarning>{formatVolume(locale, row.volume)}</td>
              <td>
                {row.banBuy ? <span className="mark warn">{t('banBuy')}</span> : null}
                {row.banSell ? <span className="mark warn">{t('banSell')}</span> : null}
                {!row.banBuy && !row.banSell ? (row.tradeStatus === 1 ? t('trading') : t('suspended')) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

'use client'

import { memo } from 'react'
import Link from 'next/link'
import type { SymbolRow } from '@/lib/symbol-view/view'
import type { Figures } from '@/lib/market-data/figures'
import type { MarketTicker } from '@/lib/market-data/tickers'
import type { FiguresModule } from '../market/useLiveTickerFeed'
import { formatVolume } from '../format'
import { PriceCells } from '../market/MarketCells'
import type { RowText } from './row-text'

export interface MarketRowProps {
  row: SymbolRow
  /** The figures the server formatted into the page. */
  initial: Figures | undefined
  /** The live ticker once one arrived, and the chunk that formats it. */
  ticker: MarketTicker | undefined
  format: FiguresModule | null
  starred: boolean
  lang: string
  locale: string
  /** The row's translated texts (row-text.ts), the same object for every row. */
  text: RowText
  onToggleFavourite: (symbolId: string) => void
}

/**
 * One pair of the markets table. Memoised: a push that moves ten prices re-renders ten rows, not
 * the whole table (docs/decisions/pages.md "Rendering without long tasks"); every prop keeps its
 * identity while the pair's data does. No prop follows the hydration: the table's fieldset
 * disables the star until then, so the hydration flip renders no row again.
 */
export const MarketRow = memo(function MarketRow({ row, initial, ticker, format, starred, lang, locale, text, onToggleFavourite }: MarketRowProps) {
  return (
    <tr data-symbol={row.symbolId}>
      <PairHead row={row} starred={starred} lang={lang} text={text} onToggleFavourite={onToggleFavourite} />
      <PriceCells initial={initial} ticker={ticker} format={format} step={row.priceStep} locale={locale} />
      <VolumeCell volume={row.volume} locale={locale} />
      <StatusCell row={row} text={text} />
    </tr>
  )
})

type PairHeadProps = Pick<MarketRowProps, 'row' | 'starred' | 'lang' | 'text' | 'onToggleFavourite'>

/**
 * The row's head: star, link, name and marks. Memoised apart from the figures: a push renders the
 * price cells again, not the half of the row that only the list changes.
 */
const PairHead = memo(function PairHead({ row, starred, lang, text, onToggleFavourite }: PairHeadProps) {
  const pair = `${row.base}/${row.quote}`
  return (
    <th scope="row">
      <button
        type="button"
        className="star"
        aria-pressed={starred}
        aria-label={starred ? text.removeFavourite(pair) : text.addFavourite(pair)}
        onClick={() => onToggleFavourite(row.symbolId)}
        data-testid="favourite"
      >
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
          {(row.leveraged.direction === 'LONG' ? text.leveragedLong : text.leveragedShort)(String(row.leveraged.ratio ?? ''))}
        </span>
      ) : null}
      {row.test ? <span className="mark">{text.testPair}</span> : null}
    </th>
  )
})

/** Trading, suspended, or the pair's buy/sell bans: from the list, so a push leaves it alone. */
const StatusCell = memo(function StatusCell({ row, text }: Pick<MarketRowProps, 'row' | 'text'>) {
  return (
    <td className="col-wide">
      {row.banBuy ? <span className="mark warn">{text.banBuy}</span> : null}
      {row.banSell ? <span className="mark warn">{text.banSell}</span> : null}
      {!row.banBuy && !row.banSell ? (row.tradeStatus === 1 ? text.trading : text.suspended) : null}
    </td>
  )
})

/**
 * The pair's 24h volume from the list, formatted with the page's figure formats: the server's, so
 * hydration finds the text the server wrote and the cell needs no hydration flip. Memoised: a push
 * renders the row's price cells, and the volume, which it did not change, is not formatted again.
 */
const VolumeCell = memo(function VolumeCell({ volume, locale }: { volume: string; locale: string }) {
  return <td className="num col-wide">{formatVolume(locale, volume)}</td>
})

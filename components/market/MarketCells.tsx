'use client'

import { memo, useMemo } from 'react'
import { useTranslations } from 'next-intl'
import { NO_DATA } from '@/lib/market-data/constants'
import type { Figures } from '@/lib/market-data/figures'
import type { MarketTicker } from '@/lib/market-data/tickers'
import { Change } from './Change'
import { useLiveTickerFeed, type FiguresModule } from './useLiveTickerFeed'

/** Pairs the markets page follows over the websocket: the first rows shown (docs/decisions/client-wiring.md "Live prices: websocket, else polling"). */
export const MARKETS_STREAM_PAIRS = 100
/** The markets page polls every pair in one request, so less often than a pair page. */
export const MARKETS_POLL_MS = 30_000

/** The markets page's live tickers for the rows shown (the first MARKETS_STREAM_PAIRS over the websocket). */
export function useMarketTickers(shown: readonly { symbolId: string }[]) {
  const symbols = useMemo(() => shown.slice(0, MARKETS_STREAM_PAIRS).map((row) => row.symbolId), [shown])
  return useLiveTickerFeed({ symbols, pollMs: MARKETS_POLL_MS })
}

/** The turnover column's head; price and change heads are the table's sortable ones. */
export function TurnoverHead() {
  const t = useTranslations('Market')
  return (
    <th scope="col" className="num col-wide">
      {t('turnover')}
    </th>
  )
}

export interface PriceCellsProps {
  /** The figures the server formatted into the page. */
  initial: Figures | undefined
  /** The pair's live ticker, once one arrived; shown once `format` has loaded. */
  ticker: MarketTicker | undefined
  format: FiguresModule | null
  step: string
  locale: string
}

/**
 * A row's last price (at the pair's step), 24h change and 24h turnover; dashes when the pair has
 * no ticker. The row formats its own ticker (memoised per ticker object in lib/market-data/figures).
 */
export const PriceCells = memo(function PriceCells({ initial, ticker, format, step, locale }: PriceCellsProps) {
  const figures = ticker && format ? format.rowFiguresOf(ticker, step, locale) : initial
  return (
    <>
      <td className="num" data-testid="row-price">
        <bdi>{figures?.last ?? NO_DATA}</bdi>
      </td>
      <td className="num">
        <Change change={figures?.change} />
      </td>
      <td className="num col-wide">
        <bdi>{figures?.turnover ?? NO_DATA}</bdi>
      </td>
    </>
  )
})

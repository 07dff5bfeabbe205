'use client'

import { useTranslations } from 'next-intl'
import { NO_DATA } from '@/lib/market-data/constants'
import type { Figures } from '@/lib/market-data/figures'
import { Change } from './Change'
import { useLiveFigures } from './useLiveFigures'

/** Pairs the markets page follows over the websocket: the first rows shown (docs/decisions.md "Live prices: websocket, else polling"). */
export const MARKETS_STREAM_PAIRS = 100
/** The markets page polls every pair in one request, so less often than a pair page. */
export const MARKETS_POLL_MS = 30_000

/** The markets page's live row figures, starting from the ones the server formatted into the page. */
export function useMarketFigures(initial: Readonly<Record<string, Figures>>, shown: readonly { symbolId: string; priceStep: string }[], locale: string) {
  const steps = new Map(shown.map((row) => [row.symbolId, row.priceStep]))
  const symbols = shown.slice(0, MARKETS_STREAM_PAIRS).map((row) => row.symbolId)
  return useLiveFigures(initial, (symbol) => steps.get(symbol), locale, { symbols, pollMs: MARKETS_POLL_MS, rows: true })
}

/** The turnover column's head; price and change heads are the table's sortable ones. */
export function TurnoverHead() {
  const t = useTranslations('Market')
  return <th scope="col" className="num col-wide">{t('turnover')}</th>
}

/** A row's last price (at the pair's step), 24h change and 24h turnover; dashes when the pair has no ticker. */
export function PriceCells({ figures }: { figures: Figures | undefined }) {
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
}

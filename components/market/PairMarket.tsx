'use client'

import { startTransition, Suspense, useEffect, useState } from 'react'
import type { DerivedSymbol } from '@/lib/symbols/derive'
import type { ChartInterval } from '@/lib/market-data/kline'
import type { Figures } from '@/lib/market-data/figures'
import type { ChartTimeFormats } from '@/lib/market-data/chart-time'
import { PairPrice } from './PairPrice'

import { browserIdle, browserTimers } from '@/lib/browser-runtime/browser-env'
import { IDLE_AFTER_HYDRATION, whenQuiet } from '@/lib/engine-kit/later-task'
import { lazyChunk } from '../lazy-chunk'

// The chart (its component, the kline parsing and, inside it, lightweight-charts) loads after the
// first paint; the placeholder holds its place so nothing shifts (docs/decisions/pages.md "Price chart").
const PriceChart = lazyChunk(() => import('./PriceChart').then((m) => m.PriceChart))
const placeholder = <div className="price-chart" aria-hidden="true" />

/** The pair page's market block: live price and stats, and the chart (whose live candle shares the price's socket). */
export function PairMarket({
  pair,
  figures,
  locale,
  chartTimes,
}: {
  // Only what it uses: every prop is serialised into the page (docs/decisions/pages.md "What a pair page's render serialises").
  pair: Pick<DerivedSymbol, 'symbolId' | 'baseTokenName' | 'quoteTokenName' | 'minPricePrecision'>
  figures: Figures
  locale: string
  chartTimes: ChartTimeFormats
}) {
  const [interval, setInterval] = useState<ChartInterval>('60')
  // In a transition: the tap's own task only dispatches; the price's topics and the chart follow in
  // slices React can interrupt (docs/decisions/pages.md "Rendering without long tasks").
  const chooseInterval = (next: ChartInterval) => startTransition(() => setInterval(next))
  // Rendered (and so imported) only once hydrated and idle, at most 2 s on: on a low-tier phone its
  // chunk, first render and candles would share the hydration's busiest seconds with the price.
  // The server HTML and the first paint have the placeholder.
  const [chartDue, setChartDue] = useState(false)
  useEffect(() => whenQuiet(browserTimers, browserIdle(), () => startTransition(() => setChartDue(true)), IDLE_AFTER_HYDRATION), [])
  return (
    <>
      <PairPrice
        symbol={pair.symbolId}
        base={pair.baseTokenName}
        quote={pair.quoteTokenName}
        step={pair.minPricePrecision}
        initial={figures}
        locale={locale}
        topics={[`kline.${interval}.${pair.symbolId}`]}
      />
      {chartDue ? (
        <Suspense fallback={placeholder}>
          <PriceChart
            symbol={pair.symbolId}
            step={pair.minPricePrecision}
            locale={locale}
            chartTimes={chartTimes}
            interval={interval}
            onInterval={chooseInterval}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </>
  )
}

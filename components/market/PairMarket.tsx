'use client'

import { startTransition, Suspense, useEffect, useState } from 'react'
import type { DerivedSymbol } from '@/lib/symbols/derive'
import type { ChartInterval } from '@/lib/market-data/kline'
import type { Figures } from '@/lib/market-data/figures'
import type { ChartTimeFormats } from '@/lib/market-data/chart-time'
import { bookTopic, tradeTopic } from '@/lib/market-data/book-topics'
import { createMarketChannel } from '@/lib/market-data/market-channel'
import { PairPrice } from './PairPrice'
import { MarketChannelContext } from './market-channel'
import type { BookLabels } from '../book/labels'
import './pair-market.css'

import { useClientSnapshot, useHydrated } from '../useHydrated'
import { browserIdle, browserTimers } from '@/lib/browser-runtime/browser-env'
import { IDLE_AFTER_HYDRATION, whenQuiet } from '@/lib/engine-kit/later-task'
import { lazyChunk } from '../lazy-chunk'

// The chart (its component, the kline parsing and, inside it, lightweight-charts) loads after the
// first paint; the placeholder holds its place so nothing shifts (docs/decisions/pages.md "Price chart").
const PriceChart = lazyChunk(() => import('./PriceChart').then((m) => m.PriceChart))
const placeholder = <div className="price-chart" aria-hidden="true" />
// The book and the trades: a chunk loaded after hydration too (docs/decisions/pages.md "The order book and trades on the pair page").
const BookPanel = lazyChunk(() => import('../book/BookPanel').then((m) => m.default))

const noChange = () => () => {}
const bookOff = () => new URLSearchParams(window.location.search).get('book') === 'off'

/** The pair page's market block: live price and stats, the chart, and the order book with the recent trades (all on the price's socket). */
export function PairMarket({
  pair,
  figures,
  locale,
  chartTimes,
  bookLabels,
}: {
  // Only what it uses: every prop is serialised into the page (docs/decisions/pages.md "What a pair page's render serialises").
  pair: Pick<DerivedSymbol, 'symbolId' | 'baseTokenName' | 'quoteTokenName' | 'minPricePrecision' | 'digitMergeSteps' | 'quantityPrecision'>
  figures: Figures
  locale: string
  chartTimes: ChartTimeFormats
  /** The book panel's words (the pair page's own, not every page's client messages). */
  bookLabels: BookLabels
}) {
  const [interval, setInterval] = useState<ChartInterval>('60')
  // In a transition: the tap's own task only dispatches; the price's topics and the chart follow in
  // slices React can interrupt (docs/decisions/pages.md "Rendering without long tasks").
  const chooseInterval = (next: ChartInterval) => startTransition(() => setInterval(next))
  // Rendered (and so imported) only once hydrated: the server HTML and the first paint have the placeholder.
  const hydrated = useHydrated()
  const [channel] = useState(createMarketChannel)
  // `?book=off`: the same page without the book, its chunk and its topics (the bench's comparison).
  const book = !useClientSnapshot(noChange, bookOff, false)
  // The server HTML reserves the book's space and names what loads there.
  const bookPlaceholder = (
    <section className="book-panel" aria-label={bookLabels.title} data-testid="book-panel" data-state="waiting">
      <p className="book-loading">{bookLabels.loading}</p>
    </section>
  )
  // The chart renders (and so imports) once hydrated and idle, at most 2 s on: on a low-tier phone its
  // chunk, first render and candles would share the hydration's busiest seconds with the price.
  const [chartDue, setChartDue] = useState(false)
  useEffect(() => whenQuiet(browserTimers, browserIdle(), () => startTransition(() => setChartDue(true)), IDLE_AFTER_HYDRATION), [])
  return (
    <MarketChannelContext.Provider value={channel}>
      <PairPrice
        symbol={pair.symbolId}
        base={pair.baseTokenName}
        quote={pair.quoteTokenName}
        step={pair.minPricePrecision}
        initial={figures}
        locale={locale}
        topics={book ? [`kline.${interval}.${pair.symbolId}`, bookTopic(pair.symbolId), tradeTopic(pair.symbolId)] : [`kline.${interval}.${pair.symbolId}`]}
      />
      <div className="pair-market">
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
        {hydrated && book ? (
          <Suspense fallback={bookPlaceholder}>
            <BookPanel
              symbol={pair.symbolId}
              steps={pair.digitMergeSteps}
              priceStep={pair.minPricePrecision}
              quantityPlaces={pair.quantityPrecision}
              locale={locale}
              labels={bookLabels}
            />
          </Suspense>
        ) : (
          bookPlaceholder
        )}
      </div>
    </MarketChannelContext.Provider>
  )
}

'use client'

import { useState } from 'react'
import type { DerivedSymbol } from '@/lib/symbols/derive'
import type { ChartInterval } from '@/lib/market-data/kline'
import type { Figures } from '@/lib/market-data/figures'
import { PairPrice } from './PairPrice'
import { PriceChart } from './PriceChart'

/** The pair page's market block: live price and stats, and the chart (whose live candle shares the price's socket). */
export function PairMarket({ pair, figures, locale, chartLocale }: { pair: DerivedSymbol; figures: Figures; locale: string; chartLocale: string }) {
  const [interval, setInterval] = useState<ChartInterval>('60')
  return (
    <>
      <PairPrice symbol={pair.symbolId} base={pair.baseTokenName} quote={pair.quoteTokenName} step={pair.minPricePrecision} initial={figures} locale={locale} topics={[`kline.${interval}.${pair.symbolId}`]} />
      <PriceChart symbol={pair.symbolId} step={pair.minPricePrecision} locale={locale} chartLocale={chartLocale} interval={interval} onInterval={setInterval} />
    </>
  )
}

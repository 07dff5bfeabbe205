'use client'

import { useMemo } from 'react'
import { formatTickMark, tickMarkTypeOf, type ChartTimeFormats } from '@/lib/market-data/chart-time'
import { layoutCandlePreview, priceGutter } from '@/lib/market-data/candle-preview'
import { chartPriceFormatter } from '@/lib/market-data/format'
import type { Candle } from '@/lib/market-data/kline'

/**
 * The chart as an SVG until it is touched: the candles, the price and time scales and the last
 * price, laid out as the library's first frame (lib/market-data/candle-preview.ts). Decorative to
 * assistive technology, as the library's canvas is; the price block says the figures.
 */
export function CandlePreview({
  candles,
  width,
  height,
  step,
  locale,
  chartTimes,
}: {
  candles: readonly Candle[]
  width: number
  height: number
  step: string
  locale: string
  chartTimes: ChartTimeFormats
}) {
  // One writer per pair and locale, so the scale's labels are written once, not on every live tick.
  const price = useMemo(() => chartPriceFormatter(step, locale), [step, locale])
  // The scale is as wide as its labels, sized by the newest high's (one more digit of room).
  const newest = candles.at(-1)
  const layout = layoutCandlePreview(candles, width, height, Number(step) || 0, priceGutter((newest ? price(newest.high).length : 8) + 1))
  if (!layout) return null
  const labelX = layout.plotWidth + 8
  return (
    <svg className="candle-preview" width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" data-candles={layout.count}>
      <g className="grid">
        {layout.prices.map((p) => (
          <line key={p.value} x1={0} x2={layout.plotWidth} y1={p.y} y2={p.y} />
        ))}
        {layout.times.map((t) => (
          <line key={t.start} x1={t.x} x2={t.x} y1={0} y2={layout.plotHeight} />
        ))}
      </g>
      <path className="rise" d={layout.rise} />
      <path className="fall" d={layout.fall} />
      <line className={`last ${layout.last.rising ? 'rise' : 'fall'}`} x1={0} x2={layout.plotWidth} y1={layout.last.y} y2={layout.last.y} />
      <g className="labels">
        {layout.prices
          .filter((p) => Math.abs(p.y - layout.last.y) > 14)
          .map((p) => (
            <text key={p.value} x={labelX} y={p.y} dominantBaseline="middle">
              {price(p.value)}
            </text>
          ))}
        {layout.times.map((t) => (
          <text key={t.start} x={t.x} y={layout.plotHeight + 16} textAnchor="middle">
            {formatTickMark(chartTimes, t.start / 1000, tickMarkTypeOf(t.start)) ?? ''}
          </text>
        ))}
        <text
          className={`last-price ${layout.last.rising ? 'rise' : 'fall'}`}
          x={labelX}
          y={layout.last.y}
          dominantBaseline="middle"
          data-testid="preview-last"
        >
          {price(layout.last.value)}
        </text>
      </g>
    </svg>
  )
}

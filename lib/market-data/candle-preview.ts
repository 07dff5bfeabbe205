/**
 * The price chart before anyone touches it: the newest candles laid out as lightweight-charts
 * lays out its first frame (6 px per candle, the newest at the right edge, the price scale at the
 * right, the time scale below), drawn as two SVG paths, one per direction. The library itself
 * (its chunk, its canvas, its draws) loads on the first touch, hover or wheel over the chart
 * (docs/decisions/pages.md "Price chart").
 *
 * Pure: no next, react, DOM or lightweight-charts.
 */
import { tickMarkTypeOf } from './chart-time'
import type { Candle } from './kline'

/** lightweight-charts' default bar spacing, px. */
export const PREVIEW_BAR_SPACING = 6
/** Room below for the time labels, px; the room at the right for the price labels is `priceGutter`'s. */
export const TIME_GUTTER = 24
/** The price scale's width for labels of `chars` characters (12 px system font, as the library sizes its scale to its labels). */
export const priceGutter = (chars: number) => Math.ceil(chars * 7.2 + 18)
/** Space kept free above the highest high and below the lowest low, as fractions of the plot (the library's default margins). */
const MARGIN_TOP = 0.2
const MARGIN_BOTTOM = 0.1
/** About this many px between two time labels, and this many price labels. */
const TIME_LABEL_GAP = 84
const PRICE_LABELS = 4

export interface PreviewLayout {
  /** Fill paths (body and a 1 px wick per candle) of the rising and falling candles. */
  rise: string
  fall: string
  /** Price labels: the value and its y, at multiples of a round step no finer than the pair's. */
  prices: { y: number; value: number }[]
  /** Time labels: a candle's start (ms) and its x. */
  times: { x: number; start: number }[]
  /** The last close, where the scale marks it. */
  last: { y: number; value: number; rising: boolean }
  /** Candles drawn, the newest of those given. */
  count: number
  /** Where the plot ends and the price labels begin. */
  plotWidth: number
  plotHeight: number
}

const round = (n: number) => Math.round(n * 10) / 10

/** A round step (1, 2 or 5 × 10^k) that splits `range` into about `parts`, no finer than `minStep`. */
export function niceStep(range: number, parts: number, minStep = 0): number {
  const raw = range > 0 ? range / parts : Math.max(minStep, Number.MIN_VALUE)
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const norm = raw / magnitude
  const step = (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * magnitude
  return Math.max(step, minStep)
}

/**
 * How much a candle's start deserves a time label, as the library weighs its tick marks: a year,
 * month or day boundary first, then round hours, then the rest.
 */
function labelWeight(start: number): number {
  const type = tickMarkTypeOf(start)
  if (type < 3) return 100 - type * 10
  const minutes = Math.floor(start / 60_000) % 1440
  return minutes % 360 === 0 ? 60 : minutes % 180 === 0 ? 55 : minutes % 60 === 0 ? 50 : minutes % 30 === 0 ? 40 : 30
}

/**
 * Lays out the newest candles that fit a `width` × `height` box whose price scale is `gutter` px
 * wide, or null when there is nothing to draw (no candles, or a box too small for one).
 * `minStep` is the pair's price step.
 */
export function layoutCandlePreview(candles: readonly Candle[], width: number, height: number, minStep = 0, gutter = priceGutter(8)): PreviewLayout | null {
  const plotWidth = Math.floor(width - gutter)
  const plotHeight = Math.floor(height - TIME_GUTTER)
  const fit = Math.floor(plotWidth / PREVIEW_BAR_SPACING)
  if (candles.length === 0 || fit < 1 || plotHeight < 10) return null
  const shown = candles.slice(-fit)
  let lo = Infinity
  let hi = -Infinity
  for (const c of shown) {
    lo = Math.min(lo, c.low)
    hi = Math.max(hi, c.high)
  }
  // One price only: a band around it, so the candles sit mid-plot.
  if (!(hi > lo)) {
    const pad = Math.max(Math.abs(lo) * 0.001, minStep, 1e-8)
    lo -= pad
    hi += pad
  }
  const top = plotHeight * MARGIN_TOP
  const span = plotHeight * (1 - MARGIN_TOP - MARGIN_BOTTOM)
  const y = (price: number) => round(top + ((hi - price) / (hi - lo)) * span)
  const body = Math.max(1, Math.floor(PREVIEW_BAR_SPACING * 0.8))
  // The middle of the i-th shown candle: the newest half a spacing left of the price scale.
  const centreOf = (i: number) => plotWidth - (shown.length - i - 0.5) * PREVIEW_BAR_SPACING
  const rise: string[] = []
  const fall: string[] = []
  shown.forEach((c, i) => {
    const centre = centreOf(i)
    const left = round(centre - body / 2)
    const yOpen = y(c.open)
    const yClose = y(c.close)
    const bodyTop = Math.min(yOpen, yClose)
    const bodyHeight = Math.max(1, round(Math.abs(yOpen - yClose)))
    const wickLeft = round(centre - 0.5)
    const path = `M${wickLeft} ${y(c.high)}h1V${y(c.low)}h-1ZM${left} ${bodyTop}h${body}v${bodyHeight}h-${body}Z`
    ;(c.close >= c.open ? rise : fall).push(path)
  })
  const step = niceStep(hi - lo, PRICE_LABELS, minStep)
  const prices: PreviewLayout['prices'] = []
  for (let k = Math.ceil(lo / step); k * step <= hi && prices.length < 20; k++) {
    const value = k * step
    const at = y(value)
    if (at >= 8 && at <= plotHeight - 4) prices.push({ y: at, value })
  }
  // Time labels at least TIME_LABEL_GAP apart, the weightiest starts first, then the newest.
  const ranked = shown.map((c, i) => ({ i, weight: labelWeight(c.start) })).sort((a, b) => b.weight - a.weight || b.i - a.i)
  const times: PreviewLayout['times'] = []
  for (const { i } of ranked) {
    const x = round(centreOf(i))
    if (x >= 24 && x <= plotWidth - 24 && times.every((t) => Math.abs(t.x - x) >= TIME_LABEL_GAP)) times.push({ x, start: shown[i]!.start })
  }
  times.sort((a, b) => a.x - b.x)
  const newest = shown.at(-1)!
  return {
    rise: rise.join(''),
    fall: fall.join(''),
    prices,
    times,
    last: { y: y(newest.close), value: newest.close, rising: newest.close >= newest.open },
    count: shown.length,
    plotWidth,
    plotHeight,
  }
}

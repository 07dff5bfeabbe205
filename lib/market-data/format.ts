/**
 * Market figures for display: prices at the pair's price step, rounded as text (no float
 * rounding of a decimal string: ./decimal-text.ts), the page's locale separators, Latin digits
 * (docs/decisions/pages.md "Figure formats from the server"), and a change that carries sign and
 * arrow, not colour alone.
 */
import { figureFormatsOf, formatPercentChange, formatTimeWith, TIME_OPTIONS } from '../i18n/figure-formats'
import { NO_DATA } from './constants'
import { CHANGE_ARROW, type Direction } from './arrow'
import { isZero, readPlainDecimal, roundedHalfUp, significantPlaces, toNumber, writeDecimal } from './decimal-text'

export { NO_DATA }

/**
 * The locale's grouping and decimal separators, from its figure formats (read from Intl once on
 * the server, handed to the browser with the page: lib/i18n/figure-formats.ts).
 */
export function separators(locale: string): { group: string; decimal: string } {
  return figureFormatsOf(locale)
}

/**
 * The places a figure is shown with at `step`: "0.01" → 2, "1" and "10" → 0, and 0 for a step
 * that is not a plain decimal > 0, so a bad step still shows a figure. Not lib/symbols'
 * stepDecimals, which validates a step and answers null for a bad one.
 */
export function displayDecimals(step: string): number {
  const n = readPlainDecimal(step)
  return n && !n.negative && !isZero(n) ? significantPlaces(n) : 0
}

/** A plain decimal string at `places` (rounded half-up), grouped in the locale's separators, or a dash. */
function formatAt(value: string | undefined, places: number, locale: string): string {
  const n = readPlainDecimal(value)
  return n ? writeDecimal(roundedHalfUp(n, places), separators(locale)) : NO_DATA
}

/** A decimal string at `step`'s places (rounded half-up, as the exchange shows), or a dash. */
export function formatPrice(value: string | undefined, step: string, locale: string): string {
  return formatAt(value, displayDecimals(step), locale)
}

/**
 * A pair's limit or step as the upstream wrote it, every place kept, in the locale's separators:
 * "4000000" → "4,000,000", "0.00001" → "0.00001" (de: "0,00001"). Text that is not a plain decimal
 * shows as it came, so an odd upstream value is still seen (docs/decisions/pages.md "Figures as text").
 */
export function formatDecimal(value: string, locale: string): string {
  const n = readPlainDecimal(value)
  return n ? writeDecimal(n, separators(locale)) : value
}

/** How many labels a chart's writer remembers (a price scale's round values recur on every tick). */
const CHART_LABELS_KEPT = 512

/**
 * The price chart's label writer, for the library's price scale and the preview's: a chart price
 * (a float) at `step`'s places, then as formatPrice writes it. It remembers what it wrote: the
 * preview draws its scale again on every live tick, with the same round values.
 */
export function chartPriceFormatter(step: string, locale: string): (price: number) => string {
  const decimals = displayDecimals(step)
  const written = new Map<number, string>()
  return (price) => {
    let text = written.get(price)
    if (text === undefined) {
      text = formatPrice(price.toFixed(decimals), step, locale)
      if (written.size >= CHART_LABELS_KEPT) written.clear()
      written.set(price, text)
    }
    return text
  }
}

/** A large amount (volume, turnover) with two places and grouping, or a dash. */
export function formatAmount(value: string | undefined, locale: string, places = 2): string {
  return formatAt(value, places, locale)
}

export type { Direction }

export interface Change {
  direction: Direction
  /** "+2.28 %"-style text with sign, in the locale's percent format. */
  text: string
  arrow: (typeof CHANGE_ARROW)[Direction]
}

/** price24hPcnt ("0.0228") as a signed percentage with its direction and arrow. */
export function formatChange(fraction: string | undefined, locale: string): Change | undefined {
  const n = readPlainDecimal(fraction)
  if (!n) return undefined
  const rounded = roundedHalfUp(n, 4)
  const direction: Direction = isZero(rounded) ? 'flat' : rounded.negative ? 'down' : 'up'
  const text = formatPercentChange(figureFormatsOf(locale), toNumber(rounded))
  return { direction, text, arrow: CHANGE_ARROW[direction] }
}

/** The time of a price, in UTC with the locale's date order and Latin digits (the page says "UTC"). */
export function formatPriceTime(ms: number, locale: string): string {
  return formatTimeWith(figureFormatsOf(locale), ms) ?? new Intl.DateTimeFormat(locale, TIME_OPTIONS).format(ms)
}

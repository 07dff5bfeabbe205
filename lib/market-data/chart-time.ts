/**
 * The price chart's time labels without Intl in the browser: lightweight-charts writes each
 * tick mark with `Date.prototype.toLocaleString(locale, options)`, which builds an ICU date
 * formatter per call, and the page's first one loads ICU's date data (26–42 ms of the chart's
 * first draw on this machine, four times that on a phone). The server reads the same formats as
 * pieces (lib/i18n/figure-formats.ts) for the chart's locale; the chart's tick-mark and crosshair
 * formatters write them (docs/decisions/pages.md "Figure formats from the server").
 *
 * Pure: Intl only where the server reads the formats; no next, react or lightweight-charts.
 */
import { formatPieces, readTimePieces, type TimePiece } from '../i18n/figure-formats'

/** lightweight-charts' own options for its tick-mark types: 0 year, 1 month, 2 day of month, 3 time, 4 time with seconds. */
export const TICK_MARK_OPTIONS: readonly Intl.DateTimeFormatOptions[] = [
  { year: 'numeric' },
  { month: 'short' },
  { day: 'numeric' },
  { hour12: false, hour: '2-digit', minute: '2-digit' },
  { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' },
]

export interface ChartTimeFormats {
  /** The chart's BCP 47 locale these were read for (chartIntlLocale's: built here, not in the browser, where Intl.Locale cost 13 ms as the page's first Intl object). */
  locale: string
  /** Pieces and month names of each tick-mark type, in TICK_MARK_OPTIONS' order; null where a type could not be read. */
  tickMarks: readonly ({ pieces: readonly TimePiece[]; months?: readonly string[] } | null)[]
}

/** Reads the chart locale's tick-mark formats from Intl (on the server, for the page). */
export function readChartTimeFormats(locale: string): ChartTimeFormats {
  return {
    locale,
    tickMarks: TICK_MARK_OPTIONS.map((options) => {
      try {
        return readTimePieces(locale, options)
      } catch {
        return null
      }
    }),
  }
}

/** A tick mark's label (time in seconds, UTC), or null for lightweight-charts' own formatting. */
export function formatTickMark(formats: ChartTimeFormats, timeSeconds: number, type: number): string | null {
  const format = formats.tickMarks[type]
  return format ? formatPieces(format.pieces, format.months, timeSeconds * 1000) : null
}

/**
 * The tick-mark type lightweight-charts gives a candle's start (UTC) on its time scale: a year,
 * month or day at a boundary, else the time of day (for the chart's preview, which labels as the
 * library would).
 */
export function tickMarkTypeOf(startMs: number): number {
  const d = new Date(startMs)
  if (d.getUTCHours() !== 0 || d.getUTCMinutes() !== 0) return 3
  if (d.getUTCDate() !== 1) return 2
  return d.getUTCMonth() === 0 ? 0 : 1
}

const two = (n: number) => String(n).padStart(2, '0')

/**
 * The crosshair's time label as lightweight-charts writes it by default with a visible time:
 * `dd MMM 'yy`, three spaces, `HH:mm` (MMM the short month), or undefined when the month was not read.
 */
export function formatCrosshairTime(formats: ChartTimeFormats, timeSeconds: number): string | undefined {
  const month = formats.tickMarks[1]
  if (!month) return undefined
  const d = new Date(timeSeconds * 1000)
  return `${two(d.getUTCDate())} ${formatPieces(month.pieces, month.months, timeSeconds * 1000)} '${two(d.getUTCFullYear() % 100)}   ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`
}

const read = new Map<string, ChartTimeFormats>()
/** readChartTimeFormats, once per locale (the server renders many pair pages). */
export function chartTimeFormatsOf(locale: string): ChartTimeFormats {
  let formats = read.get(locale)
  if (!formats) read.set(locale, (formats = readChartTimeFormats(locale)))
  return formats
}

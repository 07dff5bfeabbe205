/**
 * Figure formats: what a page needs to format its figures in one locale (separators, the
 * percentage, the age units, compact amounts and the price time), read from Intl once on the
 * server and handed to the browser with the page. The browser then formats without building an
 * Intl number or date formatter (only PluralRules, which is cheap): a page's first
 * Intl.NumberFormat or DateTimeFormat loads the locale's ICU data,
 * 45–60 ms of one task on this machine's Chromium and about four times that on a phone
 * (docs/decisions/pages.md "Figure formats from the server"). Server and browser also format with the
 * same data, so an ICU that differs between Node and the browser cannot split their texts.
 *
 * Pure: takes Intl from the platform, no next or react.
 */

/** Text before and after the number, or the whole text of a form that writes no number (Arabic "يوم" for one day). */
export type Affix = readonly [prefix: string, suffix: string] | readonly [whole: string]

/** One piece of a date-time format (the price time, the chart's labels): a field (width 1 numeric, 2 two-digit) or literal text. */
export type TimePiece = { field: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'; width: number } | { field: 'monthName' } | { text: string }

export type AgeUnit = 'minute' | 'hour' | 'day'
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

export interface FigureFormats {
  /** The BCP 47 locale these were read for (with -u-nu-latn where the language needs it). */
  locale: string
  group: string
  decimal: string
  /** Sign as the locale writes it, around the absolute number with two places and its percent sign. */
  percent: { up: Affix; down: Affix; flat: Affix }
  /** Short units by plural category ("5 min", "1 day", "3 days"); `other` is always there. */
  units: Record<AgeUnit, Partial<Record<PluralCategory, Affix>> & { other: Affix }>
  /** Compact notation by power of ten from 0: the divisor and the text around the scaled number. */
  compact: readonly { divisor: number; affix: Affix }[]
  /** The price time in UTC (medium date and time, 24-hour clock), or null when it does not fit these pieces. */
  time: readonly TimePiece[] | null
  /** Month names of the time (January first), when its month is a name. */
  months?: readonly string[]
}

const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction'])

/** The literal text around the number of a formatToParts result (sign, percent, unit and compact parts included). */
function affixOf(parts: readonly Intl.NumberFormatPart[]): Affix {
  const first = parts.findIndex((p) => NUMBER_PARTS.has(p.type))
  if (first < 0) return [parts.map((p) => p.value).join('')]
  let last = first
  parts.forEach((p, i) => NUMBER_PARTS.has(p.type) && (last = i))
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((p) => p.value)
      .join('')
  return [text(0, first), text(last + 1, parts.length)]
}

const CATEGORIES: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other']
/** Whole numbers that stand for each plural category of a locale (the first found from 0). */
function categorySamples(locale: string): Partial<Record<PluralCategory, number>> {
  const rules = new Intl.PluralRules(locale)
  const samples: Partial<Record<PluralCategory, number>> = {}
  for (let n = 0; n <= 200; n++) {
    const category = rules.select(n) as PluralCategory
    if (samples[category] === undefined) samples[category] = n
  }
  return samples
}

/** The largest power of ten compact notation is read for (Japanese and Chinese name up to 10^16 and beyond). */
const COMPACT_MAX_POWER = 20

/** The price time's formatter: the one lib/market-data/format.ts used with Intl. */
export const TIME_OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC', numberingSystem: 'latn', hourCycle: 'h23' }

/**
 * A date-time format as pieces, read from Intl with `options` (UTC): each field's width from a
 * time whose day, month, hour, minute and second are single digits, and the month names when the
 * month is a name. null when the format writes a part the pieces do not cover.
 */
export function readTimePieces(locale: string, options: Intl.DateTimeFormatOptions): { pieces: TimePiece[]; months?: string[] } | null {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
  const parts = format.formatToParts(Date.UTC(2026, 0, 5, 4, 5, 6))
  const pieces: TimePiece[] = []
  let monthName = false
  for (const p of parts) {
    // format() writes U+202F (ICU 72's narrow space) as a plain space, as V8 does for compatibility; formatToParts keeps it.
    if (p.type === 'literal') pieces.push({ text: p.value.replace(/\u202f/g, ' ') })
    else if (p.type === 'month' && !/^\d+$/.test(p.value)) {
      monthName = true
      pieces.push({ field: 'monthName' })
    } else if (p.type === 'year' || p.type === 'month' || p.type === 'day' || p.type === 'hour' || p.type === 'minute' || p.type === 'second') {
      if (!/^\d+$/.test(p.value)) return null
      pieces.push({ field: p.type, width: p.type === 'year' ? (p.value.length === 2 ? 2 : 1) : p.value.length })
    } else return null
  }
  if (!monthName) return { pieces }
  const months = Array.from({ length: 12 }, (_, m) => format.formatToParts(Date.UTC(2026, m, 15, 12)).find((p) => p.type === 'month')?.value ?? '')
  return months.every(Boolean) ? { pieces, months } : null
}

/** Reads a locale's figure formats from Intl (on the server; memoised by the caller). */
export function readFigureFormats(locale: string): FigureFormats {
  const plain = new Intl.NumberFormat(locale, { numberingSystem: 'latn', useGrouping: true }).formatToParts(1234567.5)
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    numberingSystem: 'latn',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  })
  const samples = categorySamples(locale)
  const unit = (u: AgeUnit) => {
    const format = new Intl.NumberFormat(locale, { numberingSystem: 'latn', style: 'unit', unit: u, unitDisplay: 'short' })
    const byCategory: Partial<Record<PluralCategory, Affix>> = {}
    for (const c of CATEGORIES) {
      const n = samples[c]
      if (n !== undefined) byCategory[c] = affixOf(format.formatToParts(n))
    }
    return { ...byCategory, other: byCategory.other ?? affixOf(format.formatToParts(5)) }
  }
  const compactFormat = new Intl.NumberFormat(locale, { numberingSystem: 'latn', notation: 'compact', maximumFractionDigits: 2 })
  const compact = Array.from({ length: COMPACT_MAX_POWER + 1 }, (_, power) => {
    const parts = compactFormat.formatToParts(10 ** power)
    const integer = parts
      .filter((p) => p.type === 'integer')
      .map((p) => p.value)
      .join('')
    // 10^power shows as 1, 10 or 100 of its unit: the divisor is what is left.
    return { divisor: 10 ** (power - (integer.length - 1)), affix: affixOf(parts) }
  })
  const time = readTimePieces(locale, TIME_OPTIONS)
  return {
    locale,
    group: plain.find((p) => p.type === 'group')?.value ?? ',',
    decimal: plain.find((p) => p.type === 'decimal')?.value ?? '.',
    percent: { up: affixOf(percent.formatToParts(0.5)), down: affixOf(percent.formatToParts(-0.5)), flat: affixOf(percent.formatToParts(0)) },
    units: { minute: unit('minute'), hour: unit('hour'), day: unit('day') },
    compact,
    time: time?.pieces ?? null,
    ...(time?.months ? { months: time.months } : {}),
  }
}

/** Digits with the locale's group separator every three places, as the rest of the site groups. */
export function groupDigits(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group)
}

/**
 * A non-negative number with at most `places` fraction digits (half away from zero, trailing
 * zeros dropped unless `fixed`), in the locale's separators. Display only: a float is fine here.
 */
export function formatPlainNumber(value: number, places: number, f: Pick<FigureFormats, 'group' | 'decimal'>, fixed = false, minGroupingDigits = 1): string {
  const [int = '0', frac = ''] = roundHalfExpand(Math.abs(value), places).split('.')
  const fraction = fixed ? frac.padEnd(places, '0') : frac.replace(/0+$/, '')
  // Compact notation groups only from five integer digits (CLDR's "min2": 1000T, 10,000T).
  const grouped = int.length >= 3 + minGroupingDigits ? groupDigits(int, f.group) : int
  return grouped + (fraction ? f.decimal + fraction : '')
}

/** toFixed rounds halves by their binary value; this rounds a decimal half away from zero, as Intl does. */
function roundHalfExpand(value: number, places: number): string {
  const shifted = Number(`${value}e${places}`)
  if (!Number.isFinite(shifted)) return value.toFixed(places)
  return (Math.round(shifted) / 10 ** places).toFixed(places)
}

const around = (affix: Affix, number: string) => (affix.length === 1 ? affix[0] : `${affix[0]}${number}${affix[1]}`)

const plural = new Map<string, Intl.PluralRules>()
/** The plural category of a whole number (PluralRules loads no number-formatting data). */
function categoryOf(locale: string, n: number): PluralCategory {
  let rules = plural.get(locale)
  if (!rules) plural.set(locale, (rules = new Intl.PluralRules(locale)))
  return rules.select(n) as PluralCategory
}

/** A whole number of minutes, hours or days in the locale's short unit ("5 min", "2 hr", "3 days"). */
export function formatUnit(f: FigureFormats, unit: AgeUnit, n: number): string {
  const forms = f.units[unit]
  return around(forms[categoryOf(f.locale, n)] ?? forms.other, formatPlainNumber(n, 0, f))
}

/** A percentage of a fraction already rounded to four places, with its sign as the locale writes it. */
export function formatPercentChange(f: FigureFormats, fraction: number): string {
  return around(fraction > 0 ? f.percent.up : fraction < 0 ? f.percent.down : f.percent.flat, formatPlainNumber(Math.abs(fraction) * 100, 2, f, true))
}

/** An amount in compact notation with at most two places ("1.23M", "12.5K", "1,2 Mio."). */
export function formatCompact(f: FigureFormats, value: number): string {
  const size = Math.abs(value)
  const powerOf = (v: number) => Math.min(f.compact.length - 1, Math.max(0, Math.floor(Math.log10(v))))
  let power = size >= 1 ? powerOf(size) : 0
  let step = f.compact[power]
  let scaled = step ? Number(roundHalfExpand(size / step.divisor, 2)) : size
  // Rounding can carry into the next power (999,999 is 1M, not 1000K).
  const next = f.compact[power + 1]
  if (step && next && scaled * step.divisor >= 10 ** (power + 1)) {
    power += 1
    step = next
    scaled = Number(roundHalfExpand(size / step.divisor, 2))
  }
  const sign = value < 0 && scaled !== 0 ? '-' : ''
  return sign + around(step?.affix ?? ['', ''], formatPlainNumber(scaled, 2, f, false, 2))
}

/** A time (ms, UTC) written with pieces and their month names. */
export function formatPieces(pieces: readonly TimePiece[], months: readonly string[] | undefined, ms: number): string {
  const d = new Date(ms)
  const values = {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  }
  return pieces
    .map((piece) => {
      if ('text' in piece) return piece.text
      if (piece.field === 'monthName') return months?.[values.month - 1] ?? String(values.month)
      const value = piece.field === 'year' && piece.width === 2 ? values.year % 100 : values[piece.field]
      return String(value).padStart(piece.width, '0')
    })
    .join('')
}

/** The price time, in UTC, as TIME_OPTIONS formats it; undefined when this locale's pieces were not read. */
export function formatTimeWith(f: FigureFormats, ms: number): string | undefined {
  return f.time ? formatPieces(f.time, f.months, ms) : undefined
}

const known = new Map<string, FigureFormats>()

/** Formats the page handed over (the browser's), so this locale is never read from Intl here. */
export function primeFigureFormats(formats: FigureFormats): void {
  if (!known.has(formats.locale)) known.set(formats.locale, formats)
}

/** A locale's figure formats: the primed ones, else read from Intl once (the server's way). */
export function figureFormatsOf(locale: string): FigureFormats {
  let formats = known.get(locale)
  if (!formats) known.set(locale, (formats = readFigureFormats(locale)))
  return formats
}

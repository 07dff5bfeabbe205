import { figureFormatsOf, formatCompact, formatPlainNumber, formatUnit } from '@/lib/i18n/figure-formats'

/**
 * Number formatting for every page, with the language's BCP 47 locale. Trading figures use Latin
 * digits in every language (docs/decisions/pages.md "Figure formats from the server"), as exchanges do. What
 * client components format goes through the page's figure formats, which build no Intl number or
 * date formatter in the browser (docs/decisions/pages.md "Figure formats from the server").
 */
const cache = new Map<string, Intl.NumberFormat>()

function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = cache.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { numberingSystem: 'latn', ...options })
    cache.set(key, format)
  }
  return format
}

/** 24h volume, compact ("1.2M"); display only, so a float is fine here. */
export function formatVolume(locale: string, volume: string): string {
  const value = Number(volume)
  return Number.isFinite(value) ? formatCompact(figureFormatsOf(locale), value) : volume
}

/** A fraction such as "0.03" as a percentage ("3%"); the server's pair details only. */
export function formatPercent(locale: string, fraction: string): string {
  const value = Number(fraction)
  return Number.isFinite(value) ? formatter(locale, { style: 'percent', maximumFractionDigits: 4 }).format(value) : fraction
}

/** Age of a list, e.g. "5 min", "2 hr", "3 days". */
export function formatAge(locale: string, ageMs: number): string {
  const minutes = Math.max(0, Math.round(ageMs / 60_000))
  const formats = figureFormatsOf(locale)
  if (minutes < 60) return formatUnit(formats, 'minute', minutes)
  const hours = Math.round(minutes / 60)
  if (hours < 48) return formatUnit(formats, 'hour', hours)
  return formatUnit(formats, 'day', Math.round(hours / 24))
}

/** A count for a plural message's {shown} ("1,234 pairs"): the message picks its form from the number, this writes it. */
export function formatCount(locale: string, count: number): string {
  return formatPlainNumber(count, 0, figureFormatsOf(locale))
}

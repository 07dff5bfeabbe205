import { formatCrosshairTime, formatTickMark, readChartTimeFormats, tickMarkTypeOf, TICK_MARK_OPTIONS } from './chart-time'
import { chartIntlLocale } from './chart-locale'
import { CHART_LOCALES } from '../i18n/locale-maps'

// Every chart locale the pages use, as the chart gets it.
const LOCALES = [...new Set(Object.values(CHART_LOCALES).map((code) => chartIntlLocale(code)))]

/** lightweight-charts' default: the UTC fields as a local date, formatted with toLocaleString. */
function asTheLibraryWrites(locale: string, ms: number, options: Intl.DateTimeFormatOptions): string {
  const h = new Date(ms)
  return new Date(h.getUTCFullYear(), h.getUTCMonth(), h.getUTCDate(), h.getUTCHours(), h.getUTCMinutes(), h.getUTCSeconds()).toLocaleString(locale, options)
}

const TIMES = [
  0,
  Date.UTC(2026, 0, 5, 4, 5, 6),
  Date.UTC(2026, 10, 26, 0, 0, 0),
  Date.UTC(2026, 11, 31, 23, 59, 59),
  ...Array.from({ length: 60 }, (_, i) => Date.UTC(2020, i % 12, 1 + ((i * 7) % 28), (i * 5) % 24, (i * 13) % 60, (i * 29) % 60)),
]

describe.each(LOCALES)('chart time labels of %s', (locale) => {
  const formats = readChartTimeFormats(locale)

  it('write every tick-mark type as lightweight-charts would with Intl', () => {
    TICK_MARK_OPTIONS.forEach((options, type) => {
      expect(formats.tickMarks[type]).not.toBeNull()
      for (const ms of TIMES) expect([type, ms, formatTickMark(formats, ms / 1000, type)]).toEqual([type, ms, asTheLibraryWrites(locale, ms, options)])
    })
  })

  it('write the crosshair time with the short month name', () => {
    const ms = Date.UTC(2026, 10, 6, 9, 5)
    expect(formatCrosshairTime(formats, ms / 1000)).toBe(`06 ${asTheLibraryWrites(locale, Date.UTC(2026, 10, 1), { month: 'short' })} '26   09:05`)
  })
})

it('leaves an unread tick-mark type to the library', () => {
  const formats = { locale: 'en', tickMarks: [null, null, null, null, null] }
  expect(formatTickMark(formats, 0, 2)).toBeNull()
  expect(formatCrosshairTime(formats, 0)).toBeUndefined()
})

describe('tickMarkTypeOf', () => {
  it('gives a boundary its year, month or day, and any other start its time', () => {
    expect(tickMarkTypeOf(Date.UTC(2026, 0, 1))).toBe(0)
    expect(tickMarkTypeOf(Date.UTC(2026, 10, 1))).toBe(1)
    expect(tickMarkTypeOf(Date.UTC(2026, 10, 27))).toBe(2)
    expect(tickMarkTypeOf(Date.UTC(2026, 10, 27, 4))).toBe(3)
    expect(tickMarkTypeOf(Date.UTC(2026, 10, 27, 0, 15))).toBe(3)
  })
})

import { formatCompact, formatPercentChange, formatTimeWith, formatUnit, readFigureFormats, TIME_OPTIONS, type AgeUnit } from './figure-formats'
import { formatLocale } from './format-locale'
import { LANGUAGES } from './languages'

// Every locale a page formats figures in: each language's, with Latin digits where it needs them.
const LOCALES = [...new Set(Object.values(LANGUAGES).map((language) => formatLocale(language)))]

/** A fixed pseudo-random sequence, so a failure names a value that fails again. */
function values(count: number, seed: number, scale: (u: number) => number): number[] {
  let x = seed
  return Array.from({ length: count }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31
    return scale(x / 2 ** 31)
  })
}

describe.each(LOCALES)('figure formats of %s agree with Intl', (locale) => {
  const f = readFigureFormats(locale)

  it('formats ages in short units as Intl does', () => {
    for (const unit of ['minute', 'hour', 'day'] as AgeUnit[]) {
      const intl = new Intl.NumberFormat(locale, { numberingSystem: 'latn', style: 'unit', unit, unitDisplay: 'short' })
      for (let n = 0; n <= 400; n++) expect([unit, n, formatUnit(f, unit, n)]).toEqual([unit, n, intl.format(n)])
    }
  })

  it('formats a change as Intl formats a signed percentage with two places', () => {
    const intl = new Intl.NumberFormat(locale, {
      style: 'percent',
      numberingSystem: 'latn',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    })
    const fractions = [0, 0.0001, -0.0001, 0.0228, -0.0105, 0.5, -0.9999, 1, 2.5, ...values(300, 7, (u) => Math.round((u - 0.5) * 40000) / 10000)]
    for (const fraction of fractions) expect([fraction, formatPercentChange(f, fraction)]).toEqual([fraction, intl.format(fraction)])
  })

  it('formats compact amounts as Intl does, across every power of ten', () => {
    const intl = new Intl.NumberFormat(locale, { numberingSystem: 'latn', notation: 'compact', maximumFractionDigits: 2 })
    const amounts = [0, 0.5, 1, 9.995, 999, 999.995, 1000, 9999, 99_999, 999_499, 999_995, 999_999, 1_000_000, 123_456_789, 1e12, 1e15, 4.2e16]
    amounts.push(...values(400, 11, (u) => Math.round(10 ** (u * 15) * 1000) / 1000))
    for (const amount of amounts) expect([amount, formatCompact(f, amount)]).toEqual([amount, intl.format(amount)])
  })

  it('formats the price time as Intl does', () => {
    const intl = new Intl.DateTimeFormat(locale, TIME_OPTIONS)
    expect(f.time).not.toBeNull()
    const times = [0, Date.UTC(2026, 0, 5, 4, 5, 6), Date.UTC(2026, 11, 31, 23, 59, 59), ...values(200, 3, (u) => Math.floor(u * 4e12))]
    for (const ms of times) expect([ms, formatTimeWith(f, ms)]).toEqual([ms, intl.format(ms)])
  })
})

describe('figure formats', () => {
  it('travel as plain data (the page hands them to the browser)', () => {
    const f = readFigureFormats('de-DE')
    expect(JSON.parse(JSON.stringify(f))).toEqual(f)
    expect(f).toMatchObject({ group: '.', decimal: ',' })
  })

  it('format without building an Intl number or date formatter', () => {
    const f = readFigureFormats('en')
    const made = [jest.spyOn(Intl, 'NumberFormat'), jest.spyOn(Intl, 'DateTimeFormat')]
    try {
      expect(formatUnit(f, 'minute', 5)).toBe('5 min')
      expect(formatPercentChange(f, 0.0228)).toBe('+2.28%')
      expect(formatCompact(f, 1_234_567)).toBe('1.23M')
      expect(formatTimeWith(f, Date.UTC(2026, 10, 26, 14, 3, 7))).toBe('Nov 26, 2026, 14:03:07')
      for (const spy of made) expect(spy).not.toHaveBeenCalled()
    } finally {
      made.forEach((spy) => spy.mockRestore())
    }
  })

  it('has no time pieces when a locale writes a part they do not cover', () => {
    const f = { ...readFigureFormats('en'), time: null }
    expect(formatTimeWith(f, 0)).toBeUndefined()
  })
})

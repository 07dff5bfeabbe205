import { LANGUAGES, LANGUAGE_CODES } from './languages'
import { formatLocale } from './format-locale'

describe('formatLocale', () => {
  it('forces Latin digits where the locale would use others (ar-SA)', () => {
    expect(formatLocale(LANGUAGES['ar-SA'])).toBe('ar-SA-u-nu-latn')
    expect(new Intl.NumberFormat(formatLocale(LANGUAGES['ar-SA'])).format(1234.5)).toMatch(/^1[^\d]?234[^\d]5$/)
  })
  it('leaves every locale that already formats with Latin digits alone', () => {
    for (const code of LANGUAGE_CODES) {
      const locale = formatLocale(LANGUAGES[code])
      expect(new Intl.NumberFormat(locale).resolvedOptions().numberingSystem).toBe('latn')
      if (code !== 'ar-SA') expect(locale).toBe(LANGUAGES[code].locale)
    }
  })
})

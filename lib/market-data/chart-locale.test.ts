import { LANGUAGES } from '../i18n/languages'
import { chartIntlLocale } from './chart-locale'

describe('chartIntlLocale', () => {
  it('turns every language’s chart-widget locale into a BCP 47 tag Intl accepts, with Latin digits', () => {
    for (const language of Object.values(LANGUAGES)) {
      const tag = chartIntlLocale(language.chartLocale)
      expect(() => new Intl.DateTimeFormat(tag)).not.toThrow()
      expect(new Intl.NumberFormat(tag).format(1234)).toMatch(/^1.?234$/)
    }
  })

  it('maps the widget’s underscore codes', () => {
    expect(chartIntlLocale('zh_TW')).toBe('zh-TW-u-nu-latn')
    expect(chartIntlLocale('ar')).toBe('ar-u-nu-latn')
    expect(chartIntlLocale('not a locale!')).toBe('en-u-nu-latn')
  })
})

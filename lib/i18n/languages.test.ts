import {
  ALL_LANGUAGES,
  DEFAULT_LANGUAGE,
  EU_LANGUAGES,
  GEORGIA_LANGUAGES,
  HONG_KONG_LANGUAGES,
  INDONESIA_LANGUAGES,
  KAZAKHSTAN_LANGUAGES,
  LANGUAGES,
  LANGUAGE_CODES,
  LANG_COOKIE,
  MAIN_LANGUAGES,
  NETHERLANDS_LANGUAGES,
  THEME_COOKIE,
  TURKEY_LANGUAGES,
  findLanguageCode,
  isLanguageCode,
} from './languages'
import { MESSAGES_IDS } from './locale-maps'

// SPEC §3 "Languages", copied verbatim: the lists must match it in content and order.
const SPEC_MAIN = 'en, id-ID, es-ES, es-MX, es-AR, fil-PH, kk-KZ, pt-BR, pt-PT, ru-RU, vi-VN, uk-UA, ar-SA, ja-JP, zh-MY, zh-TW'.split(', ')
const SPEC_REGIONAL = {
  'Hong Kong': [HONG_KONG_LANGUAGES, ['zh-HK', 'en-HK']],
  Netherlands: [NETHERLANDS_LANGUAGES, ['nl-NL', 'en-NL']],
  Turkey: [TURKEY_LANGUAGES, ['tr-TUR', 'en-TR']],
  Kazakhstan: [KAZAKHSTAN_LANGUAGES, ['ru-KAZ', 'kk-KAZ', 'en-KAZ']],
  EU: [EU_LANGUAGES, ['en-EU', 'de-EU']],
  Georgia: [GEORGIA_LANGUAGES, ['ka-GEO', 'ru-GEO', 'en-GEO']],
  Indonesia: [INDONESIA_LANGUAGES, ['id-IDN', 'en-IDN']],
} as const
const EVERY_LIST = [MAIN_LANGUAGES, ALL_LANGUAGES, ...Object.values(SPEC_REGIONAL).map(([list]) => list)]

// The chart widget's documented `locale` values.
const CHART_WIDGET_LOCALES = [
  'ar',
  'zh_TW',
  'zh',
  'cs',
  'da_DK',
  'nl_NL',
  'en',
  'et_EE',
  'fr',
  'de',
  'el',
  'he_IL',
  'hu_HU',
  'id_ID',
  'it',
  'ja',
  'ko',
  'ms_MY',
  'no',
  'fa',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk_SK',
  'es',
  'sv',
  'th',
  'tr',
  'vi',
]

const date = new Date(Date.UTC(2025, 0, 31, 12))
const languageOf = (tag: string) => new Intl.Locale(tag).language

describe('language lists (SPEC §3)', () => {
  it('main list: 16 codes in the spec order', () => {
    expect(MAIN_LANGUAGES).toEqual(SPEC_MAIN)
    expect(MAIN_LANGUAGES).toHaveLength(16)
  })
  it('all-languages list: the main list plus pl-PL and ro-RO', () => {
    expect(ALL_LANGUAGES).toEqual([...SPEC_MAIN, 'pl-PL', 'ro-RO'])
  })
  it.each(Object.entries(SPEC_REGIONAL))('%s list', (_name, [list, spec]) => {
    expect(list).toEqual(spec)
  })
  it('the catalogue holds exactly the listed codes (34), each once', () => {
    const listed = new Set(EVERY_LIST.flat())
    expect(new Set(LANGUAGE_CODES)).toEqual(listed)
    expect(LANGUAGE_CODES).toHaveLength(34)
  })
  it('constants of SPEC §9', () => {
    expect(DEFAULT_LANGUAGE).toBe('en')
    expect(LANG_COOKIE).toBe('BYBIT_LANG_KEY')
    expect(THEME_COOKIE).toBe('BYBIT_THEME_KEY')
  })
  it('labels and locales never repeat within one list (the switcher must tell them apart)', () => {
    for (const list of EVERY_LIST) {
      expect(new Set(list.map((c) => LANGUAGES[c].label)).size).toBe(list.length)
      expect(new Set(list.map((c) => LANGUAGES[c].locale)).size).toBe(list.length)
    }
  })
})

describe.each(LANGUAGE_CODES)('language %s', (code) => {
  const lang = LANGUAGES[code]
  it('is complete', () => {
    expect(lang.code).toBe(code)
    expect(lang.label.trim()).not.toBe('')
    expect(MESSAGES_IDS).toContain(lang.messages)
    expect(CHART_WIDGET_LOCALES).toContain(lang.chartLocale)
    expect(lang.helpLocale).toMatch(/^[a-z]{2,3}-[A-Z]{2}$/)
    expect(lang.dir).toBe(code === 'ar-SA' ? 'rtl' : 'ltr')
  })
  it('has a canonical BCP 47 locale of the same language that every Intl service accepts', () => {
    expect(Intl.getCanonicalLocales(lang.locale)).toEqual([lang.locale])
    const intended = code.split('-')[0]
    expect(languageOf(new Intl.NumberFormat(lang.locale).resolvedOptions().locale)).toBe(intended)
    expect(languageOf(new Intl.DateTimeFormat(lang.locale).resolvedOptions().locale)).toBe(intended)
    expect(languageOf(new Intl.PluralRules(lang.locale).resolvedOptions().locale)).toBe(intended)
    expect(() => new Intl.DateTimeFormat(lang.locale, { dateStyle: 'long' }).format(date)).not.toThrow()
  })
})

describe('why the locale mapping exists', () => {
  it('maps the spec codes to the intended BCP 47 tags', () => {
    const expected = {
      en: 'en',
      'tr-TUR': 'tr-TR',
      'ru-KAZ': 'ru-KZ',
      'kk-KAZ': 'kk-KZ',
      'en-KAZ': 'en-KZ',
      'ka-GEO': 'ka-GE',
      'ru-GEO': 'ru-GE',
      'en-GEO': 'en-GE',
      'id-IDN': 'id-ID',
      'en-IDN': 'en-ID',
      'en-EU': 'en-150',
      'de-EU': 'de-DE',
      'zh-MY': 'zh-MY',
      'zh-HK': 'zh-HK',
    } as const
    for (const [code, locale] of Object.entries(expected)) expect([code, LANGUAGES[code as keyof typeof expected].locale]).toEqual([code, locale])
    // Every code that is already valid BCP 47 (and not EU, which is no country) is its own locale.
    for (const code of LANGUAGE_CODES.filter((c) => !/-[A-Z]{3}$|-EU$/.test(c))) expect(LANGUAGES[code].locale).toBe(code)
  })
  const threeLetterRegion = LANGUAGE_CODES.filter((c) => /-[A-Z]{3}$/.test(c))
  it.each(threeLetterRegion)('the spec code %s makes Intl throw', (code) => {
    expect(threeLetterRegion).toHaveLength(9)
    expect(() => new Intl.NumberFormat(code)).toThrow(RangeError)
    expect(() => new Intl.DateTimeFormat(code)).toThrow(RangeError)
  })
  it('en-EU is accepted but silently loses its region (US month-first dates); en-150 keeps Europe', () => {
    expect(new Intl.DateTimeFormat('en-EU').resolvedOptions().locale).toBe('en')
    expect(new Intl.DateTimeFormat('en-EU').format(date)).toBe('1/31/2025')
    expect(new Intl.DateTimeFormat(LANGUAGES['en-EU'].locale).format(date)).toBe('31/01/2025')
  })
})

describe('shared message files and labels', () => {
  it('every message file is used, and variants with the same text share one', () => {
    expect(new Set(LANGUAGE_CODES.map((c) => LANGUAGES[c].messages))).toEqual(new Set(MESSAGES_IDS))
    for (const code of LANGUAGE_CODES.filter((c) => c.startsWith('en'))) expect(LANGUAGES[code].messages).toBe('en')
    expect(['es-ES', 'es-MX', 'es-AR'].map((c) => LANGUAGES[c as 'es-ES'].messages)).toEqual(['es', 'es', 'es'])
    expect([LANGUAGES['zh-MY'].messages, LANGUAGES['zh-TW'].messages, LANGUAGES['zh-HK'].messages]).toEqual(['zh-Hans', 'zh-Hant', 'zh-Hant'])
  })
  it('labels are the names in their own language', () => {
    expect(['tr-TUR', 'kk-KAZ', 'ka-GEO', 'ru-GEO', 'nl-NL', 'de-EU', 'zh-HK', 'id-IDN', 'ar-SA', 'en-TR'].map((c) => LANGUAGES[c as 'en'].label)).toEqual([
      'Türkçe',
      'Қазақ тілі',
      'ქართული',
      'Русский',
      'Nederlands',
      'Deutsch',
      '繁體中文',
      'Bahasa Indonesia',
      'العربية',
      'English',
    ])
  })
  it('finds codes case-insensitively and only own properties', () => {
    expect(findLanguageCode('TR-tur')).toBe('tr-TUR')
    expect(findLanguageCode('EN')).toBe('en')
    expect(findLanguageCode('fr')).toBeNull()
    expect(isLanguageCode('toString')).toBe(false)
    expect(isLanguageCode('tr-tur')).toBe(false)
  })
})

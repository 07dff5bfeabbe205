import { REGIONS } from '../regions/regions'
import { parseAcceptLanguage } from './accept-language'
import { ALL_LANGUAGES } from './languages'
import { matchLanguage } from './match'
import { chooseLanguage, parseLangPrefix } from './negotiate'

const { main, tr, hk, kz, eu, id } = REGIONS

describe('parseAcceptLanguage', () => {
  it('orders by q, keeping header order on ties, and drops q=0, * and junk', () => {
    expect(parseAcceptLanguage('de;q=0.5, fr-CH, tr;q=0.9, en;q=0, *;q=0.1, x y, ja;q=0.9')).toEqual(['fr-CH', 'tr', 'ja', 'de'])
  })
  it('ignores entries with a malformed q instead of guessing', () => {
    expect(parseAcceptLanguage('de;q=2, fr;q=abc, it;q=0.1234, nl;Q=0.8, es ; q=0.7')).toEqual(['nl', 'es'])
  })
  it('handles absent and empty headers, and caps hostile ones', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([])
    expect(parseAcceptLanguage('')).toEqual([])
    expect(parseAcceptLanguage(Array(10_000).fill('en').join(','))).toHaveLength(32)
  })
})

describe('matchLanguage tiers', () => {
  it.each([
    ['tr-tur', tr.languages, 'tr-TUR'], // exact code, any case
    ['tr-TR', tr.languages, 'tr-TUR'], // BCP 47 locale
    ['en-US', tr.languages, 'en-TR'], // primary subtag
    ['en', tr.languages, 'en-TR'],
    ['zh-HK', main.languages, 'zh-TW'], // script: Traditional, not the first Chinese (zh-MY)
    ['zh-CN', main.languages, 'zh-MY'],
    ['zh-CN', hk.languages, 'zh-HK'], // only Chinese on offer
    ['es-CO', main.languages, 'es-ES'], // first of the list within a tier
    ['es-MX', main.languages, 'es-MX'],
    ['kk-KAZ', main.languages, 'kk-KZ'], // another region's code, compared by its locale kk-KZ
    ['ka-GEO', main.languages, null], // no Georgian on main
    ['ru-KZ', kz.languages, 'ru-KAZ'],
    ['de-AT', eu.languages, 'de-EU'],
    ['id', id.languages, 'id-IDN'],
  ] as const)('%s → %s', (tag, list, expected: string | null) => {
    expect(matchLanguage(tag, list)).toBe(expected)
  })
  it('returns null when no language of the list fits', () => {
    expect(matchLanguage('fr-FR', main.languages)).toBeNull()
    expect(matchLanguage('pl-PL', main.languages)).toBeNull()
    expect(matchLanguage('pl-PL', ALL_LANGUAGES)).toBe('pl-PL')
    expect(matchLanguage('not a tag', main.languages)).toBeNull()
  })
})

describe('chooseLanguage order', () => {
  const all = { cookieLang: 'ru-RU', acceptLanguage: 'ja-JP' }
  it('URL first', () => {
    expect(chooseLanguage({ urlLang: 'vi-VN', ...all, region: main })).toEqual({ code: 'vi-VN', source: 'url' })
  })
  it('then the cookie', () => {
    expect(chooseLanguage({ ...all, region: main })).toEqual({ code: 'ru-RU', source: 'cookie' })
  })
  it('then Accept-Language', () => {
    expect(chooseLanguage({ acceptLanguage: 'ja-JP', region: main })).toEqual({ code: 'ja-JP', source: 'accept-language' })
    expect(chooseLanguage({ acceptLanguage: 'fr-FR, tr-TR;q=0.8', region: tr })).toEqual({ code: 'tr-TUR', source: 'accept-language' })
    expect(chooseLanguage({ acceptLanguage: 'en-US,en;q=0.9,tr;q=0.8', region: tr })).toEqual({ code: 'en-TR', source: 'accept-language' })
  })
  it("then the region's default, its English", () => {
    expect(chooseLanguage({ region: main })).toEqual({ code: 'en', source: 'default' })
    expect(chooseLanguage({ urlLang: '', cookieLang: '', acceptLanguage: 'fr-FR, *', region: tr })).toEqual({ code: 'en-TR', source: 'default' })
    expect(chooseLanguage({ acceptLanguage: 'fr', region: kz })).toEqual({ code: 'en-KAZ', source: 'default' })
  })
  it('ignores cookie values that are not in the list (another region, wrong case, junk)', () => {
    for (const cookieLang of ['tr-TUR', 'EN', 'pl-PL', '<script>', 'toString']) {
      expect(chooseLanguage({ cookieLang, acceptLanguage: 'ja', region: main })).toEqual({ code: 'ja-JP', source: 'accept-language' })
    }
    expect(chooseLanguage({ cookieLang: 'pl-PL', region: { ...main, languages: ALL_LANGUAGES } }).code).toBe('pl-PL')
  })
})

describe('chooseLanguage URL redirects', () => {
  it.each([
    ['en', tr, 'en-TR'], // unsupported on this site → its equivalent
    ['tr-TUR', main, 'en'], // no Turkish on main → main's English
    ['fr', tr, 'en-TR'], // unknown code → the region's English
    ['xx-YY', hk, 'en-HK'],
    ['tr-tur', tr, 'tr-TUR'], // right language, wrong case → canonical spelling
    ['zh-HK', main, 'zh-TW'],
    ['ru-KAZ', main, 'ru-RU'],
  ] as const)('/%s/ → %s', (urlLang, region, target) => {
    expect(chooseLanguage({ urlLang, cookieLang: 'ru-RU', acceptLanguage: 'ja', region })).toEqual({ code: target, source: 'url', redirect: target })
  })
  it('a supported URL language never redirects', () => {
    expect(chooseLanguage({ urlLang: 'en-TR', region: tr })).toEqual({ code: 'en-TR', source: 'url' })
  })
})

describe('parseLangPrefix', () => {
  it.each([
    ['/tr-TUR/trade/BTCUSDT', 'tr-TUR', 'tr-TUR', '/trade/BTCUSDT'],
    ['/TR-tur/trade', 'tr-TUR', 'TR-tur', '/trade'],
    ['/en', 'en', 'en', '/'],
    ['/en/', 'en', 'en', '/'],
    ['/pl-PL/x', 'pl-PL', 'pl-PL', '/x'],
    // Language tags no site lists: recognised as a prefix (lang null) so they can fall back.
    ['/fr/x', null, 'fr', '/x'],
    ['/en-US/trade/spot/BTC/USDT', null, 'en-US', '/trade/spot/BTC/USDT'],
    ['/de-DE', null, 'de-DE', '/'],
    ['/zh-Hant-TW/x', null, 'zh-Hant-TW', '/x'],
    ['/es-419', null, 'es-419', '/'],
  ])('%s', (path, lang, segment, rest) => {
    expect(parseLangPrefix(path)).toEqual({ lang, segment, rest })
  })
  it.each(['/', '', '/trade/BTCUSDT', '//en/x', '/english', '/xx/y', '/api', '/markets', '/main/en', '/en_US/x', '/%E0%A4'])(
    '%s has no language prefix',
    (path) => {
      expect(parseLangPrefix(path)).toEqual({ lang: null, segment: null, rest: path })
    },
  )
})

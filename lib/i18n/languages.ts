/**
 * The language catalogue and the lists of SPEC §3 "Languages".
 *
 * `code` is the spec's code, used verbatim in URLs, the BYBIT_LANG_KEY cookie and the upstream
 * `lang` header. Several codes (tr-TUR, ru-KAZ, ka-GEO, …) are not BCP 47 and make every Intl
 * constructor throw, so each language also carries `locale`, a valid tag for next-intl, Intl and
 * the upstream Accept-Language header (docs/wire.md "Request headers").
 */
import { CHART_LOCALES, HELP_LOCALES, type ChartLocale, type HelpLocale, type MessagesId } from './locale-maps'

export { LANG_COOKIE, THEME_COOKIE } from './storage-keys'

export interface Language {
  code: LanguageCode
  /** The language's own name in its own script (the switcher shows it to people who read it). */
  label: string
  /** Valid BCP 47 tag for Intl, next-intl and Accept-Language. */
  locale: string
  dir: 'ltr' | 'rtl'
  messages: MessagesId
  chartLocale: ChartLocale
  helpLocale: HelpLocale
}

// [label, locale, message file]. Labels only name the country where one list holds two variants
// of a language (Spanish, Portuguese); no list holds two Englishes, so they are all "English".
const CATALOGUE = {
  en: ['English', 'en', 'en'],
  'id-ID': ['Bahasa Indonesia', 'id-ID', 'id'],
  'es-ES': ['Español (España)', 'es-ES', 'es'],
  'es-MX': ['Español (México)', 'es-MX', 'es'],
  'es-AR': ['Español (Argentina)', 'es-AR', 'es'],
  'fil-PH': ['Filipino', 'fil-PH', 'fil'],
  'kk-KZ': ['Қазақ тілі', 'kk-KZ', 'kk'],
  'pt-BR': ['Português (Brasil)', 'pt-BR', 'pt'],
  'pt-PT': ['Português (Portugal)', 'pt-PT', 'pt'],
  'ru-RU': ['Русский', 'ru-RU', 'ru'],
  'vi-VN': ['Tiếng Việt', 'vi-VN', 'vi'],
  'uk-UA': ['Українська', 'uk-UA', 'uk'],
  'ar-SA': ['العربية', 'ar-SA', 'ar'],
  'ja-JP': ['日本語', 'ja-JP', 'ja'],
  'zh-MY': ['简体中文', 'zh-MY', 'zh-Hans'],
  'zh-TW': ['繁體中文', 'zh-TW', 'zh-Hant'],
  'pl-PL': ['Polski', 'pl-PL', 'pl'],
  'ro-RO': ['Română', 'ro-RO', 'ro'],
  'zh-HK': ['繁體中文', 'zh-HK', 'zh-Hant'],
  'en-HK': ['English', 'en-HK', 'en'],
  'nl-NL': ['Nederlands', 'nl-NL', 'nl'],
  'en-NL': ['English', 'en-NL', 'en'],
  'tr-TUR': ['Türkçe', 'tr-TR', 'tr'],
  'en-TR': ['English', 'en-TR', 'en'],
  'ru-KAZ': ['Русский', 'ru-KZ', 'ru'],
  'kk-KAZ': ['Қазақ тілі', 'kk-KZ', 'kk'],
  'en-KAZ': ['English', 'en-KZ', 'en'],
  // EU is not a country: en-150 is CLDR's "English (Europe)" (day-first dates, € placement);
  // de-EU has no such region, so it uses the standard German of de-DE.
  'en-EU': ['English', 'en-150', 'en'],
  'de-EU': ['Deutsch', 'de-DE', 'de'],
  'ka-GEO': ['ქართული', 'ka-GE', 'ka'],
  'ru-GEO': ['Русский', 'ru-GE', 'ru'],
  'en-GEO': ['English', 'en-GE', 'en'],
  'id-IDN': ['Bahasa Indonesia', 'id-ID', 'id'],
  'en-IDN': ['English', 'en-ID', 'en'],
} as const satisfies Record<string, readonly [string, string, MessagesId]>

export type LanguageCode = keyof typeof CATALOGUE

export const LANGUAGES: Readonly<Record<LanguageCode, Language>> = Object.fromEntries(
  Object.entries(CATALOGUE).map(([code, [label, locale, messages]]) => [
    code,
    {
      code: code as LanguageCode,
      label,
      locale,
      dir: messages === 'ar' ? 'rtl' : 'ltr',
      messages,
      chartLocale: CHART_LOCALES[messages],
      helpLocale: HELP_LOCALES[messages],
    } satisfies Language,
  ]),
) as Record<LanguageCode, Language>

export const LANGUAGE_CODES = Object.keys(CATALOGUE) as LanguageCode[]

/** SPEC §9 "Default language: en". */
export const DEFAULT_LANGUAGE = 'en' satisfies LanguageCode

type List = readonly LanguageCode[]

export const MAIN_LANGUAGES = [
  'en',
  'id-ID',
  'es-ES',
  'es-MX',
  'es-AR',
  'fil-PH',
  'kk-KZ',
  'pt-BR',
  'pt-PT',
  'ru-RU',
  'vi-VN',
  'uk-UA',
  'ar-SA',
  'ja-JP',
  'zh-MY',
  'zh-TW',
] as const satisfies List
export const ALL_LANGUAGES = [...MAIN_LANGUAGES, 'pl-PL', 'ro-RO'] as const satisfies List
export const HONG_KONG_LANGUAGES = ['zh-HK', 'en-HK'] as const satisfies List
export const NETHERLANDS_LANGUAGES = ['nl-NL', 'en-NL'] as const satisfies List
export const TURKEY_LANGUAGES = ['tr-TUR', 'en-TR'] as const satisfies List
export const KAZAKHSTAN_LANGUAGES = ['ru-KAZ', 'kk-KAZ', 'en-KAZ'] as const satisfies List
export const EU_LANGUAGES = ['en-EU', 'de-EU'] as const satisfies List
export const GEORGIA_LANGUAGES = ['ka-GEO', 'ru-GEO', 'en-GEO'] as const satisfies List
export const INDONESIA_LANGUAGES = ['id-IDN', 'en-IDN'] as const satisfies List

export function isLanguageCode(value: string): value is LanguageCode {
  return Object.hasOwn(CATALOGUE, value)
}

const BY_LOWER_CODE = new Map(LANGUAGE_CODES.map((code) => [code.toLowerCase(), code]))

/** The canonical code for `value` compared case-insensitively (URLs may arrive as /TR-tur/). */
export function findLanguageCode(value: string): LanguageCode | null {
  return BY_LOWER_CODE.get(value.toLowerCase()) ?? null
}

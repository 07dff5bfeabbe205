/**
 * Per-language lookups the spec names but does not fill in (SPEC §3 "Languages": "Maps exist
 * from locale to a chart-widget locale and to a help-centre locale (contents not shown)").
 *
 * They are keyed by message file, not by language code: regional variants that share their text
 * (en-TR, en-KAZ, … or es-ES/es-MX/es-AR) also share the chart and help-centre language, so one
 * row per written language keeps the 34 codes from drifting apart. Decisions:
 * docs/decisions/regions-and-languages.md
 * "Chart-widget and help-centre locales".
 */

/** One message file per written language (messages/<id>.json). */
export const MESSAGES_IDS = [
  'en',
  'es',
  'pt',
  'zh-Hans',
  'zh-Hant',
  'id',
  'fil',
  'kk',
  'ru',
  'vi',
  'uk',
  'ar',
  'ja',
  'pl',
  'ro',
  'nl',
  'tr',
  'de',
  'ka',
] as const
export type MessagesId = (typeof MESSAGES_IDS)[number]

/**
 * Locale codes of the TradingView-style chart widget (its documented `locale` values).
 * Languages the widget does not ship fall back to the closest one a reader of that language is
 * likely to read: Kazakh → Russian (co-official in Kazakhstan); Filipino, Georgian and
 * Ukrainian → English (no widget translation; Russian is not offered to Georgian or Ukrainian
 * readers on purpose).
 */
export const CHART_LOCALES = {
  en: 'en',
  es: 'es',
  pt: 'pt',
  'zh-Hans': 'zh',
  'zh-Hant': 'zh_TW',
  id: 'id_ID',
  fil: 'en',
  kk: 'ru',
  ru: 'ru',
  vi: 'vi',
  uk: 'en',
  ar: 'ar',
  ja: 'ja',
  pl: 'pl',
  ro: 'ro',
  nl: 'nl_NL',
  tr: 'tr',
  de: 'de',
  ka: 'en',
} as const satisfies Record<MessagesId, string>
export type ChartLocale = (typeof CHART_LOCALES)[MessagesId]

/**
 * Help-centre locales (language-REGION, the form help-centre URLs use). The help centre's own
 * coverage is not shown, so each written language asks for itself and the help centre does its
 * own fallback; guessing a substitute here would hide articles that do exist.
 */
export const HELP_LOCALES = {
  en: 'en-US',
  es: 'es-ES',
  pt: 'pt-BR',
  'zh-Hans': 'zh-CN',
  'zh-Hant': 'zh-TW',
  id: 'id-ID',
  fil: 'fil-PH',
  kk: 'kk-KZ',
  ru: 'ru-RU',
  vi: 'vi-VN',
  uk: 'uk-UA',
  ar: 'ar-SA',
  ja: 'ja-JP',
  pl: 'pl-PL',
  ro: 'ro-RO',
  nl: 'nl-NL',
  tr: 'tr-TR',
  de: 'de-DE',
  ka: 'ka-GE',
} as const satisfies Record<MessagesId, string>
export type HelpLocale = (typeof HELP_LOCALES)[MessagesId]

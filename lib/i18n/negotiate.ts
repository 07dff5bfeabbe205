/**
 * Which language a request is served in (docs/decisions/regions-and-languages.md "Language negotiation and redirects"). Order: URL prefix, BYBIT_LANG_KEY cookie,
 * Accept-Language, the site's default. The middleware passes the raw values; nothing here reads
 * headers or cookies itself.
 */
import { parseAcceptLanguage } from './accept-language'
import { isLanguageTag } from './language-tag'
import { findLanguageCode, type LanguageCode } from './languages'
import { matchLanguage } from './match'

/** What a site offers; both Region (lib/regions/regions.ts) and RegionConfig satisfy it. */
export interface SiteLanguages {
  languages: readonly LanguageCode[]
  defaultLanguage: LanguageCode
  /** Where an unsupported language lands (SPEC §3: "falls back to en", the site's English). */
  english: LanguageCode
}

export type LanguageSource = 'url' | 'cookie' | 'accept-language' | 'default'

export interface LanguageChoice {
  code: LanguageCode
  source: LanguageSource
  /**
   * Set only when the URL carried a language this site must not serve under that spelling
   * (unsupported here, unknown, or not in canonical case): redirect to this code's prefix.
   */
  redirect?: LanguageCode
}

export interface LanguageRequest {
  /** The first path segment as it arrived (see parseLangPrefix), or null. */
  urlLang?: string | null
  cookieLang?: string | null
  acceptLanguage?: string | null
  region: SiteLanguages
}

export function chooseLanguage({ urlLang, cookieLang, acceptLanguage, region }: LanguageRequest): LanguageChoice {
  if (urlLang) {
    // The URL alone decides where a wrong prefix goes (not the cookie or browser), so the
    // redirect is the same for every visitor and crawler and can be cached.
    const code = matchLanguage(urlLang, region.languages) ?? region.english
    return code === urlLang ? { code, source: 'url' } : { code, source: 'url', redirect: code }
  }
  // Our own cookie holds a canonical code; anything else (another region's code, a stale or
  // forged value) is ignored rather than mapped.
  if (cookieLang && (region.languages as readonly string[]).includes(cookieLang)) {
    return { code: cookieLang as LanguageCode, source: 'cookie' }
  }
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const code = matchLanguage(tag, region.languages)
    if (code !== null) return { code, source: 'accept-language' }
  }
  return { code: region.defaultLanguage, source: 'default' }
}

export interface LangPrefix {
  /** The canonical code when the first segment is a known language code (any case), else null. */
  lang: LanguageCode | null
  /**
   * The first segment exactly as written, when it is a language code of any region or a language
   * tag no site lists (fr, en-US): pass it as urlLang, which sends the latter to the fallback.
   */
  segment: string | null
  /** The path after the language segment, always starting with "/". */
  rest: string
}

/**
 * Splits "/tr-TUR/trade/BTCUSDT" into tr-TUR and "/trade/BTCUSDT". Any region's code counts, and
 * so does a well-formed language tag no site lists ("/fr/…"), with lang null: otherwise "/fr"
 * would be read as a page and end in a 404 (docs/decisions/regions-and-languages.md "Unknown language prefixes").
 */
export function parseLangPrefix(pathname: string): LangPrefix {
  const m = /^\/([^/]+)(\/.*)?$/.exec(pathname)
  const segment = m?.[1]
  const lang = segment === undefined ? null : findLanguageCode(segment)
  if (m === null || segment === undefined || (lang === null && !isLanguageTag(segment))) {
    return { lang: null, segment: null, rest: pathname }
  }
  return { lang, segment, rest: m[2] ?? '/' }
}

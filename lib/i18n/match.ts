/**
 * Maps a language tag from outside (URL segment, Accept-Language entry) onto one language of a
 * site's list. Tiers, best first:
 *  1. the exact code, any case            ("tr-tur" → tr-TUR)
 *  2. the BCP 47 locale                   (a browser's tr-TR → tr-TUR on the Turkish site)
 *  3. language + script, after CLDR likely-subtag expansion (zh-HK → zh-TW, not zh-MY: both
 *     are Traditional Chinese, which the primary subtag alone cannot tell)
 *  4. the primary language subtag         (en-US → en-TR on the Turkish site)
 * Within a tier the site's list order wins, so es-CO picks es-ES, the first Spanish.
 */
import { LANGUAGES, findLanguageCode, type LanguageCode } from './languages'

function canonical(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null
  } catch {
    return null // not BCP 47, e.g. the spec's own tr-TUR
  }
}

function languageAndScript(tag: string): string | null {
  try {
    const { language, script } = new Intl.Locale(tag).maximize()
    return script ? `${language}-${script}` : null
  } catch {
    return null
  }
}

function primary(tag: string): string {
  return (tag.split('-')[0] ?? '').toLowerCase()
}

export function matchLanguage(tag: string, candidates: readonly LanguageCode[]): LanguageCode | null {
  const exact = findLanguageCode(tag)
  if (exact !== null && candidates.includes(exact)) return exact

  // A known code from another site (kk-KAZ on main) is compared through its own locale, since
  // the spec's three-letter-region codes are not BCP 47.
  const tiers: ((candidate: string) => boolean)[] = []
  const asLocale = exact !== null ? LANGUAGES[exact].locale : canonical(tag)
  if (asLocale !== null) {
    tiers.push((locale) => canonical(locale) === asLocale)
    const script = languageAndScript(asLocale)
    if (script !== null) tiers.push((locale) => languageAndScript(locale) === script)
  }
  const lang = primary(tag)
  if (lang !== '') tiers.push((locale) => primary(locale) === lang)

  for (const matches of tiers) {
    const hit = candidates.find((code) => matches(LANGUAGES[code].locale))
    if (hit !== undefined) return hit
  }
  return null
}

/**
 * Whether a URL segment is a language tag the site does not list (fr, en-US, de-DE, es-419), so
 * the dispatcher can send it to the fallback language instead of treating it as a page name
 * (docs/decisions/regions-and-languages.md "Unknown language prefixes"). Only language[-Script][-REGION] shapes with a
 * language subtag CLDR can name count: "trade", "xx" or "api" stay page paths.
 */

const SHAPE = /^([a-z]{2,3})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?$/i

let names: Intl.DisplayNames | null | undefined

function languageNames(): Intl.DisplayNames | null {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
    } catch {
      names = null // a runtime without DisplayNames: only the listed codes are languages
    }
  }
  return names
}

export function isLanguageTag(segment: string): boolean {
  const m = SHAPE.exec(segment)
  const language = m?.[1]?.toLowerCase()
  if (language === undefined || language === 'und') return false
  try {
    return languageNames()?.of(language) !== undefined
  } catch {
    return false
  }
}

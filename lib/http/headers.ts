import type { RequestLanguage } from './options'

/**
 * SPEC §7 / WIRE.md "Request headers": JSON Accept and Content-Type, platform pc, and the
 * language twice — `lang` in the site's own code (tr-TUR), Accept-Language in BCP 47 (tr-TR).
 */
export function buildRequestHeaders(language: RequestLanguage | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    platform: 'pc',
  }
  if (language) {
    headers.lang = language.code
    // The plain tag: a formatting extension (ar-SA-u-nu-latn, docs/decisions/pages.md "Figure
    // formats from the server") is the page's business, not the upstream's.
    headers['Accept-Language'] = new Intl.Locale(language.locale).baseName
  }
  return headers
}

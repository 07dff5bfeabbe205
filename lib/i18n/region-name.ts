/**
 * A region's name in the page's language, for titles and descriptions (docs/decisions/pages.md
 * "Titles and descriptions per region"): CLDR's names through Intl.DisplayNames, so nine names
 * need no translations of our own. The main site has no country: it returns null and the page
 * uses the site's name.
 */
import type { RegionId } from '../regions/regions'

/** ISO 3166 (and CLDR's "EU") code of each regional site. */
const COUNTRY: Readonly<Record<RegionId, string | null>> = {
  main: null,
  hk: 'HK',
  nl: 'NL',
  tr: 'TR',
  kz: 'KZ',
  eu: 'EU',
  ge: 'GE',
  id: 'ID',
  ae: 'AE',
}

/** `locale` must be a valid BCP 47 tag (tr-TR, never the seed code tr-TUR). */
export function regionDisplayName(region: RegionId, locale: string): string | null {
  const code = COUNTRY[region]
  if (!code) return null
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? null
  } catch {
    return null
  }
}

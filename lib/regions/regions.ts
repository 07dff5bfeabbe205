/**
 * The nine regional sites one deployment serves (SPEC §1). Hosts, API hosts and whether a region
 * is on are operations settings (./config.ts); what is fixed per region lives here.
 */
import {
  EU_LANGUAGES,
  GEORGIA_LANGUAGES,
  HONG_KONG_LANGUAGES,
  INDONESIA_LANGUAGES,
  KAZAKHSTAN_LANGUAGES,
  MAIN_LANGUAGES,
  NETHERLANDS_LANGUAGES,
  TURKEY_LANGUAGES,
  type LanguageCode,
} from '../i18n/languages'

/**
 * `ae` (UAE) is our name for the spec's ninth region "that has no language list of its own":
 * it serves the main list, which already carries English and Arabic (ar-SA).
 * See docs/decisions/regions-and-languages.md "The ninth region is `ae` (UAE), serving the main list".
 */
export const REGION_IDS = ['main', 'hk', 'nl', 'tr', 'kz', 'eu', 'ge', 'id', 'ae'] as const
export type RegionId = (typeof REGION_IDS)[number]

export interface Region {
  id: RegionId
  /** English name for operators and logs; pages show translated names from the message files. */
  name: string
  languages: readonly LanguageCode[]
  /** Served when neither URL, cookie nor Accept-Language picks a language. */
  defaultLanguage: LanguageCode
  /** The region's English: where an unsupported language falls back (SPEC §3). */
  english: LanguageCode
}

// The default is the region's English on every site, not the local language first in its list:
// SPEC §3/§9 make en the fallback, and a visitor whose browser asked for none of the site's
// languages reads English more likely than, say, Georgian.
function region(id: RegionId, name: string, languages: readonly LanguageCode[], english: LanguageCode): Region {
  return { id, name, languages, defaultLanguage: english, english }
}

export const REGIONS: Readonly<Record<RegionId, Region>> = {
  main: region('main', 'Main site', MAIN_LANGUAGES, 'en'),
  hk: region('hk', 'Hong Kong', HONG_KONG_LANGUAGES, 'en-HK'),
  nl: region('nl', 'Netherlands', NETHERLANDS_LANGUAGES, 'en-NL'),
  tr: region('tr', 'Turkey', TURKEY_LANGUAGES, 'en-TR'),
  kz: region('kz', 'Kazakhstan', KAZAKHSTAN_LANGUAGES, 'en-KAZ'),
  eu: region('eu', 'EU', EU_LANGUAGES, 'en-EU'),
  ge: region('ge', 'Georgia', GEORGIA_LANGUAGES, 'en-GEO'),
  id: region('id', 'Indonesia', INDONESIA_LANGUAGES, 'en-IDN'),
  ae: region('ae', 'United Arab Emirates', MAIN_LANGUAGES, 'en'),
}

/** Regions whose list ops may widen to ALL_LANGUAGES (REGION_<ID>_LANGUAGES=all). */
export const REGIONS_WITH_ALL_LANGUAGES: readonly RegionId[] = ['main', 'ae']

export function isRegionId(value: string): value is RegionId {
  return (REGION_IDS as readonly string[]).includes(value)
}

import type { Metadata } from 'next'
import { LANGUAGES, type Language } from '@/lib/i18n/languages'
import type { SiteContext } from '../config/site-config'

/**
 * hreflang wants ISO 639 + ISO 3166 alpha-2; a locale like en-150 (en-EU) is announced by its
 * language alone (docs/decisions/regions-and-languages.md "A spec code and a BCP 47 locale per language").
 */
export function hreflangOf(language: Language): string {
  return /^[a-z]{2,3}(-[A-Z]{2})?$/.test(language.locale) ? language.locale : (language.locale.split('-')[0] ?? 'en')
}

/** Absolute URL of a page of the site, from configuration only (never from the request). */
export function absoluteUrl(site: SiteContext, code: string, path: string): string {
  return new URL(`/${code}${path}`, site.region.publicUrl).href
}

/** Canonical, hreflang alternates for every language of the region plus x-default, and Open Graph. */
export function pageAlternates(site: SiteContext, path: string): Pick<Metadata, 'alternates' | 'openGraph'> {
  const languages: Record<string, string> = {}
  for (const code of site.region.languages) languages[hreflangOf(LANGUAGES[code])] = absoluteUrl(site, code, path)
  languages['x-default'] = absoluteUrl(site, site.region.defaultLanguage, path)
  const canonical = absoluteUrl(site, site.language.code, path)
  return {
    alternates: { canonical, languages },
    openGraph: { url: canonical, locale: site.language.locale.replace('-', '_'), siteName: 'Spot', type: 'website' },
  }
}

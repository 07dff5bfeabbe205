import type { RegionConfig, SiteConfig } from '@/lib/regions/config'
import { isRegionId, type RegionId } from '@/lib/regions/regions'
import { isLanguageCode, LANGUAGES, type Language } from '@/lib/i18n/languages'
import type { ClientSiteConfig } from '@/lib/browser-runtime/site-config'
import { runtimeConfig } from './runtime-config'

/** The ops configuration, read from the runtime environment once per process (docs/decisions/regions-and-languages.md "Production config is explicit"). */
export function getSiteConfig(): SiteConfig {
  return runtimeConfig().site
}

export interface SiteContext {
  region: RegionConfig
  language: Language
}

/**
 * Validates the internal /{region}/{lang} route params. Null means "not a page of this site":
 * an unknown region or a language outside the region's list (the middleware never produces
 * either, so only a hand-made internal URL lands here).
 */
export function resolveSiteContext(regionParam: string, langParam: string): SiteContext | null {
  if (!isRegionId(regionParam) || !isLanguageCode(langParam)) return null
  const region = getSiteConfig().regions[regionParam as RegionId]
  if (!region.languages.includes(langParam)) return null
  return { region, language: LANGUAGES[langParam] }
}

/** Every (region, language) page the build prerenders: the enabled regions' lists. */
export function allSiteParams(): { region: RegionId; lang: string }[] {
  return Object.values(getSiteConfig().regions)
    .filter((region) => region.enabled)
    .flatMap((region) => region.languages.map((lang) => ({ region: region.id, lang })))
}

/** What the browser's network layer gets: the region's API hosts and the fast-path settings. */
export function clientSiteConfig(regionId: RegionId): ClientSiteConfig {
  const config = getSiteConfig()
  return { region: regionId, apiHosts: config.regions[regionId].apiHosts, fastPathHosts: config.fastPathHosts, fastPath: config.fastPath }
}

import { join } from 'node:path'
import { LANGUAGES, type Language } from '@/lib/i18n/languages'
import type { RegionConfig } from '@/lib/regions/config'
import type { SymbolListResult } from '@/lib/symbols'
import { processSingleton } from './global'
import { getSiteConfig } from './site-config'
import { createSymbolService, type ListStatus } from './symbol-service'

/** The process-wide pair-list service every page, route and health check shares. */
const service = processSingleton('symbols', () =>
  createSymbolService({ dir: process.env.SYMBOL_CACHE_DIR ?? join(process.cwd(), '.next', 'cache', 'spot-symbols') }),
)

export function getSymbolList(region: RegionConfig, language: Language): Promise<SymbolListResult> {
  return service.getSymbolList(region, language)
}

export function symbolListStatus(): Record<string, ListStatus> {
  return service.status()
}

/** Whether the main region's upstream gives a live list right now (build-time prerender gate). */
export async function upstreamIsLive(): Promise<boolean> {
  const main = getSiteConfig().regions.main
  return service.isLive(await getSymbolList(main, LANGUAGES[main.defaultLanguage]))
}

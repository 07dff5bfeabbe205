import { join } from 'node:path'
import { systemTimers } from '@/lib/engine-kit/environment'
import { withPatience } from '@/lib/http/patience'
import { LANGUAGES, type Language } from '@/lib/i18n/languages'
import type { RegionConfig } from '@/lib/regions/config'
import type { SymbolListResult } from '@/lib/symbols'
import type { SymbolCacheSeed } from '@/lib/symbols/seed'
import { processSingleton } from '../config/global'
import { runtimeConfig } from '../config/runtime-config'
import { getSiteConfig } from '../config/site-config'
import { fleetLink } from '../fleet/fleet'
import { createSymbolListService } from './service'
import { registerSymbolListGauges } from './metrics'
import { createRedisListStore } from './source'
import type { RegionListStatus } from './status'

const enabledRegions = () => Object.values(getSiteConfig().regions).filter((region) => region.enabled)

/**
 * The process-wide symbol-list service every page, route and health check shares; in fleet mode
 * over the lists and leases the fleet shares in Redis (docs/decisions/fleet.md "One refresher per
 * fleet for lists and tickers"). Lists are upstream data: keyed by upstream and language, not by
 * build.
 */
/** Where the server keeps its last good symbol lists across restarts (`SYMBOL_CACHE_DIR`). */
export const symbolCacheDir = () => runtimeConfig().symbolCacheDir ?? join(process.cwd(), '.next', 'cache', 'spot-symbols')

const service = processSingleton('symbols', () => {
  const link = fleetLink(getSiteConfig())
  const created = createSymbolListService({
    dir: symbolCacheDir(),
    shared: link ? createRedisListStore(link, 'spot:lists:v1') : undefined,
  })
  registerSymbolListGauges(() => Object.fromEntries(enabledRegions().map((region) => [region.id, created.status(region)])))
  return created
})

/**
 * The records the browser seeds its caches from, for a list a page renders; they travel in the
 * whole-list resource (server/pages/whole-list.ts; docs/decisions/pages.md "The browser starts from the
 * page's symbol list"). Undefined when the list has no seed.
 */
export function getSymbolCacheSeed(region: RegionConfig, language: Language, list: SymbolListResult): SymbolCacheSeed | undefined {
  return service.cacheSeed(region, language, list)
}

/** How long /api/health and /api/ready wait for the lists they ask for before answering. */
const CHECK_BUDGET_MS = { health: 5000, ready: 2000 }

export function getSymbolList(region: RegionConfig, language: Language): Promise<SymbolListResult> {
  return service.getSymbolList(region, language)
}

/** The list the last ask answered, asking only when none did (the markets page's resources: server/pages/whole-list.ts). */
export function lastSymbolList(region: RegionConfig, language: Language): Promise<SymbolListResult> {
  return service.lastSymbolList(region, language)
}

/**
 * Each enabled region's symbol-list state, after asking for the lists that are due (readiness: each
 * region's default language; health: also every loaded language whose list is not live or past
 * its refresh time). The service reuses fresh lists and does not ask a backed-off upstream, so an
 * outage shows without a page render and a probe cannot cause a storm (docs/decisions/pages.md
 * "Health, liveness and readiness").
 */
export async function symbolListStatus(check: keyof typeof CHECK_BUDGET_MS): Promise<Record<string, RegionListStatus>> {
  const regions = enabledRegions()
  const asks = regions.flatMap((region) =>
    (check === 'ready' ? [region.defaultLanguage] : service.dueLanguages(region)).map((code) => service.getSymbolList(region, LANGUAGES[code])),
  )
  // Past the budget the probe answers with what it has; the lists asked for go on loading.
  await withPatience(Promise.all(asks), CHECK_BUDGET_MS[check], () => [], systemTimers)
  const lists = Object.fromEntries(regions.map((region) => [region.id, service.status(region)]))
  return lists
}

/** Whether the main region's upstream gives a live list right now (build-time prerender gate). */
export async function upstreamIsLive(): Promise<boolean> {
  const main = getSiteConfig().regions.main
  return service.isLive(await getSymbolList(main, LANGUAGES[main.defaultLanguage]))
}

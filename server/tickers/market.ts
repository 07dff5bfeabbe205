import type { RegionConfig } from '@/lib/regions/config'
import type { SymbolListView } from '@/lib/symbol-view/view'
import { rowFiguresOf, type Figures } from '@/lib/market-data/figures'
import { fleetLink } from '../fleet/fleet'
import { processSingleton } from '../config/global'
import { createRedisTickerStore, createTickerService, type TickerSnapshot } from './tickers'
import { logger } from '../ops/observability'
import { getSiteConfig } from '../config/site-config'

/**
 * The process-wide ticker service every page shares (server/tickers/tickers.ts); in fleet mode over
 * the tickers and leases the fleet shares in Redis (docs/decisions/fleet.md "One refresher per
 * fleet for lists and tickers"). Tickers are upstream data: keyed by upstream, not by build.
 */
const service = processSingleton('tickers', () => {
  const link = fleetLink(getSiteConfig())
  return createTickerService({
    shared: link ? createRedisTickerStore(link) : undefined,
    onFailure: (upstream, message) => logger.warn({ upstream, message }, 'tickers: upstream failed, keeping the last good tickers'),
  })
})

export function getTickers(region: RegionConfig): Promise<TickerSnapshot> {
  return service.getTickers(region.apiBaseUrl)
}

/** The row figures of every pair the markets page lists (and only those), as of now, formatted. */
export async function marketFiguresFor(region: RegionConfig, view: SymbolListView, locale: string): Promise<Record<string, Figures>> {
  const { tickers } = await getTickers(region)
  const out: Record<string, Figures> = {}
  for (const group of view.groups)
    for (const row of group.rows) if (tickers[row.symbolId]) out[row.symbolId] = rowFiguresOf(tickers[row.symbolId], row.priceStep, locale)
  return out
}

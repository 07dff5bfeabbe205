import type { RegionConfig } from '@/lib/regions/config'
import { processSingleton } from './global'
import { createTickerService, type TickerSnapshot } from './market-tickers'
import { logger } from './observability'

/** The process-wide ticker service every page shares (server/market-tickers.ts). */
const service = processSingleton('tickers', () =>
  createTickerService({ onFailure: (upstream, message) => logger.warn({ upstream, message }, 'tickers: upstream failed, keeping the last good tickers') }),
)

export function getTickers(region: RegionConfig): Promise<TickerSnapshot> {
  return service.getTickers(region.apiBaseUrl)
}

import type { NextRequest } from 'next/server'
import { resolveRegion } from '@/lib/regions/host'
import { getSiteConfig } from '@/server/site-config'
import type { ClientSiteConfig } from '@/components/runtime/ClientRuntime'

export const dynamic = 'force-dynamic'

/**
 * The browser's network settings for the requesting host's region, read per request: cached
 * page HTML carries the values it was rendered with, and this lets ops change API hosts with a
 * restart and have every open page follow (docs/decisions.md "Client config at run time").
 */
export function GET(request: NextRequest) {
  const config = getSiteConfig()
  const { region } = resolveRegion({ host: request.headers.get('host'), forwardedHost: request.headers.get('x-forwarded-host') }, config)
  const site = config.regions[region]
  const body: ClientSiteConfig = { region, apiHosts: site.apiHosts, fastPathHosts: config.fastPathHosts, fastPath: config.fastPath }
  return Response.json(body, { headers: { 'Cache-Control': 'private, max-age=60', Vary: 'Host' } })
}

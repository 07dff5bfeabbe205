import type { NextRequest } from 'next/server'
import { resolveRegion } from '@/lib/regions/host'
import { runtimeConfig } from '@/server/config/runtime-config'
import { clientSiteConfig, getSiteConfig } from '@/server/config/site-config'

export const dynamic = 'force-dynamic'
const CLIENT_CONFIG_CACHE_CONTROL = 'public, max-age=30, s-maxage=20, stale-while-revalidate=10'

/**
 * The browser's network settings for the requesting host's region, read per request: cached
 * page HTML carries the values it was rendered with, and this lets ops change API hosts with a
 * restart and have every open page follow (docs/decisions/pages.md "Client config at run time").
 * The web-vitals sample rate is sent only here, never baked into a page. Shared per host: the
 * edge keeps it 20 s (30 s while it refreshes), a browser 30 s, so a change reaches every page
 * within a minute of the restart.
 */
export function GET(request: NextRequest) {
  const { region } = resolveRegion({ host: request.headers.get('host'), forwardedHost: request.headers.get('x-forwarded-host') }, getSiteConfig())
  const body = { ...clientSiteConfig(region), webVitalsSampleRate: runtimeConfig().webVitalsSampleRate }
  return Response.json(body, { headers: { 'Cache-Control': CLIENT_CONFIG_CACHE_CONTROL, Vary: 'Host' } })
}

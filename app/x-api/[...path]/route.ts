import type { NextRequest } from 'next/server'
import { clientAddress } from '@/lib/http/client-address'
import { resolveRegion } from '@/lib/regions/host'
import { getSiteConfig } from '@/server/config/site-config'
import { crossApiProxy } from '@/server/pages/x-api'

export const dynamic = 'force-dynamic'

/**
 * SPEC §7 fe.crossApi: the browser's API calls on the site's own origin. The middleware does
 * not run here (its matcher skips /x-api: Next would buffer the body first), so the Host is
 * mapped to a region through SiteConfig exactly as the middleware does, and the upstream is
 * that region's configured one. Policy lives in lib/x-api.
 */
async function proxy(request: NextRequest, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params
  const config = getSiteConfig()
  const { region } = resolveRegion({ host: request.headers.get('host'), forwardedHost: request.headers.get('x-forwarded-host') }, config)
  const site = config.regions[region]
  return crossApiProxy().handle({
    method: request.method,
    path: `/${path.join('/')}`,
    search: request.nextUrl.search,
    headers: request.headers,
    body: request.body,
    upstreamBase: site.apiBaseUrl,
    publicUrl: site.publicUrl,
    clientAddress: clientAddress(request.headers.get('x-forwarded-for'), config),
    signal: request.signal,
  })
}

export { proxy as GET, proxy as HEAD, proxy as POST, proxy as PUT, proxy as PATCH, proxy as DELETE, proxy as OPTIONS }

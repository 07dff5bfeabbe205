import type { NextRequest } from 'next/server'
import { clientAddress } from '@/lib/http/client-address'
import { isRegionId } from '@/lib/regions/regions'
import { getSiteConfig } from '@/server/site-config'
import { crossApiProxy } from '@/server/x-api'

export const dynamic = 'force-dynamic'

/**
 * SPEC §7 fe.crossApi: the browser's API calls on the site's own origin. The middleware routes
 * /x-api/… here as /x-api/{region}/… (the region from the Host through SiteConfig, like every
 * page); the upstream is that region's configured one. Policy lives in lib/x-api.
 */
async function proxy(request: NextRequest, { params }: { params: Promise<{ region: string; path: string[] }> }) {
  const { region, path } = await params
  if (!isRegionId(region)) return new Response(null, { status: 404 })
  const config = getSiteConfig()
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
  })
}

export { proxy as GET, proxy as HEAD, proxy as POST, proxy as PUT, proxy as PATCH, proxy as DELETE, proxy as OPTIONS }

import { NextResponse, type NextRequest } from 'next/server'
import { LANG_COOKIE } from '@/lib/i18n/languages'
import type { SiteConfig } from '@/lib/regions/config'
import { dispatchRequest, type Dispatch } from '@/lib/regions/dispatch'
import { securityHeaders } from '@/lib/regions/security-headers'
import { runtimeConfig } from '@/server/config/runtime-config'

// Edge middleware over pure lib/ code (docs/decisions/stack.md "middleware.ts on the edge, not
// proxy.ts"). Config is read from the runtime environment once per isolate: ops change it with
// a restart, no rebuild. instrumentation.ts validates the same variables at start.
const regionHeaders = new Map<string, Record<string, string>>()

/** CSP and friends of the request's region (docs/decisions/site-routing.md "Security headers and the CSP"). */
function withSecurityHeaders(response: NextResponse, region: Dispatch['region'], config: SiteConfig): NextResponse {
  let headers = regionHeaders.get(region)
  if (headers === undefined) {
    headers = securityHeaders(config.regions[region], config, process.env.NODE_ENV === 'development')
    regionHeaders.set(region, headers)
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
  return response
}

export function middleware(request: NextRequest) {
  const config = runtimeConfig().site
  const decision = dispatchRequest(
    {
      pathname: request.nextUrl.pathname,
      search: request.nextUrl.search,
      host: request.headers.get('host'),
      forwardedHost: request.headers.get('x-forwarded-host'),
      langCookie: request.cookies.get(LANG_COOKIE)?.value,
      acceptLanguage: request.headers.get('accept-language'),
    },
    config,
  )
  return withSecurityHeaders(respond(request, decision), decision.region, config)
}

function respond(request: NextRequest, decision: Dispatch): NextResponse {
  switch (decision.kind) {
    case 'rewrite': {
      // An internal rewrite: same server, the path comes from dispatchRequest alone.
      const url = request.nextUrl.clone()
      url.pathname = decision.pathname
      // A 404 rewrite keeps its status through the render (docs/decisions/pages.md "The 404 page is
      // rendered on the server").
      return NextResponse.rewrite(url, decision.status ? { status: decision.status } : undefined)
    }
    case 'redirect':
      // Location is on the region's configured origin: nothing from the Host header reaches it.
      return new NextResponse(null, {
        status: decision.status,
        headers: { Location: decision.location, Vary: 'Cookie, Accept-Language', 'Cache-Control': 'private, no-store' },
      })
    case 'reject':
      return new NextResponse(null, { status: decision.status })
    case 'pass':
      return NextResponse.next()
  }
}

export const config = {
  // Static assets, Next's own files and images never need a region or language. The body-taking
  // routes (/x-api, /api/monitor) are skipped too: Next reads up to 10 MB of a body for
  // middleware before any code could refuse it (docs/decisions/client-wiring.md "/x-api: connection
  // limit and timeouts").
  // The service worker's script is a .js file that must carry the region's CSP: it is let through
  // by its own entry (docs/decisions/offline.md "The worker's headers").
  matcher: [
    '/((?!_next/static|_next/image|favicon.ico|x-api/|api/monitor$|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|css|js|woff2?|webmanifest)$).*)',
    '/serwist/:path*',
  ],
}

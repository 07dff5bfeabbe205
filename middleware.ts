import { NextResponse, type NextRequest } from 'next/server'
import { LANG_COOKIE } from '@/lib/i18n/languages'
import type { SiteConfig } from '@/lib/regions/config'
import { dispatchRequest, type Dispatch } from '@/lib/regions/dispatch'
import { RESOURCE_HEADERS, securityHeaders } from '@/lib/regions/security-headers'
import { runtimeConfig } from '@/server/config/runtime-config'

// Edge middleware over pure lib/ code (docs/decisions/stack.md "middleware.ts on the edge, not
// proxy.ts"). Config is read from the runtime environment once per isolate: ops change it with
// a restart, no rebuild. instrumentation.ts validates the same variables at start.
const regionHeaders = new Map<string, Record<string, string>>()

/**
 * CSP and friends of the request's region, or for a route handler's answer (no document) the
 * resource headers (docs/decisions/site-routing.md "Security headers and the CSP").
 */
function withSecurityHeaders(response: NextResponse, decision: Dispatch, config: SiteConfig): NextResponse {
  const { region } = decision
  let headers = 'resource' in decision && decision.resource ? RESOURCE_HEADERS : regionHeaders.get(region)
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
  return withSecurityHeaders(respond(request, decision), decision, config)
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
  // Next's own files, the public files (the icons) and the web manifest never need a region or
  // language. Every other path comes here, a file's extension or not: the internal
  // /{region}/{lang}/… routes answer only what this sent there, so `/hk/zh-HK/x.js` is the same
  // 404 as any unknown path (docs/decisions/site-routing.md "Region in the route, never in
  // headers"). The body-taking routes (/x-api, /api/monitor) are skipped: Next reads up to 10 MB of
  // a body for middleware before any code could refuse it (docs/decisions/client-wiring.md
  // "/x-api: connection limit and timeouts"); they set their own headers. The service worker's
  // script is let through by its own entry (docs/decisions/offline.md "The worker's headers").
  matcher: ['/((?!_next/static/|_next/image|favicon\\.ico$|favicon\\.svg$|manifest\\.webmanifest$|x-api/|api/monitor$).*)', '/serwist/:path*'],
}

/**
 * What the edge middleware does with a request, as one pure function so the
 * middleware stays a few lines and this logic moves to proxy.ts unchanged
 * (docs/decisions/stack.md "middleware.ts on the edge, not proxy.ts").
 *
 * Every page lives under the internal segment /{region}/{lang}/…: region comes from the Host,
 * never from the URL, so a page rendered for one region cannot be asked for on another host,
 * and every cache key (HTML, RSC, prefetch) contains the region.
 */
import { isPagePath, isResourcePath } from './page-paths'
import { chooseLanguage, parseLangPrefix } from '../i18n/negotiate'
import type { SiteConfig } from './config'
import { resolveRegion } from './host'
import type { RegionId } from './regions'

export interface IncomingRequest {
  pathname: string
  search: string
  host: string | null
  forwardedHost?: string | null
  langCookie?: string | null
  acceptLanguage?: string | null
}

export type Dispatch =
  /** Serve the internal path (same origin; the query string is kept as it came); `resource`: a route handler's, no document. */
  | { kind: 'rewrite'; region: RegionId; pathname: string; status?: 404; resource?: true }
  /** Redirect on the region's configured public origin: the Host header never reaches it. */
  | { kind: 'redirect'; region: RegionId; location: string; status: 307 | 308 }
  | { kind: 'reject'; region: RegionId; status: 400 }
  /** Leave alone: global routes such as /api/health (`resource`: no document). */
  | { kind: 'pass'; region: RegionId; resource?: true }

/**
 * Routes that are the same on every host. /x-api (SPEC §7) is the site's own proxy, a Node route
 * that maps the Host through SiteConfig itself; the middleware matcher skips it, since Next
 * buffers a request body for middleware before anything can refuse it. /serwist/ serves the
 * service worker, which gets the region's security headers here (docs/decisions/offline.md "The worker's headers").
 */
const GLOBAL_PREFIXES = ['/api/', '/x-api/', '/serwist/']
/** The global routes whose answers are no document (the service worker's script keeps the site's CSP). */
const RESOURCE_PREFIXES = ['/api/', '/x-api/']
/** Per-region files at the root (absolute URLs of that region only): served from /{region}/file. */
const REGION_ROOT_FILES = new Set(['/robots.txt', '/sitemap.xml'])

/** Every %XX escape decodes to UTF-8; Next's router answers 500 for one that does not. */
function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}

export function dispatchRequest(request: IncomingRequest, config: SiteConfig): Dispatch {
  const { region } = resolveRegion({ host: request.host, forwardedHost: request.forwardedHost }, config)
  const site = config.regions[region]
  const { pathname, search } = request
  // Concatenated, not resolved against the origin: a path such as "//evil.example" must stay a
  // path on this site, never become a scheme-relative URL.
  const onSite = (path: string) => new URL(`${site.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`).href

  // docs/decisions/site-routing.md "Malformed requests": a clear 400 here instead of a 500 from Next.
  if (!decodable(pathname)) return { kind: 'reject', region, status: 400 }
  // Next's own trailing-slash redirect is off (next.config.ts), so "/fr/" costs one redirect,
  // not "/fr/" → "/fr" → "/en".
  if (pathname.length > 1 && pathname.endsWith('/')) {
    const trimmed = pathname.replace(/\/+$/, '') || '/'
    const then = dispatchRequest({ ...request, pathname: trimmed }, config)
    return then.kind === 'redirect' ? then : { kind: 'redirect', region, location: onSite(`${trimmed}${search}`), status: 308 }
  }
  if (GLOBAL_PREFIXES.some((prefix) => pathname.startsWith(prefix)))
    return RESOURCE_PREFIXES.some((prefix) => pathname.startsWith(prefix)) ? { kind: 'pass', region, resource: true } : { kind: 'pass', region }
  if (REGION_ROOT_FILES.has(pathname)) return { kind: 'rewrite', region, pathname: `/${region}${pathname}`, resource: true }

  const prefix = parseLangPrefix(pathname)
  const choice = chooseLanguage({
    urlLang: prefix.segment,
    cookieLang: request.langCookie,
    acceptLanguage: request.acceptLanguage,
    region: site,
  })
  if (prefix.segment === null) {
    // No language in the URL: send the visitor to their language's URL, so every page a
    // crawler or cache sees has exactly one language.
    const rest = pathname === '/' ? '' : pathname
    return { kind: 'redirect', region, location: onSite(`/${choice.code}${rest}${search}`), status: 307 }
  }
  if (choice.redirect) {
    const rest = prefix.rest === '/' ? '' : prefix.rest
    return { kind: 'redirect', region, location: onSite(`/${choice.redirect}${rest}${search}`), status: 308 }
  }
  const rest = prefix.rest === '/' ? '' : prefix.rest
  // A path no page has: the catch-all renders the not-found page, answered as a 404.
  return {
    kind: 'rewrite',
    region,
    pathname: `/${region}/${choice.code}${rest}`,
    ...(isPagePath(rest) ? {} : { status: 404 as const }),
    ...(isResourcePath(rest) ? { resource: true as const } : {}),
  }
}

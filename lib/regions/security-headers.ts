/**
 * The security headers of every page response, per region (docs/decisions/site-routing.md "Security headers
 * and the CSP"). connect-src lists exactly what this region's browser code may reach: its API
 * hosts, the fast-path hosts and websocket, the CDN probe; img-src the configured icon hosts.
 * Built from the runtime SiteConfig, so the middleware sets them: next.config headers are fixed
 * at build time.
 */
import type { RegionConfig, SiteConfig } from './config'

const origin = (url: string) => new URL(url).origin

/** Each source once, in first-seen order. */
const sources = (...list: readonly string[]) => [...new Set(list)].join(' ')

export function contentSecurityPolicy(region: RegionConfig, config: SiteConfig, dev = false): string {
  const { main, alt1, alt2 } = region.apiHosts
  const { wsUrl, cdnUrl } = config.fastPath
  const apiOrigins = [main, alt1, alt2, ...config.fastPathHosts].map(origin)
  // The public market websocket lives on the same hosts (docs/decisions/client-wiring.md "Live prices: websocket, else polling").
  const streamOrigins = apiOrigins.filter((o) => /^https?:/.test(o)).map((o) => o.replace(/^http/, 'ws'))
  const connect = [...apiOrigins, ...streamOrigins, ...(wsUrl ? [wsUrl] : []), ...(cdnUrl ? [cdnUrl] : [])].map(origin)
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    // 'unsafe-inline': Next's inline flight scripts and the theme script, on pages that stay
    // static (no per-request nonce). `next dev` also needs eval for its refresh runtime.
    ['script-src', sources("'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : []))],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', sources("'self'", 'data:', ...config.iconHosts)],
    ['font-src', "'self'"],
    ['connect-src', sources("'self'", ...connect)],
    // The service worker, from this origin only (docs/decisions/offline.md "The worker's headers").
    ['worker-src', "'self'"],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ]
  return directives.map(([name, value]) => `${name} ${value}`).join('; ')
}

/**
 * What every answer that is no document carries (API answers, the proxy's, data resources, robots
 * and sitemap): never sniffed, never run as a page on this origin, whatever an upstream put in it
 * (docs/decisions/site-routing.md "Security headers and the CSP").
 */
export const RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
}

/** Sets RESOURCE_HEADERS on a route handler's own answer (the middleware sets them on the others). */
export function asResource(response: Response): Response {
  for (const [name, value] of Object.entries(RESOURCE_HEADERS)) response.headers.set(name, value)
  return response
}

export function securityHeaders(region: RegionConfig, config: SiteConfig, dev = false): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(region, config, dev),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Frame-Options': 'DENY',
  }
  // Only a site served over https may pin it; no includeSubDomains, since regional hosts are
  // often subdomains run by other teams.
  if (region.publicUrl.startsWith('https:')) headers['Strict-Transport-Security'] = 'max-age=31536000'
  return headers
}

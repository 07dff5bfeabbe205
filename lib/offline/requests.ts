/**
 * Which requests the service worker answers, and how (docs/decisions/offline.md "What the worker
 * keeps"). Everything it does not name goes to the network untouched: other origins, every
 * method but GET, /api/*, /x-api/*, the worker's own files.
 */

export type RequestKind =
  /** A document of the site: the network within the patience, else the saved copy, else the offline page. */
  | 'page'
  /** `/`, the manifest's start_url: the server redirects it by language, so offline the worker does. */
  | 'launch'
  /** Next's router asking for a page's RSC payload: the network within the patience, else a quick failure. */
  | 'flight'
  /** A hashed, immutable script or stylesheet: kept for the saved pages that load it. */
  | 'static'
  | 'none'

export interface RequestShape {
  method: string
  url: string
  mode: string
  headers: { get(name: string): string | null }
}

const PASSED = ['/api/', '/x-api/', '/serwist/']

export function classifyRequest(request: RequestShape, origin: string): RequestKind {
  if (request.method !== 'GET') return 'none'
  const url = new URL(request.url)
  if (url.origin !== origin) return 'none'
  if (PASSED.some((prefix) => url.pathname.startsWith(prefix))) return 'none'
  if (url.pathname.startsWith('/_next/static/')) return 'static'
  if (url.pathname.startsWith('/_next/')) return 'none'
  // Next's router marks its payload requests both ways (cdn-caching.md): either is enough.
  if (request.headers.get('rsc') === '1' || url.searchParams.has('_rsc')) return 'flight'
  if (request.mode !== 'navigate') return 'none'
  return url.pathname === '/' ? 'launch' : 'page'
}

/**
 * A saved page's key: the origin and path. The markets page keeps its sort, tab and search in
 * the query, which the server ignores, so `/en?sort=price` opens the saved `/en`.
 */
export function pageKey(url: string): string {
  const { origin, pathname } = new URL(url)
  return `${origin}${pathname}`
}

/** The first path segment, the language of every page URL (`/en/trade/spot/BTC/USDT` → `en`); null for `/`. */
export function languageOfPath(pathname: string): string | null {
  const segment = pathname.split('/')[1]
  return segment ? decodeURIComponent(segment) : null
}

/** The offline page of a language, served by app/[region]/[lang]/offline. */
export function offlinePagePath(language: string): string {
  return `/${encodeURIComponent(language)}/offline`
}

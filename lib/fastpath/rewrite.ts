import type { AllowList } from './allow-list'
import { FAST_PATH_API_PREFIXES } from './constants'

/**
 * The host rewrite (SPEC §4 "rewrites the host of matching requests"): a request matches when
 * its origin is the API host in use and its path is an API path; it then goes to the same path
 * on the fast-path host. Pure and total: no input makes it throw.
 */
export type RewriteOutcome =
  | { kind: 'unchanged' }
  | { kind: 'rewritten'; url: string }
  /** The target is not on the allow-list: never rewrite to it. */
  | { kind: 'refused'; target: string }

export interface RewriteContext {
  /** Origin of the API host in use, e.g. "https://api.example.com". */
  apiOrigin: string
  /** The chosen fast-path origin. */
  target: string
  allowList: AllowList
}

export function isFastPathApiPath(pathname: string): boolean {
  return FAST_PATH_API_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}

export function rewriteApiUrl(url: string, context: RewriteContext): RewriteOutcome {
  // Relative URLs (/x-api/…, fe.crossApi) go through the site's own proxy: never rewritten.
  if (!/^https?:\/\//i.test(url)) return { kind: 'unchanged' }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { kind: 'unchanged' } // not a URL the fast path could carry; fetch will say why
  }
  if (parsed.origin !== context.apiOrigin || !isFastPathApiPath(parsed.pathname)) return { kind: 'unchanged' }
  if (!context.allowList.has(context.target)) return { kind: 'refused', target: context.target }
  return { kind: 'rewritten', url: `${context.target}${parsed.pathname}${parsed.search}${parsed.hash}` }
}

/**
 * CORS for the API hosts. The site calls them with credentials (docs/wire.md "Request headers"),
 * so the origin must be echoed, never "*", and only for origins on the allow list.
 */

/** The dev site and its regional subdomains (hk.localhost:3000, …). */
export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:3000', 'http://*.localhost:3000']

const ALLOW_HEADERS = 'content-type, accept, platform, lang, accept-language'

function parseOrigin(text: string): URL | null {
  try {
    return new URL(text)
  } catch {
    return null
  }
}

/** `pattern` is an origin, optionally with a leading "*." host label matching any subdomain. */
export function originMatches(origin: string, pattern: string): boolean {
  const wildcard = pattern.includes('://*.')
  const o = parseOrigin(origin)
  const p = parseOrigin(wildcard ? pattern.replace('://*.', '://wildcard.') : pattern)
  if (!o || !p || o.origin !== origin.replace(/\/$/, '')) return false
  if (!wildcard) return o.origin === p.origin
  const suffix = p.hostname.slice('wildcard'.length)
  return o.protocol === p.protocol && o.port === p.port && o.hostname.endsWith(suffix)
}

/** Headers for an answer to `origin`; Vary is always set because the answer depends on it. */
export function corsHeaders(origin: string | undefined, allowed: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = { Vary: 'Origin' }
  if (origin && allowed.some((pattern) => originMatches(origin, pattern))) {
    headers['Access-Control-Allow-Origin'] = origin
    headers['Access-Control-Allow-Credentials'] = 'true'
    headers['Access-Control-Allow-Headers'] = ALLOW_HEADERS
    headers['Access-Control-Allow-Methods'] = 'GET, OPTIONS'
    headers['Access-Control-Max-Age'] = '600'
  }
  return headers
}

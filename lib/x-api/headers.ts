/**
 * Which headers cross the /x-api proxy (docs/decisions/client-wiring.md "/x-api: endpoints"). Both directions
 * are allow-lists: a client's own X-Forwarded-For, X-Real-IP or Forwarded never reaches the
 * upstream, and nothing the upstream says about itself (Location, Server, Set-Cookie, Via)
 * reaches the browser.
 */

/** What the browser layer sends (wire.md "Request headers") plus conditional-request headers. */
const REQUEST_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'lang', 'platform', 'cookie', 'user-agent', 'if-none-match', 'if-modified-since'])

/** Content headers only; the body is re-encoded by fetch, so length and encoding are not passed. */
const RESPONSE_HEADERS = new Set(['content-type', 'cache-control', 'etag', 'last-modified', 'expires', 'retry-after', 'content-language', 'vary'])

export interface ForwardedBy {
  /** The client address the site trusts (the trusted proxy's hop), or null: none is sent. */
  clientAddress: string | null
  /** The region's configured public origin: the host the browser used, as the site knows it. */
  publicUrl: string
}

export function upstreamRequestHeaders(incoming: Iterable<[string, string]>, by: ForwardedBy): Headers {
  const out = new Headers()
  for (const [name, value] of incoming) if (REQUEST_HEADERS.has(name.toLowerCase())) out.set(name, value)
  const site = new URL(by.publicUrl)
  if (by.clientAddress !== null) out.set('x-forwarded-for', by.clientAddress)
  out.set('x-forwarded-host', site.host)
  out.set('x-forwarded-proto', site.protocol.replace(':', ''))
  return out
}

export function clientResponseHeaders(upstream: Iterable<[string, string]>): Headers {
  const out = new Headers()
  for (const [name, value] of upstream) if (RESPONSE_HEADERS.has(name.toLowerCase())) out.set(name, value)
  return out
}

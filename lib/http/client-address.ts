/**
 * The client's address as far as the site can know it (docs/decisions/regions-and-languages.md "Client address").
 * Only a trusted proxy's word counts: it APPENDS the address it saw to X-Forwarded-For, so the
 * client is the entry `trustedProxyHops` from the end; everything before it was written by the
 * client and may be anything. Without a trusted proxy there is no address at all: Next gives
 * route handlers no socket, and fills X-Forwarded-For from the socket only when the client
 * sent none, so the header cannot tell a real address from a forged one.
 */
export interface ProxyTrust {
  trustProxy: boolean
  /** How many proxies of our own append to X-Forwarded-For (TRUSTED_PROXY_HOPS, default 1). */
  trustedProxyHops: number
}

// IPv4, IPv6 (with an optional zone-less embedded IPv4): characters and length only; the value
// is a key and a header value, never parsed into a URL.
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)$/i

export function clientAddress(forwardedFor: string | null | undefined, trust: ProxyTrust): string | null {
  if (!trust.trustProxy || !forwardedFor) return null
  const hops = forwardedFor.split(',').map((part) => part.trim())
  const entry = hops[hops.length - trust.trustedProxyHops]
  if (entry === undefined || entry.length > 45 || !ADDRESS.test(entry)) return null
  return entry.toLowerCase()
}

/**
 * Host-name syntax shared by request handling (Host / X-Forwarded-Host) and the ops config.
 * Deliberately a whitelist, never `new URL('http://' + host)`: a URL parser turns
 * "a.com:@evil.com" into host evil.com, which is exactly the confusion an attacker wants.
 */

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/
const IPV4_PART = /^(?:0|[1-9]\d{0,2})$/
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/

/**
 * A bare host (no port) lower-cased and without its trailing dot, or null if it is not a plain
 * DNS name, dotted-quad IPv4 or bracketed IPv6 literal.
 */
export function parseHostLiteral(raw: string): string | null {
  const value = raw.toLowerCase()
  if (IPV6_LITERAL.test(value)) {
    // Only hex digits, colons and dots reach the URL parser, so it can only canonicalise.
    try {
      return new URL(`http://${value}/`).hostname
    } catch {
      return null
    }
  }
  const name = value.endsWith('.') ? value.slice(0, -1) : value
  if (name.length === 0 || name.length > 253) return null
  const labels = name.split('.')
  if (!labels.every((label) => LABEL.test(label))) return null
  // An all-digit last label makes resolvers and URL parsers read the name as IPv4 (even "1.2"
  // or "0x7f.1"), so such names must be a strict dotted quad.
  if (/^\d+$/.test(labels.at(-1) ?? '')) {
    const isQuad = labels.length === 4 && labels.every((p) => IPV4_PART.test(p) && Number(p) <= 255)
    return isQuad ? name : null
  }
  return name
}

const HOST_HEADER = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/

/**
 * The host of a Host / X-Forwarded-Host value: case-folded, port and trailing dot removed.
 * Rejects (null) userinfo ("a.com:@evil.com"), paths, spaces, commas (two headers joined),
 * bad ports and empty values.
 */
export function normalizeHost(raw: string | null | undefined): string | null {
  if (raw == null) return null
  const value = raw.trim()
  if (value.length === 0 || value.length > 300) return null
  const m = HOST_HEADER.exec(value)
  if (m === null || m[1] === undefined) return null
  if (m[2] !== undefined && Number(m[2]) > 65535) return null
  return parseHostLiteral(m[1])
}

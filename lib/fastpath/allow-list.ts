/**
 * The fast-path hosts a request may be sent to: only those of the site configuration
 * (SiteConfig.fastPathHosts), reduced to their origins. A getproxy answer or anything else at
 * run time can never add one (wire.md "getproxy").
 */
export interface AllowList {
  origins: readonly string[]
  has(origin: string): boolean
}

/** The origin of an http(s) URL without path, query, fragment or credentials; otherwise null. */
export function originOf(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null
  return url.origin
}

export function createAllowList(candidates: readonly string[]): AllowList & { rejected: readonly string[] } {
  const origins: string[] = []
  const rejected: string[] = []
  for (const candidate of candidates) {
    const origin = originOf(candidate)
    if (origin === null) rejected.push(candidate)
    else if (!origins.includes(origin)) origins.push(origin)
  }
  const set = new Set(origins)
  return { origins, rejected, has: (origin) => set.has(origin) }
}

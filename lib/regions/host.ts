/**
 * Which region a request belongs to, from its Host header (or X-Forwarded-Host behind a trusted
 * proxy). The host is only ever compared with configured names: pages build absolute URLs from
 * config.regions[id].publicUrl, never from the request, so a forged Host cannot poison a
 * canonical link, hreflang or a cached redirect.
 */
import type { SiteConfig } from './config'
import { normalizeHost } from './hostname'
import type { RegionId } from './regions'

export { normalizeHost } from './hostname'

export interface RequestHosts {
  host: string | null | undefined
  forwardedHost?: string | null | undefined
}

export interface RegionMatch {
  region: RegionId
  /** The configured host that matched, or null when the request fell back to main. */
  matchedHost: string | null
}

export function resolveRegion({ host, forwardedHost }: RequestHosts, config: SiteConfig): RegionMatch {
  // Without TRUST_PROXY anyone can send X-Forwarded-Host, so it is ignored. Behind a trusted
  // proxy its first value is the client's original Host; the proxy must overwrite, not append.
  const forwarded = config.trustProxy ? forwardedHost?.split(',')[0]?.trim() : undefined
  const candidate = normalizeHost(forwarded ? forwarded : host)
  if (candidate !== null) {
    for (const region of Object.values(config.regions)) {
      if (region.enabled && region.hosts.includes(candidate)) return { region: region.id, matchedHost: candidate }
    }
  }
  // Unknown, malformed or disabled: the main site, which every deployment serves.
  return { region: 'main', matchedHost: null }
}

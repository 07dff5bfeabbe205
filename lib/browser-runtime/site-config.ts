import type { ApiHosts, FastPathSettings } from '../regions/config'

/**
 * What the browser needs from the server's ops configuration, sent with the page and refreshed
 * from /api/client-config (no rebuild to change it). The server builds it (server/site-config.ts),
 * the browser runtime reads it: it lives here so neither side imports the other.
 */
export interface ClientSiteConfig {
  region: string
  apiHosts: ApiHosts
  fastPathHosts: readonly string[]
  fastPath: FastPathSettings
}

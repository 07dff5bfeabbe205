import type { ApiHosts, FastPathSettings } from '../regions/config'

/**
 * What the browser needs from the server's ops configuration, sent with the page and refreshed
 * from /api/client-config (no rebuild to change it). The server builds it (server/config/site-config.ts),
 * the browser runtime reads it: it lives here so neither side imports the other.
 */
export interface ClientSiteConfig {
  region: string
  apiHosts: ApiHosts
  fastPathHosts: readonly string[]
  fastPath: FastPathSettings
  /**
   * WEB_VITALS_SAMPLE_RATE (0–1): only /api/client-config sends it, so cached HTML never carries
   * an old rate; absent, the page view is not measured.
   */
  webVitalsSampleRate?: number
}

import { e2eEnv } from '../../playwright.config'
import { loadSiteConfig } from '../../lib/regions/config'
import type { RegionId } from '../../lib/regions/regions'

/** The configuration the e2e server runs with, read by the product's own loader (no hand copy). */
const E2E_SITE_CONFIG = loadSiteConfig(e2eEnv)

/** A region's first configured host (browsers resolve *.localhost to loopback). */
export const regionHost = (region: RegionId) => E2E_SITE_CONFIG.regions[region].hosts[0]!

/** The origin a browser uses for a region in the e2e run: its configured public URL. */
export const regionOrigin = (region: RegionId) => new URL(E2E_SITE_CONFIG.regions[region].publicUrl).origin

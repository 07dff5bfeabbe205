import { E2E_PORT } from '../../playwright.config'
import type { RegionId } from '../../lib/regions/regions'

/** A region's demo host (the config defaults; browsers resolve *.localhost to loopback). */
export const regionHost = (region: RegionId) => (region === 'main' ? 'localhost' : `${region}.localhost`)

/** The origin a browser uses for a region in the e2e run. */
export const regionOrigin = (region: RegionId) => `http://${regionHost(region)}:${E2E_PORT}`

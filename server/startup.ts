import { ConfigError, loadSiteConfig } from '@/lib/regions/config'
import { installFleet } from './fleet'

// Validates the ops configuration when `next start` starts (issue #4): a bad value stops the
// server with a message naming the variable and the value, instead of a site that half-works.
// The edge middleware reads the same variables with the same parser.
try {
  installFleet(loadSiteConfig(process.env))
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`Invalid site configuration: ${error.message}`)
  process.exit(78) // EX_CONFIG
}

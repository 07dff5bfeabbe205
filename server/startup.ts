import { ConfigError } from '@/lib/regions/config'
import { installFleet } from './fleet'
import { runtimeConfig } from './runtime-config'

// Validates the runtime configuration when `next start` starts (docs/decisions.md "Startup validation"): a bad value stops the
// server with a message naming the variable and the value, instead of a site that half-works.
// The edge middleware reads the same variables with the same parser (./runtime-config.ts).
try {
  installFleet(runtimeConfig().site)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`Invalid site configuration: ${error.message}`)
  process.exit(78) // EX_CONFIG
}

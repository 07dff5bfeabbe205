import { ConfigError } from '@/lib/regions/config'
import { runtimeConfig } from '../config/runtime-config'

// Validates the runtime configuration when `next start` starts (docs/decisions/site-routing.md "Startup validation"): a bad value stops the
// server with a message naming the variable and the value, instead of a site that half-works.
// The edge middleware reads the same variables with the same parser (./runtime-config.ts).
export async function start(): Promise<void> {
  let config: ReturnType<typeof runtimeConfig>
  try {
    config = runtimeConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(`Invalid site configuration: ${error.message}`)
    process.exit(78) // EX_CONFIG
  }
  // Only now: the fleet module's logger reads the configuration as it loads, so an import at the
  // top would throw a bad value before this check could name it and exit.
  const { installFleet } = await import('./fleet')
  installFleet(config.site)
}

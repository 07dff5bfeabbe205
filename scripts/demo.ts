/**
 * `npm run demo`: the upstream simulator plus the production site, as a trader would see it.
 * Builds (skip with DEMO_SKIP_BUILD=1 when .next is current), then serves on :3000.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { startSimulator } from '../simulator/http/server'
import { DEFAULT_SIM_PORTS } from '../simulator/contract'
import { loadSiteConfig } from '../lib/regions/config'

const PORT = Number(process.env.PORT ?? 3000)

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env })
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

async function main() {
  // The demo is what DEMO_DEFAULTS is for: simulator hosts and *.localhost public URLs.
  const env = { ...process.env, PORT: String(PORT), NEXT_TELEMETRY_DISABLED: '1', DEMO_DEFAULTS: '1' }
  const config = loadSiteConfig(env) // fail before anything starts if the ops variables are wrong
  const sim = await startSimulator({ ports: DEFAULT_SIM_PORTS })
  console.log(`simulator: main ${sim.urls.main}, @1 ${sim.urls.alt1}, @2 ${sim.urls.alt2}, fast path ${sim.urls.fastPath}, admin ${sim.urls.admin}`)

  if (!(process.env.DEMO_SKIP_BUILD === '1' && existsSync('.next/BUILD_ID'))) {
    const code = await run('npx', ['next', 'build'], env)
    if (code !== 0) {
      await sim.close()
      process.exit(code)
    }
  }
  const site = spawn('npx', ['next', 'start', '-p', String(PORT)], { stdio: 'inherit', env })
  console.log('\nOpen the regional sites:')
  for (const region of Object.values(config.regions)) {
    if (region.enabled) console.log(`  ${region.id.padEnd(5)} ${region.publicUrl}/`)
  }
  console.log(`\nFault switches: curl -X POST ${sim.urls.admin}/faults -d '{"host":"main","endpoint":"symbol_list_v3","fault":{"kind":"status","status":503}}'`)

  const stop = async () => {
    site.kill('SIGTERM')
    await sim.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  site.on('exit', async (code) => {
    await sim.close()
    process.exit(code ?? 0)
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

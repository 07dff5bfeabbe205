/**
 * `npm run demo`: the upstream simulator plus the production site, as a trader would see it.
 * Builds (skip with DEMO_SKIP_BUILD=1 when .next is current), then serves on :3000 (or PORT).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { startSimulator } from '../simulator/http/server'
import { loadSiteConfig } from '../lib/regions/config'
import { DEMO_PORTS } from './support/ports'
import { start, stopAll, type Started } from './support/processes'

const ROOT = resolve(__dirname, '..')
const PORT = Number(process.env.PORT ?? DEMO_PORTS.site)
const next = join(ROOT, 'node_modules', '.bin', 'next')

async function main() {
  // The demo is what DEMO_DEFAULTS is for: simulator hosts and *.localhost public URLs.
  const env = { ...process.env, PORT: String(PORT), NEXT_TELEMETRY_DISABLED: '1', DEMO_DEFAULTS: '1' }
  const config = loadSiteConfig(env) // fail before anything starts if the ops variables are wrong
  const sim = await startSimulator({ ports: DEMO_PORTS.sim })
  console.log(`simulator: main ${sim.urls.main}, @1 ${sim.urls.alt1}, @2 ${sim.urls.alt2}, fast path ${sim.urls.fastPath}, admin ${sim.urls.admin}`)
  const started: Started[] = []
  const stop = async (code: number) => {
    await stopAll(started)
    await sim.close()
    process.exit(code)
  }
  process.on('SIGINT', () => void stop(0))
  process.on('SIGTERM', () => void stop(0))

  if (!(process.env.DEMO_SKIP_BUILD === '1' && existsSync(join(ROOT, '.next', 'BUILD_ID')))) {
    const build = start('next build', next, ['build'], { cwd: ROOT, env, output: 'inherit' })
    started.push(build)
    const code = await build.exited
    if (code !== 0) await stop(code ?? 1)
  }
  const site = start('next start', next, ['start', '-p', String(PORT)], { cwd: ROOT, env, output: 'inherit' })
  started.push(site)
  console.log('\nOpen the regional sites:')
  for (const region of Object.values(config.regions)) {
    if (region.enabled) console.log(`  ${region.id.padEnd(5)} ${region.publicUrl}/`)
  }
  console.log(`\nFault switches: curl -X POST ${sim.urls.admin}/faults -d '{"host":"main","endpoint":"symbol_list_v3","fault":{"kind":"status","status":503}}'`)
  await stop((await site.exited) ?? 0)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

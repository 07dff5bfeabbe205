/**
 * `npm run sim`: the upstream simulator on fixed ports for the demo and manual testing.
 * Configuration: config.ts (SIM_PORTS, SIM_LATENCY, SIM_FAULTS, SIM_ALLOWED_ORIGINS, SIM_SEED or flags).
 */
import { SIM_HOSTS } from '../contract'
import { ConfigError, readConfig, USAGE } from './config'
import { startSimulator } from './server'

async function main(): Promise<void> {
  let config
  try {
    config = readConfig(process.env, process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(`simulator: ${error.message}\n\n${USAGE}`)
    process.exit(2)
  }
  if (config.help) return void console.log(USAGE)

  const { help: _help, ...options } = config
  const sim = await startSimulator(options)
  // Before the first line is printed: stdout to a pipe is synchronous, so whoever reads the URLs
  // may signal at once, and an unhandled SIGTERM would end the process without closing.
  const stop = (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: stopping the simulator`)
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  const { latencyMs, faults, market } = sim.state()
  const admin = sim.urls.admin
  console.log(`Upstream simulator, seed ${config.seed}: one listing, delisting or status change every 60 s.`)
  for (const host of SIM_HOSTS) console.log(`  ${host.padEnd(9)} ${sim.urls[host]}  +${latencyMs[host]} ms`)
  console.log(`  websocket ${sim.wsUrl}\n  admin     ${admin}`)
  console.log(`  market    book delta every ${market.depthMs} ms, ${market.tradesPerSecond} trades/s per pair`)
  for (const rule of faults) console.log(`  fault     ${rule.host}:${rule.endpoint} ${JSON.stringify(rule.fault)}`)
  console.log(`
Admin (docs/simulator.md):
  curl -s ${admin}/state
  curl -s -X POST ${admin}/faults -d '{"host":"main","endpoint":"symbol_list_v3","fault":{"kind":"status","status":503}}'
  curl -s -X DELETE '${admin}/faults?host=main'
  curl -s -X POST ${admin}/latency -d '{"host":"alt1","ms":250}'
  curl -s -X POST ${admin}/market -d '{"depthMs":20,"tradesPerSecond":20}'
  curl -s -X POST ${admin}/clock -d '{"advanceMs":60000}'
  curl -s -X POST ${admin}/hits/reset`)
}

main().catch((error: unknown) => {
  console.error(`simulator: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})

/**
 * `npm run fleet`: the simulator, Redis, three `next start` instances of one build, nginx in
 * front and Prometheus beside them (with nginx's exporter when installed), on this machine
 * (README "Fleet", "Operating the fleet"). Builds first unless FLEET_SKIP_BUILD=1 and a build
 * exists. Prints the URLs; Ctrl-C stops everything.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator } from '../simulator/http/server'
import { assertFree } from './bench/stack'
import { startFleet } from './fleet/fleet'
import { speedupFrom, startNginxExporter, startPrometheus } from './fleet/prometheus'

const root = process.cwd()
// Its own ports, so `npm run demo` (3000, 4009–4013) and the e2e run can keep running beside it.
const base = Number(process.env.FLEET_PORT ?? 3080)
const ports = {
  nginx: base,
  instances: [base + 1, base + 2, base + 3],
  uncached: base + 4,
  redis: base + 3300,
  prometheus: base + 10,
  nginxStatus: base + 11,
  nginxExporter: base + 12,
}
const simPorts = { admin: 4080, main: 4081, alt1: 4082, alt2: 4083, fastPath: 4084 }

async function main() {
  await assertFree(
    ports.nginx,
    ...ports.instances,
    ports.uncached,
    ports.redis,
    ports.prometheus,
    ports.nginxStatus,
    ports.nginxExporter,
    ...Object.values(simPorts),
  )
  const speedup = speedupFrom(process.env)
  const sim = await startSimulator({ ports: simPorts, allowedOrigins: [`http://localhost:${ports.nginx}`, `http://*.localhost:${ports.nginx}`] })
  const stopSim = () => sim.close()
  if (!(process.env.FLEET_SKIP_BUILD === '1' && existsSync(join(root, '.next', 'BUILD_ID')))) {
    const build = spawnSync(join(root, 'node_modules', '.bin', 'next'), ['build'], { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } })
    if (build.status !== 0) {
      await stopSim()
      process.exit(build.status ?? 1)
    }
  }
  const fleet = await startFleet({
    root,
    logDir: join(root, '.fleet-logs'),
    nginxPort: ports.nginx,
    uncachedPort: ports.uncached,
    statusPort: ports.nginxStatus,
    instancePorts: ports.instances,
    redisPort: ports.redis,
    // The monitor batches the edge passes to the instances a second (docs/decisions/fleet.md "The monitor's bound at the edge").
    ...(process.env.FLEET_MONITOR_RATE ? { monitor: { ratePerSecond: Number(process.env.FLEET_MONITOR_RATE) } } : {}),
    upstream: {
      apiBaseUrl: sim.urls.main,
      apiHosts: [sim.urls.main, sim.urls.alt1, sim.urls.alt2],
      fastPathHost: sim.urls.fastPath,
      fastPathWsUrl: `ws://127.0.0.1:${simPorts.fastPath}/ws`,
    },
  }).catch(async (error: unknown) => {
    await stopSim()
    throw error
  })
  const promDir = mkdtempSync(join(tmpdir(), 'spot-prometheus-'))
  const logDir = join(root, '.fleet-logs')
  const instances = ports.instances.map((p) => `127.0.0.1:${p}`)
  const exporter = await startNginxExporter({ logDir, port: ports.nginxExporter, statusUrl: fleet.statusUrl }).catch((error: unknown) => {
    console.error(`nginx exporter: ${error instanceof Error ? error.message : error}`)
    return null
  })
  const prometheus = await startPrometheus({ root, dir: promDir, logDir, port: ports.prometheus, instances, nginxExporter: exporter?.target, speedup }).catch(
    (error: unknown) => {
      console.error(`prometheus: ${error instanceof Error ? error.message : error}`)
      return undefined
    },
  )
  console.log(`\nsimulator: main ${sim.urls.main}, admin ${sim.urls.admin}`)
  console.log(`redis:     redis://127.0.0.1:${ports.redis}`)
  console.log(`instances: ${ports.instances.map((p) => `http://127.0.0.1:${p}`).join(', ')} (TRUST_PROXY=true: reach them through nginx)`)
  console.log(`edge:      cache ${fleet.cacheDir}, static root ${fleet.staticRoot}; uncached door :${ports.uncached}`)
  console.log(`logs:      ${join(root, '.fleet-logs')}`)
  console.log(
    prometheus
      ? `prometheus: ${prometheus.url}/alerts (deploy/alerts.yml${speedup > 1 ? `, durations ÷ ${speedup}` : ''})`
      : 'prometheus: not started (apt-get install prometheus)',
  )
  if (exporter) console.log(`exporter:  ${exporter.url} (nginx's ${fleet.statusUrl}; Prometheus job nginx)`)
  else if (exporter === undefined)
    console.log('exporter:  not started, nginx not scraped: prometheus-nginx-exporter is not installed (apt-get install prometheus-nginx-exporter)')
  console.log('\nOpen the regional sites (nginx):')
  for (const [id, url] of Object.entries(fleet.urls)) console.log(`  ${id.padEnd(5)} ${url}/`)
  console.log('\nCtrl-C stops everything.')
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await prometheus?.stop()
    await exporter?.stop()
    rmSync(promDir, { recursive: true, force: true })
    await fleet.stop()
    await stopSim()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

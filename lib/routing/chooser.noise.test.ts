import { createMemoryStorage } from '../storage/memory'
import { createRouteChooser } from './chooser'
import { ROUTE_HOSTS, ROUTE_PROBE_INTERVAL_MS, ROUTE_SWITCH_MARGIN } from './constants'
import { createFakeNetwork, createFakeScheduler, seededRandom } from './test-support'

const HOSTS = { main: 'https://api.example.com', alt1: 'https://api1.example.com', alt2: 'https://api2.example.com' }

/**
 * Three equal hosts (100 ms) whose every answer is off by up to ±20 ms, drawn from a seeded
 * source: the chooser must never switch. The simulation also counts the cycles in which a bare
 * "lead > 5" rule would have switched, so it shows the noise is strong enough to matter.
 */
async function simulate(seed: number, cycles: number) {
  const scheduler = createFakeScheduler()
  const network = createFakeNetwork(scheduler)
  const noise = seededRandom(seed)
  for (const url of Object.values(HOSTS)) network.set(url, { latencyMs: () => 100 + (noise() * 40 - 20) })
  const chooser = createRouteChooser({
    site: 'main', hosts: HOSTS, fetch: network.fetch, storage: createMemoryStorage(),
    timers: scheduler.timers, now: scheduler.now, random: seededRandom(seed + 1000),
  })
  let tempting = 0
  const switches = new Set<unknown>()
  chooser.subscribe(() => {
    const { lastSwitch } = chooser.getSnapshot()
    if (lastSwitch) switches.add(lastSwitch)
  })
  chooser.start()
  await scheduler.advance(1000)
  for (let cycle = 1; cycle < cycles; cycle++) {
    const s = chooser.getSnapshot()
    if (ROUTE_HOSTS.some((h) => s.hosts[s.host].score - s.hosts[h].score > ROUTE_SWITCH_MARGIN)) tempting++
    await scheduler.advance(ROUTE_PROBE_INTERVAL_MS * 1.1) // past the longest jittered interval
  }
  chooser.stop()
  return { switches: switches.size, tempting, host: chooser.getSnapshot().host, probes: network.calls.length }
}

describe('route chooser under noise (no flapping)', () => {
  it('never switches between equal hosts with ±20 ms noise over 200 cycles (25 seeds)', async () => {
    let tempting = 0
    for (let seed = 1; seed <= 25; seed++) {
      const result = await simulate(seed, 200)
      expect({ seed, switches: result.switches, host: result.host }).toEqual({ seed, switches: 0, host: 'main' })
      expect(result.probes).toBeGreaterThanOrEqual(3 * 200)
      tempting += result.tempting
    }
    // The noise is real: a plain one-cycle "lead > 5" rule would have switched many times.
    expect(tempting).toBeGreaterThan(25)
  })
})

/** The route chooser on a fake clock and network, for the chooser's tests (tests only). */
import { createRecordingMonitor } from '../../testing/recording-monitor'
import { createMemoryStorage } from '../../storage/memory'
import { createRouteChooser, type RouteChooserOptions } from '../chooser'
import { ROUTE_PROBE_INTERVAL_MS } from '../constants'
import { createFakeNetwork, createFakeScheduler, createFakeVisibility, type FakeHostBehaviour } from '../../testing/engine-fakes'

export const HOSTS = { main: 'https://api.example.com', alt1: 'https://api1.example.com', alt2: 'https://api2.example.com' }
export const CYCLE = ROUTE_PROBE_INTERVAL_MS

export function setupChooser(latency: Partial<Record<keyof typeof HOSTS, FakeHostBehaviour>> = {}, extra: Partial<RouteChooserOptions> = {}) {
  const scheduler = createFakeScheduler(1_000_000)
  const network = createFakeNetwork(scheduler)
  const visibility = createFakeVisibility()
  const storage = createMemoryStorage()
  const monitor = createRecordingMonitor()
  for (const h of ['main', 'alt1', 'alt2'] as const) network.set(HOSTS[h], latency[h] ?? { latencyMs: 100 })
  const chooser = createRouteChooser({
    site: 'tr',
    hosts: HOSTS,
    fetch: network.fetch,
    storage,
    timers: scheduler.timers,
    now: scheduler.now,
    random: () => 0.5, // no jitter unless a test asks for it
    visibility,
    monitor,
    ...extra,
  })
  return { scheduler, network, visibility, storage, monitor, chooser, snap: () => chooser.getSnapshot() }
}

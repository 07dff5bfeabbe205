import type { RunningSimulator } from '@/simulator/http/server'
import { startFreeSimulator } from '@/simulator/testkit'
import { createMemoryStorage } from '../storage/memory'
import { eventually } from '@/testing/eventually'
import { createRouteChooser } from './chooser'
import { ROUTE_STORAGE_KEY } from './constants'
import { systemTimers } from '../engine-kit/environment'

const realTimers = systemTimers

describe('route chooser against the real simulator (real timers)', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startFreeSimulator()
  })
  afterAll(() => sim.close())

  it('automatic mode moves to alt1 when alt1 is the fastest host', async () => {
    sim.setLatency('main', 150)
    sim.setLatency('alt2', 150)
    sim.setLatency('alt1', 0)
    sim.resetHits()
    const storage = createMemoryStorage()
    const chooser = createRouteChooser({
      site: 'main',
      hosts: { main: sim.urls.main, alt1: sim.urls.alt1, alt2: sim.urls.alt2 },
      fetch: (url, init) => fetch(url, init),
      storage,
      timers: realTimers,
      now: () => performance.now(),
      intervalMs: 200,
      failureMs: 2000,
    })
    try {
      expect(chooser.apiHost()).toBe(sim.urls.main)
      chooser.start()
      const snapshot = await eventually(
        'the chooser to move to alt1',
        () => chooser.getSnapshot(),
        (s) => s.host === 'alt1',
      )
      expect(chooser.apiHost()).toBe(sim.urls.alt1)
      // Real measurements: main's probes took at least its 150 ms latency, alt1's less. No fixed
      // ceiling for alt1: a busy CI machine stretches every probe, not only main's.
      const mainMs = snapshot.hosts.main.lastProbe?.ms ?? 0
      expect(mainMs).toBeGreaterThanOrEqual(140)
      expect(snapshot.hosts.alt1.lastProbe?.ms).toBeLessThan(mainMs)
      expect(sim.state().hits.alt1.t1).toBeGreaterThanOrEqual(1)
      expect(JSON.parse(storage.getItem(ROUTE_STORAGE_KEY) ?? '{}')).toMatchObject({ site: 'main', mode: 'auto', host: 'alt1' })
    } finally {
      chooser.stop()
    }
  })
})

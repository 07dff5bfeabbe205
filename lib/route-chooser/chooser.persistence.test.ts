import { createRouteChooser } from './chooser'
import { createMemoryStorage } from '../storage/memory'
import { createRecordingMonitor } from '../testing/recording-monitor'
import { ROUTE_STORAGE_KEY } from './constants'
import { setupChooser as setup, CYCLE, HOSTS } from './testing/chooser'
import { createFakeNetwork, createFakeScheduler } from '../testing/engine-fakes'

describe('route chooser modes and route_chosen_v2', () => {
  it('a manual mode uses that host, persists the choice and does not probe periodically', async () => {
    const { chooser, network, scheduler, storage, snap } = setup()
    chooser.start()
    await scheduler.advance(10)
    chooser.setMode('alt2')
    expect(chooser.apiHost()).toBe(HOSTS.alt2)
    expect(JSON.parse(storage.getItem(ROUTE_STORAGE_KEY) ?? '')).toEqual({ site: 'tr', mode: 'alt2', host: 'alt2', savedAt: scheduler.now() })
    const calls = network.calls.length
    await scheduler.advance(CYCLE * 10)
    expect(network.calls.length).toBe(calls)
    const probed = chooser.probeNow()
    await scheduler.advance(1000)
    await probed
    expect(network.calls.length).toBe(calls + 3)
    expect(snap().host).toBe('alt2')
    chooser.setMode('auto')
    expect(snap()).toMatchObject({ mode: 'auto', host: 'alt2' })
    chooser.stop()
  })

  it('an automatic switch is saved with the host it chose, and a reload starts there', async () => {
    const first = setup({ main: { latencyMs: 0, fault: 'refuse' } })
    first.chooser.start()
    await first.scheduler.advance(1000)
    const saved = JSON.parse(first.storage.getItem(ROUTE_STORAGE_KEY) ?? 'null') as { mode: string; host: string; site: string }
    expect(saved).toMatchObject({ site: 'tr', mode: 'auto' })
    expect(saved.host).not.toBe('main')
    first.chooser.stop()
    const reloaded = createRouteChooser({
      site: 'tr',
      hosts: HOSTS,
      fetch: first.network.fetch,
      storage: first.storage,
      timers: first.scheduler.timers,
      now: first.scheduler.now,
    })
    expect(reloaded.getSnapshot()).toMatchObject({ mode: 'auto', host: saved.host })
  })

  it.each([
    ['from another site', JSON.stringify({ site: 'kz', mode: 'alt1', host: 'alt1', savedAt: 1 }), 'other-site'],
    ['not JSON', '{"site":"tr",', 'corrupt'],
    ['an unknown mode', JSON.stringify({ site: 'tr', mode: 'alt9', savedAt: 1 }), 'corrupt'],
    ['without a site', JSON.stringify({ mode: 'alt1', savedAt: 1 }), 'corrupt'],
  ])('drops (removes) a saved choice %s', (_, text, reason) => {
    const storage = createMemoryStorage({ [ROUTE_STORAGE_KEY]: text })
    const monitor = createRecordingMonitor()
    const scheduler = createFakeScheduler()
    const chooser = createRouteChooser({
      site: 'tr',
      hosts: HOSTS,
      fetch: createFakeNetwork(scheduler).fetch,
      storage,
      timers: scheduler.timers,
      now: scheduler.now,
      monitor,
    })
    expect(storage.getItem(ROUTE_STORAGE_KEY)).toBeNull()
    expect(chooser.getSnapshot()).toMatchObject({ mode: 'auto', host: 'main', apiHost: HOSTS.main })
    expect(monitor.entries).toEqual([expect.objectContaining({ name: 'route_choice_dropped', detail: expect.objectContaining({ reason }) })])
  })

  it('keeps a saved manual choice of this site', () => {
    const storage = createMemoryStorage({ [ROUTE_STORAGE_KEY]: JSON.stringify({ site: 'tr', mode: 'alt1', host: 'alt1', savedAt: 1 }) })
    const scheduler = createFakeScheduler()
    const chooser = createRouteChooser({
      site: 'tr',
      hosts: HOSTS,
      fetch: createFakeNetwork(scheduler).fetch,
      storage,
      timers: scheduler.timers,
      now: scheduler.now,
    })
    expect(chooser.apiHost()).toBe(HOSTS.alt1)
    expect(storage.getItem(ROUTE_STORAGE_KEY)).not.toBeNull()
  })

  it('refuses an unknown mode loudly (a programming error)', () => {
    const { chooser } = setup()
    expect(() => chooser.setMode('alt3' as never)).toThrow(RangeError)
  })

  it('notifies subscribers and keeps the snapshot object while nothing changes', async () => {
    const { chooser, scheduler } = setup()
    const seen: unknown[] = []
    const unsubscribe = chooser.subscribe(() => seen.push(chooser.getSnapshot()))
    const first = chooser.getSnapshot()
    expect(chooser.getSnapshot()).toBe(first)
    chooser.start()
    await scheduler.advance(1000)
    expect(seen.length).toBeGreaterThanOrEqual(2) // probing on, results in
    expect(new Set(seen).size).toBe(seen.length)
    unsubscribe()
    const count = seen.length
    chooser.setMode('main')
    expect(seen).toHaveLength(count)
    chooser.stop()
  })
})

import { ROUTE_PROBE_FAILURE_MS } from './constants'
import { setupChooser as setup, CYCLE, HOSTS } from './testing/chooser'

describe('route chooser, automatic mode (fake clock)', () => {
  it('probes every host at start, then every 30000 ms, and records the times', async () => {
    const { chooser, network, scheduler, snap } = setup({ alt1: { latencyMs: 40 } })
    chooser.start()
    await scheduler.advance(1000)
    expect(network.calls.map((u) => new URL(u).origin).sort()).toEqual(Object.values(HOSTS).sort())
    expect(network.calls.every((u) => u.endsWith('/t1'))).toBe(true)
    expect(snap().hosts.alt1.history).toEqual([100, 100, 40])
    expect(snap().hosts.main.lastProbe).toMatchObject({ ms: 100, ok: true })
    await scheduler.advance(CYCLE - 1000 - 1)
    expect(network.calls).toHaveLength(3)
    await scheduler.advance(1)
    expect(network.calls).toHaveLength(6)
    chooser.stop()
  })

  it('leaves a host that fails within one probe cycle, and counts the failure as 15000 ms', async () => {
    const { chooser, network, scheduler, snap, monitor } = setup()
    chooser.start()
    await scheduler.advance(CYCLE * 3 + 1000) // mid-interval, the last cycle's answers are in
    expect(snap().host).toBe('main')
    network.set(HOSTS.main, { latencyMs: 0, fault: 'refuse' })
    await scheduler.advance(CYCLE)
    expect(snap().host).not.toBe('main')
    expect(snap().hosts.main.history.at(-1)).toBe(ROUTE_PROBE_FAILURE_MS)
    expect(snap().lastSwitch).toMatchObject({ from: 'main', reason: 'lead' })
    expect(chooser.apiHost()).toBe(HOSTS[snap().host])
    expect(monitor.entries.find((e) => e.name === 'route_switch')?.detail).toMatchObject({ site: 'tr', from: 'main' })
    chooser.stop()
  })

  it('leaves a host that slows down badly (100 → 1000 ms) within one cycle', async () => {
    const { chooser, network, scheduler, snap } = setup()
    chooser.start()
    await scheduler.advance(CYCLE * 3 + 1000)
    network.set(HOSTS.main, { latencyMs: 1000 })
    await scheduler.advance(CYCLE)
    expect(snap().host).not.toBe('main')
    chooser.stop()
  })

  it('counts a probe that never answers as 15000 ms, after the 15000 ms timeout', async () => {
    const { chooser, network, scheduler, snap } = setup({ alt2: { latencyMs: 0, fault: 'hang' } })
    chooser.start()
    await scheduler.advance(ROUTE_PROBE_FAILURE_MS - 1)
    expect(snap().probing).toBe(true)
    expect(snap().hosts.alt2.lastProbe).toBeNull()
    await scheduler.advance(1)
    expect(snap().hosts.alt2.lastProbe).toMatchObject({ ms: ROUTE_PROBE_FAILURE_MS, ok: false })
    expect(network.calls).toHaveLength(3)
    chooser.stop()
  })

  it('treats ret_code 10017 as alive and other codes as failures', async () => {
    const { chooser, scheduler, snap } = setup({ alt1: { latencyMs: 30, fault: 10017 }, alt2: { latencyMs: 30, fault: 10001 } })
    chooser.start()
    await scheduler.advance(1000)
    expect(snap().hosts.alt1.lastProbe).toMatchObject({ ms: 30, ok: true })
    expect(snap().hosts.alt2.lastProbe).toMatchObject({ ms: ROUTE_PROBE_FAILURE_MS, ok: false })
    chooser.stop()
  })

  it('5-unit rule end to end: a host steadily 6 units better is chosen once its lead passes 5', async () => {
    // A steady lead of L units over a 100 ms host needs 100 − L / 0.21 ms. From fresh histories
    // the lead builds up 0.1, 0.17, 0.21 of full strength: 2.9, 4.9, then 6 on cycle 3.
    const { chooser, scheduler, snap } = setup({ alt1: { latencyMs: 100 - 6 / 0.21 } })
    chooser.start()
    await scheduler.advance(CYCLE * 2 - 1)
    expect(snap().host).toBe('main')
    await scheduler.advance(1000)
    expect(snap().host).toBe('alt1')
    expect(snap().lastSwitch?.reason).toBe('lead')
    chooser.stop()
  })

  it('30 rule end to end: a steady 4.9-unit lead adds up and switches on the 7th cycle', async () => {
    // Leads 2.33, 3.97, then 4.9 each cycle: 6.3 + 4.9 × 5 = 30.8 > 30 on cycle 7, not 6.
    const { chooser, scheduler, snap } = setup({ alt1: { latencyMs: 100 - 4.9 / 0.21 } })
    chooser.start()
    await scheduler.advance(CYCLE * 5 + 1000)
    expect(snap().host).toBe('main')
    await scheduler.advance(CYCLE)
    expect(snap().host).toBe('alt1')
    expect(snap().lastSwitch?.reason).toBe('sum')
    chooser.stop()
  })

  it('a clearly faster host (10 ms vs 100 ms) is chosen on the first cycle', async () => {
    // 0.1 × 90 = 9 units ahead after one probe.
    const { chooser, scheduler, snap } = setup({ alt1: { latencyMs: 10 } })
    chooser.start()
    await scheduler.advance(1000)
    expect(snap().host).toBe('alt1')
    expect(snap().lastSwitch?.reason).toBe('lead')
    chooser.stop()
  })

  it('adds ±10 % jitter to the interval from the injected random source', async () => {
    const values = [0, 1, 0.25]
    const { chooser, scheduler } = setup({}, { random: () => values.shift() ?? 0.5 })
    chooser.start()
    await scheduler.advance(CYCLE * 4)
    const loopDelays = scheduler.requested.filter((ms) => ms !== ROUTE_PROBE_FAILURE_MS && ms !== 100)
    expect(loopDelays.slice(0, 4)).toEqual([CYCLE * 0.9, CYCLE * 1.1, CYCLE * 0.95, CYCLE])
    chooser.stop()
  })
})

import { setupChooser as setup, CYCLE } from './testing/chooser'

describe('route chooser and page visibility', () => {
  it('fires no timer while hidden and probes at once when visible again', async () => {
    const { chooser, network, scheduler, visibility } = setup()
    chooser.start()
    await scheduler.advance(CYCLE * 2)
    const before = network.calls.length // a cycle has just started: its requests are in flight
    visibility.setHidden(true)
    await scheduler.runUntilQuiet() // the aborted requests clear their own timeouts
    expect(scheduler.pendingCount()).toBe(0)
    await scheduler.advance(CYCLE * 20)
    expect(network.calls).toHaveLength(before)
    visibility.setHidden(false)
    await scheduler.advance(0)
    expect(network.calls).toHaveLength(before + 3)
    expect(scheduler.pendingCount()).toBeGreaterThan(0)
    chooser.stop()
    await scheduler.runUntilQuiet()
    expect(scheduler.pendingCount()).toBe(0)
  })

  it('abandons a probe cycle when the tab is hidden mid-flight, without recording it', async () => {
    const { chooser, scheduler, visibility, snap } = setup({ main: { latencyMs: 5000 } })
    chooser.start()
    await scheduler.advance(CYCLE)
    const history = snap().hosts.main.history
    await scheduler.advance(1000)
    visibility.setHidden(true)
    await scheduler.runUntilQuiet()
    expect(scheduler.pendingCount()).toBe(0) // request timeouts included
    expect(snap().hosts.main.history).toBe(history)
    expect(snap().probing).toBe(false)
    chooser.stop()
  })

  it('does not start probing while the page starts hidden', async () => {
    const { chooser, network, scheduler, visibility } = setup()
    visibility.setHidden(true)
    chooser.start()
    await scheduler.advance(CYCLE * 5)
    expect(network.calls).toHaveLength(0)
    expect(scheduler.pendingCount()).toBe(0)
    // Not a chooser that never probes: shown, it probes every host at once.
    visibility.setHidden(false)
    await scheduler.advance(0)
    expect(network.calls).toHaveLength(3)
    chooser.stop()
  })
})

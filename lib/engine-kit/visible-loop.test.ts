import { createExternalStore } from './external-store'
import { createFakeScheduler, createFakeVisibility } from '../testing/engine-fakes'
import { createVisibleLoop, type VisibleLoopOptions } from './visible-loop'

function setup(overrides: Partial<VisibleLoopOptions> = {}) {
  const scheduler = createFakeScheduler()
  const visibility = createFakeVisibility()
  const runs: number[] = []
  const errors: unknown[] = []
  const loop = createVisibleLoop({
    timers: scheduler.timers,
    visibility,
    nextDelay: () => 1000,
    run: () => void runs.push(scheduler.now()),
    onError: (e) => errors.push(e),
    ...overrides,
  })
  return { scheduler, visibility, runs, errors, loop }
}

describe('visible loop (shared by the route chooser and the fast path)', () => {
  it('runs at once, then every delay; hiding clears its timer; a repeated "visible" is not a new start', async () => {
    const { scheduler, visibility, runs, loop } = setup()
    loop.start()
    await scheduler.advance(2500)
    expect(runs).toEqual([0, 1000, 2000])
    visibility.setHidden(true)
    expect(scheduler.pendingCount()).toBe(0)
    visibility.setHidden(true)
    await scheduler.advance(5000)
    visibility.setHidden(false)
    visibility.setHidden(false)
    await scheduler.advance(1500)
    expect(runs).toEqual([0, 1000, 2000, 7500, 8500])
    loop.stop()
    expect(scheduler.pendingCount()).toBe(0)
  })

  it('never overlaps runs: a tick during a slow run is skipped', async () => {
    const scheduler = createFakeScheduler()
    let started = 0
    const { loop } = setup({
      timers: scheduler.timers,
      run: () =>
        new Promise<void>((resolve) => {
          started++
          scheduler.timers.setTimeout(resolve, 1500)
        }),
    })
    loop.start()
    await scheduler.advance(3100)
    expect(started).toBe(2) // at 0 and 2000; the tick at 1000 found the first still running
    loop.stop()
  })

  it('reports a run that throws (even synchronously) and keeps going', async () => {
    const { scheduler, errors, loop } = setup({
      run: () => {
        throw new Error('sync')
      },
    })
    loop.start()
    await scheduler.advance(2000)
    expect(errors).toHaveLength(3)
    loop.stop()
  })

  it('reports a nextDelay that throws instead of letting it escape a timer', async () => {
    const { scheduler, errors, loop, runs } = setup({
      nextDelay: () => {
        throw new Error('delay')
      },
    })
    loop.start()
    await scheduler.advance(5000)
    expect(runs).toEqual([0])
    expect(errors).toHaveLength(1)
  })

  it('passes growing indexes to nextDelay, from 0 again after resetCadence and after a resume', async () => {
    const indexes: number[] = []
    const { scheduler, visibility, loop } = setup({ nextDelay: (i) => (indexes.push(i), 1000) })
    loop.start()
    await scheduler.advance(2000)
    loop.resetCadence()
    await scheduler.advance(1000)
    visibility.setHidden(true)
    visibility.setHidden(false)
    expect(indexes).toEqual([0, 1, 2, 0, 0])
    loop.stop()
  })
})

describe('external store', () => {
  it('keeps the snapshot object until it changes, and survives a throwing subscriber', () => {
    const store = createExternalStore({ n: 0 })
    const seen: number[] = []
    store.subscribe(() => {
      throw new Error('broken view')
    })
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot().n))
    const first = store.getSnapshot()
    store.update((s) => s)
    expect(store.getSnapshot()).toBe(first)
    store.update((s) => ({ n: s.n + 1 }))
    unsubscribe()
    store.update((s) => ({ n: s.n + 1 }))
    expect(seen).toEqual([1])
    expect(store.getSnapshot().n).toBe(2)
  })
})

/** The fake clock itself: its intervals, and how far `settle` and `advance` let pending work run. */
import { createFakeScheduler } from './engine-fakes'

describe('the fake scheduler', () => {
  it('fires an interval once per period, in time order with timeouts, until cleared', async () => {
    const scheduler = createFakeScheduler()
    const fired: string[] = []
    const every = scheduler.timers.setInterval(() => fired.push(`i${scheduler.now()}`), 1000)
    scheduler.timers.setTimeout(() => fired.push(`t${scheduler.now()}`), 1500)
    await scheduler.advance(3000)
    expect(fired).toEqual(['i1000', 't1500', 'i2000', 'i3000'])
    scheduler.timers.clearInterval(every)
    await scheduler.advance(5000)
    expect(fired).toHaveLength(4)
    expect(scheduler.pendingCount()).toBe(0)
  })
})

/** The fake clock itself: its intervals, and how far `runUntilQuiet` and `advance` let pending work run. */
import { createFakeScheduler, SETTLE_ROUND_LIMIT } from './engine-fakes'

const hop = () => new Promise<void>((resolve) => setImmediate(resolve))

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

  it('runUntilQuiet runs a promise chain to its end, however many macrotask turns it takes', async () => {
    const scheduler = createFakeScheduler()
    const steps: number[] = []
    void (async () => {
      for (let i = 1; i <= 20; i++) {
        await hop()
        steps.push(i)
      }
    })()
    await scheduler.runUntilQuiet()
    expect(steps).toHaveLength(20)
  })

  it('runUntilQuiet gives up on work that never goes quiet, and says what is still pending', async () => {
    const scheduler = createFakeScheduler()
    scheduler.timers.setTimeout(() => {}, 5000)
    let spinning = true
    const spin = () => spinning && setImmediate(spin)
    spin()
    try {
      await expect(scheduler.runUntilQuiet()).rejects.toThrow(
        `fake clock: not quiet after ${SETTLE_ROUND_LIMIT} rounds: 1 setImmediate callback(s) still queued; 1 fake timer(s) pending (next at 5000 ms), now 0 ms`,
      )
    } finally {
      spinning = false
    }
  })

  it('advance gives up on timers that keep firing without the clock moving', async () => {
    const scheduler = createFakeScheduler()
    const again = () => void scheduler.timers.setTimeout(again, 0)
    again()
    await expect(scheduler.advance(10)).rejects.toThrow(/timers fired at 0 ms without the clock moving/)
  })
})

/** The one deadline and the patience race built on it, on the fake clock. */
import { withPatience } from '../http/patience'
import { createFakeScheduler } from '../testing/engine-fakes'
import { startDeadline } from './deadline'

describe('startDeadline', () => {
  it('aborts its signal when the time runs out, and says so', async () => {
    const scheduler = createFakeScheduler()
    const deadline = startDeadline(scheduler.timers, 4000)
    await scheduler.advance(3999)
    expect(deadline.signal.aborted).toBe(false)
    await scheduler.advance(1)
    expect(deadline.signal.aborted).toBe(true)
    expect(deadline.expired()).toBe(true)
  })

  it('follows the caller’s abort at once, which is not an expiry, and leaves no timer behind', async () => {
    const scheduler = createFakeScheduler()
    const caller = new AbortController()
    const deadline = startDeadline(scheduler.timers, 4000, caller.signal)
    caller.abort()
    expect(deadline.signal.aborted).toBe(true)
    expect(deadline.expired()).toBe(false)
    expect(scheduler.pendingCount()).toBe(0)
    const late = startDeadline(scheduler.timers, 4000, caller.signal)
    expect([late.signal.aborted, late.expired(), scheduler.pendingCount()]).toEqual([true, false, 0])
  })

  it('release ends it: no timer, the caller let go, its own signal aborted for whatever still listens', async () => {
    const scheduler = createFakeScheduler()
    const caller = new AbortController()
    const deadline = startDeadline(scheduler.timers, 4000, caller.signal)
    deadline.release()
    expect(scheduler.pendingCount()).toBe(0)
    expect(deadline.signal.aborted).toBe(true)
    await scheduler.advance(10_000)
    caller.abort()
    expect(deadline.expired()).toBe(false)
  })
})

describe('withPatience', () => {
  it('answers the work when it comes within the patience, else meanwhile() once the time on the given clock is up', async () => {
    const scheduler = createFakeScheduler()
    let finish: (value: string) => void = () => {}
    const slow = new Promise<string>((resolve) => (finish = resolve))
    const answers: string[] = []
    void withPatience(slow, 1500, () => 'last good', scheduler.timers).then((a) => answers.push(a))
    await scheduler.advance(1499)
    expect(answers).toEqual([])
    await scheduler.advance(1)
    expect(answers).toEqual(['last good'])
    finish('fresh')
    const quick = withPatience(Promise.resolve('fresh'), 1500, () => 'last good', scheduler.timers)
    await expect(quick).resolves.toBe('fresh')
    expect(scheduler.pendingCount()).toBe(0)
  })
})

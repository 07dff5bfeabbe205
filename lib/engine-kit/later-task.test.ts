import { createFakeScheduler } from '../testing/engine-fakes'
import { inLaterTask, inLaterTasks, inTaskOfItsOwn, nextTask, whenQuiet, type Idle } from './later-task'

describe('later tasks', () => {
  it('runs nothing in the calling task, and the work once the clock reaches the 0 ms timer', async () => {
    const scheduler = createFakeScheduler()
    const ran: string[] = []
    inLaterTask(scheduler.timers, () => ran.push('later'))
    ran.push('now')
    expect(ran).toEqual(['now'])
    await scheduler.advance(0)
    expect(ran).toEqual(['now', 'later'])
    expect(scheduler.requested).toEqual([0])
  })

  it('cancels work that has not started', async () => {
    const scheduler = createFakeScheduler()
    let ran = false
    inLaterTask(scheduler.timers, () => (ran = true))()
    await scheduler.advance(0)
    expect(ran).toBe(false)
  })

  it('nextTask resolves only after the later task ran', async () => {
    const scheduler = createFakeScheduler()
    let resolved = false
    void nextTask(scheduler.timers).then(() => (resolved = true))
    await scheduler.runUntilQuiet()
    expect(resolved).toBe(false)
    await scheduler.advance(0)
    expect(resolved).toBe(true)
  })

  it("inTaskOfItsOwn: a cleanup before the task cancels the work; after it, it runs the work's cleanup", async () => {
    const scheduler = createFakeScheduler()
    const seen: string[] = []
    const work = () => (seen.push('work'), () => void seen.push('cleanup'))
    inTaskOfItsOwn(scheduler.timers, work)()
    await scheduler.advance(0)
    expect(seen).toEqual([])
    const cleanup = inTaskOfItsOwn(scheduler.timers, work)
    await scheduler.advance(0)
    cleanup()
    expect(seen).toEqual(['work', 'cleanup'])
  })

  it('inLaterTasks runs the steps in order, one task each, and stops when the start is no longer current', async () => {
    const scheduler = createFakeScheduler()
    const ran: number[] = []
    let current = true
    inLaterTasks(scheduler.timers, [() => ran.push(1), () => ran.push(2), () => ran.push(3)], () => current)
    expect(ran).toEqual([])
    await scheduler.advance(0)
    // The fake scheduler fires every due timer in one advance: the steps' order and count show the chaining.
    expect(ran).toEqual([1, 2, 3])
    expect(scheduler.requested).toEqual([0, 0, 0])

    ran.length = 0
    inLaterTasks(scheduler.timers, [() => ((current = false), ran.push(1)), () => ran.push(2)], () => current)
    await scheduler.advance(0)
    expect(ran).toEqual([1])
  })
})

describe('whenQuiet', () => {
  /** An idle callback the test fires by hand, as the host would when its main thread is idle. */
  function fakeIdle() {
    const pending = new Map<number, { run: () => void; timeoutMs: number }>()
    let next = 0
    const idle: Idle = {
      request(run, timeoutMs) {
        const id = next++
        pending.set(id, { run, timeoutMs })
        return () => void pending.delete(id)
      },
    }
    const fire = () => {
      const all = [...pending.values()]
      pending.clear()
      for (const p of all) p.run()
    }
    return { idle, pending, fire }
  }

  it('waits for the delay, then for the next idle period', async () => {
    const scheduler = createFakeScheduler()
    const { idle, pending, fire } = fakeIdle()
    let ran = 0
    whenQuiet(scheduler.timers, idle, () => ran++, { delayMs: 5000, idleTimeoutMs: 2000 })
    await scheduler.advance(4999)
    expect(pending.size).toBe(0)
    await scheduler.advance(1)
    expect([ran, [...pending.values()].map((p) => p.timeoutMs)]).toEqual([0, [2000]])
    fire()
    expect(ran).toBe(1)
  })

  it('runs when the delay ends on a host without an idle callback', async () => {
    const scheduler = createFakeScheduler()
    let ran = 0
    whenQuiet(scheduler.timers, undefined, () => ran++, { delayMs: 5000, idleTimeoutMs: 2000 })
    await scheduler.advance(4999)
    expect(ran).toBe(0)
    await scheduler.advance(1)
    expect(ran).toBe(1)
  })

  it('a cancel before the delay ends or while waiting for idle stops the work', async () => {
    const scheduler = createFakeScheduler()
    const { idle, pending, fire } = fakeIdle()
    let ran = 0
    whenQuiet(scheduler.timers, idle, () => ran++, { delayMs: 5000, idleTimeoutMs: 2000 })()
    await scheduler.advance(6000)
    expect(pending.size).toBe(0)
    const cancel = whenQuiet(scheduler.timers, idle, () => ran++, { delayMs: 5000, idleTimeoutMs: 2000 })
    await scheduler.advance(5000)
    expect(pending.size).toBe(1)
    cancel()
    fire()
    expect(ran).toBe(0)
  })

  it("as an effect's cleanup: runs the work's own cleanup once it ran, and nothing else the work returned", async () => {
    const scheduler = createFakeScheduler()
    const { idle, fire } = fakeIdle()
    const seen: string[] = []
    const cleanup = whenQuiet(scheduler.timers, idle, () => (seen.push('work'), () => void seen.push('cleanup')), { delayMs: 0, idleTimeoutMs: 2000 })
    await scheduler.advance(0)
    fire()
    cleanup()
    expect(seen).toEqual(['work', 'cleanup'])
    const counted = whenQuiet(scheduler.timers, undefined, () => seen.length, { delayMs: 0, idleTimeoutMs: 2000 })
    await scheduler.advance(0)
    expect(() => counted()).not.toThrow()
  })
})

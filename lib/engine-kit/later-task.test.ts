import { createFakeScheduler } from '../testing/engine-fakes'
import { inLaterTask, inLaterTasks, inTaskOfItsOwn, nextTask } from './later-task'

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
    await scheduler.settle()
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

import type { Timers } from './environment'

/**
 * "Yield to a later task", written once. The browser paints and takes input only between tasks,
 * so work that would lengthen a task that is already long (the page's effects after hydration, a
 * chunk's evaluation, the engines' start) goes to a task of its own (docs/decisions/pages.md "Rendering
 * without long tasks"). A 0 ms timeout is that later task. Returns the cancel.
 */
export function inLaterTask(timers: Timers, run: () => void): () => void {
  const handle = timers.setTimeout(run, 0)
  return () => timers.clearTimeout(handle)
}

/** Resolves in a later task: an `await` between the steps of a promise chain. */
export function nextTask(timers: Timers): Promise<void> {
  return new Promise((resolve) => inLaterTask(timers, resolve))
}

/**
 * An effect's work in a task of its own (React runs every effect of a hydrated page in one task).
 * Returns the effect's cleanup: it cancels work that has not started and cleans up work that has.
 */
export function inTaskOfItsOwn(timers: Timers, work: () => void | (() => void)): () => void {
  let cleanup: void | (() => void)
  const cancel = inLaterTask(timers, () => {
    cleanup = work()
  })
  return () => {
    cancel()
    cleanup?.()
  }
}

/** Each step in a task of its own, in order, while `current()` holds: a stop in between cancels the rest. */
export function inLaterTasks(timers: Timers, steps: readonly (() => void)[], current: () => boolean): void {
  const [step, ...rest] = steps
  if (!step) return
  inLaterTask(timers, () => {
    if (!current()) return
    step()
    inLaterTasks(timers, rest, current)
  })
}

/** The host's idle callback (`requestIdleCallback`), injected; a host without one passes none. Returns the cancel. */
export interface Idle {
  request(run: () => void, timeoutMs: number): () => void
}

/**
 * What a page's hydration can do without: asked for in its first idle period, at most 2 s after
 * (the pair page's chart, the markets page's whole list and figures): on a low-tier phone the
 * hydration's seconds are the busiest, and these would lengthen them.
 */
export const IDLE_AFTER_HYDRATION = { delayMs: 0, idleTimeoutMs: 2_000 } as const

/**
 * Background work that can wait for the page to be quiet: `delayMs` after now, then in the host's
 * next idle period (at most `idleTimeoutMs` later), so it lands neither in the page's first seconds
 * nor in the middle of a burst of input. Without an idle callback it runs when the delay ends.
 * Returns the cancel; as an effect's cleanup (inTaskOfItsOwn's way), it also runs the cleanup the
 * work returned, once it ran.
 */
export function whenQuiet(
  timers: Timers,
  idle: Idle | undefined,
  run: () => unknown,
  { delayMs, idleTimeoutMs }: { delayMs: number; idleTimeoutMs: number },
): () => void {
  let cancelIdle: (() => void) | undefined
  let cleanup: unknown
  const work = () => {
    cleanup = run()
  }
  const handle = timers.setTimeout(() => {
    if (idle) cancelIdle = idle.request(work, idleTimeoutMs)
    else work()
  }, delayMs)
  return () => {
    timers.clearTimeout(handle)
    cancelIdle?.()
    if (typeof cleanup === 'function') (cleanup as () => void)()
  }
}

/**
 * The one wait of every test floor (docs/decisions/stack.md "Tests wait for events, not for time"):
 * polls a probe until a predicate holds and resolves with what it saw then. It asserts no
 * duration: the deadline is a safety net, and when it is reached the error says what the test
 * waited for and what it last saw, instead of a bare timeout or a silent give-up.
 *
 * It imports nothing of the project, so lib/, simulator/, server/, scripts/ and e2e/ tests all
 * use it. Its timers come from node:timers, which jest's fake timers leave alone (they replace the
 * test's globals): a test may run the code under test on a fake clock and still wait here for
 * real events (a request reaching the simulator, a key expiring in Redis).
 */
import { clearTimeout, setTimeout } from 'node:timers'
import { inspect } from 'node:util'

export interface EventuallyOptions {
  /** Give up after this long (real time). A safety net, not an assertion: 10 s, under jest's 20 s. */
  timeoutMs?: number
  /** Pause between probes. */
  intervalMs?: number
}

export const EVENTUALLY_TIMEOUT_MS = 10_000
const INTERVAL_MS = 20

/** Thrown when a wait gives up: `what` was awaited, `lastSeen` is the probe's last value or error. */
export class EventuallyError extends Error {
  constructor(
    message: string,
    readonly lastSeen: unknown,
  ) {
    super(message)
    this.name = 'EventuallyError'
  }
}

const GAVE_UP = Symbol('gave up')
const show = (value: unknown) => inspect(value, { depth: 4, compact: true, breakLength: Infinity, maxArrayLength: 20, maxStringLength: 500 })

/**
 * Waits until `until(probe())` holds (by default: until the probe's value is truthy) and resolves
 * with that value. A probe that throws or rejects counts as "not yet"; if the wait gives up, its
 * last error is what it last saw.
 *
 *     await eventually('the link to connect', () => link.status().connected)
 *     const hits = await eventually('the hung request at the simulator', () => sim.state().hits.main, (h) => (h.t1 ?? 0) === 1)
 */
export async function eventually<T>(
  what: string,
  probe: () => T | Promise<T>,
  until: (seen: T) => boolean = Boolean,
  { timeoutMs = EVENTUALLY_TIMEOUT_MS, intervalMs = INTERVAL_MS }: EventuallyOptions = {},
): Promise<T> {
  let giveUp!: (reason: typeof GAVE_UP) => void
  const gaveUp = new Promise<typeof GAVE_UP>((resolve) => (giveUp = resolve))
  const deadline = setTimeout(() => giveUp(GAVE_UP), timeoutMs)
  let last: { seen: T } | { error: unknown } | { hung: true } | undefined
  let probes = 0
  try {
    for (;;) {
      probes++
      try {
        // A probe that never settles (a command to a stopped server) still ends at the deadline.
        const seen = await Promise.race([Promise.resolve().then(probe), gaveUp])
        if (seen === GAVE_UP) {
          last = { hung: true }
          break
        }
        last = { seen }
        if (until(seen)) return seen
      } catch (error) {
        last = { error }
      }
      if ((await Promise.race([new Promise((resolve) => setTimeout(resolve, intervalMs)), gaveUp])) === GAVE_UP) break
    }
  } finally {
    clearTimeout(deadline)
  }
  const description =
    last === undefined
      ? 'nothing'
      : 'hung' in last
        ? 'its last probe had not answered'
        : 'error' in last
          ? `the probe threw ${last.error instanceof Error ? last.error.message : show(last.error)}`
          : show(last.seen)
  const lastSeen = last === undefined || 'hung' in last ? undefined : 'error' in last ? last.error : last.seen
  throw new EventuallyError(`eventually: gave up waiting for ${what} after ${timeoutMs} ms and ${probes} probes; last saw: ${description}`, lastSeen)
}

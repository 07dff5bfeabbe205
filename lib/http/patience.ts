import { startDeadline } from '../engine-kit/deadline'
import type { Timers } from '../engine-kit/environment'

const IMPATIENT = Symbol('impatient')

/**
 * A slow or hung upstream must not hold a render for its whole timeout when a last good answer
 * exists: after `ms` on `timers` the caller gets `meanwhile()` and the work goes on for the next
 * caller (docs/decisions/pages.md "Server symbol-list reuse"). A race on the one deadline
 * (lib/engine-kit/deadline.ts): the symbol lists' and the tickers' patience (server/feeds/feed.ts),
 * /api/health's and /api/ready's budget, the browser's waits for its config and engines.
 */
export async function withPatience<T>(work: Promise<T>, ms: number, meanwhile: () => T, timers: Timers): Promise<T> {
  const deadline = startDeadline(timers, ms)
  const impatient = new Promise<typeof IMPATIENT>((resolve) => deadline.signal.addEventListener('abort', () => resolve(IMPATIENT), { once: true }))
  try {
    const first = await Promise.race([work, impatient])
    return first === IMPATIENT && deadline.expired() ? meanwhile() : (first as T)
  } finally {
    deadline.release()
  }
}

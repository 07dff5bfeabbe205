import { backoffDelay } from '../http/backoff'
import type { Timers } from './environment'

export interface RetryOptions {
  /** Calls in all, the first included. */
  attempts: number
  /** The wait before call `n + 1` after call `n` failed (n from 0). */
  delayMs: (failed: number) => number
  timers: Pick<Timers, 'setTimeout'>
}

/**
 * Calls `load` until it resolves, at most `attempts` times, waiting between calls; rejects with
 * the last error. For a chunk of the page's own code: one that failed to load (a dropped
 * connection, a deploy in between) is fetched again rather than failing the page at once.
 */
export async function retrying<T>(load: () => Promise<T>, { attempts, delayMs, timers }: RetryOptions): Promise<T> {
  for (let failed = 0; ; failed++) {
    try {
      return await load()
    } catch (error) {
      if (failed + 1 >= attempts) throw error
      await new Promise<void>((resolve) => timers.setTimeout(resolve, delayMs(failed)))
    }
  }
}

/**
 * For the page's own chunks: four calls, 1, 2 and 4 s apart (Turbopack has already tried each
 * load twice, 200–600 ms apart, before a call fails).
 */
export function chunkRetry(timers: Pick<Timers, 'setTimeout'>): RetryOptions {
  return { attempts: 4, delayMs: (failed) => backoffDelay(failed, { minMs: 1000, maxMs: 4000 }), timers }
}

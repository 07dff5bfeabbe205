import { systemTimers, type Timers } from '@/lib/engine-kit/environment'
import { withPatience } from '@/lib/http/patience'
import { SingleFlight } from '@/lib/http/single-flight'
import type { Upstream } from './upstream'

/**
 * What a render gets while upstream data is refreshed (docs/decisions/pages.md "Server symbol-list
 * reuse"): one refresh per key at a time, shared by every render that asks meanwhile; and once a
 * last good value is known, no wait on a backed-off upstream and at most `patienceMs` on a slow
 * one: the last good value answers, and the refresh goes on for the next render. The symbol lists
 * and the tickers both answer this way.
 */
export interface LastGoodAnswers<T> {
  /** The upstream is backed off: what answers instead of a refresh. */
  backedOff(): T
  /** The refresh outlasted the patience: what answers meanwhile. */
  slow(): T
}

export type Refresher<T> = (key: string, upstream: Upstream, refresh: () => Promise<T>, lastGood: LastGoodAnswers<T> | undefined) => Promise<T>

export function createRefresher<T>(patienceMs: number, timers: Timers = systemTimers): Refresher<T> {
  const flights = new SingleFlight<T>()
  return (key, upstream, refresh, lastGood) => {
    if (lastGood && !upstream.backoff.mayAttempt()) return Promise.resolve(lastGood.backedOff())
    const flight = flights.run(key, refresh)
    return lastGood ? withPatience(flight, patienceMs, lastGood.slow, timers) : flight
  }
}

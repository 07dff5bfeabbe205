import type { Timers, Visibility } from '../engine-kit/environment'
import { createVisibleLoop, type VisibleLoop } from '../engine-kit/visible-loop'
import type { HttpClient } from '../http/client'
import { fetchTickers, type Tickers } from './tickers'

export interface TickerPollOptions {
  /** The request client of the browser's API calls (its API host in use, the fast path, /x-api under fe.crossApi). */
  client: HttpClient
  /** One pair (a pair page), or every pair when absent (the markets page). */
  symbol?: string
  everyMs: number
  timers: Timers
  visibility: Visibility
  onTickers(update: Tickers): void
  /** A failed poll: the figures shown stay as they are, and the next poll is one interval later. */
  onError(error: unknown): void
}

/**
 * The tickers endpoint polled while the page's websocket is closed: at once, then one request
 * every `everyMs` while the page is visible (the engines' visible loop: never two at once, none
 * while hidden). A failure waits for the next interval, with no retries of its own, so an outage
 * costs the upstream what a healthy poll does. Each request goes through the request client, so
 * it follows the route and the fast path as they move and ends within the market-data timeout.
 * Returns the loop: `stop()` also drops an answer still on its way, `runNow()` polls at once (the
 * browser back online) (docs/decisions/client-wiring.md "Live prices: websocket, else polling").
 */
export function startTickerPoll(options: TickerPollOptions): Pick<VisibleLoop, 'stop' | 'runNow'> {
  const loop = createVisibleLoop({
    timers: options.timers,
    visibility: options.visibility,
    nextDelay: () => options.everyMs,
    run: async (signal) => {
      const update = await fetchTickers(options.client, { symbol: options.symbol, signal })
      if (!signal.aborted) options.onTickers(update)
    },
    onError: options.onError,
  })
  loop.start()
  return loop
}

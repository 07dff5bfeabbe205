import type { Timers, Visibility } from '../engine-kit/environment'
import { createVisibleLoop } from '../engine-kit/visible-loop'
import { fetchTickers, type Tickers } from './tickers'

export interface TickerPollOptions {
  fetch: typeof fetch
  /** The API host in use (the chooser's, or the fast path's while it rewrites). */
  host: string
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
 * costs the upstream what a healthy poll does. Returns the stop, which also drops an answer still
 * on its way (docs/decisions/client-wiring.md "Live prices: websocket, else polling").
 */
export function startTickerPoll(options: TickerPollOptions): () => void {
  const loop = createVisibleLoop({
    timers: options.timers,
    visibility: options.visibility,
    nextDelay: () => options.everyMs,
    run: async (signal) => {
      const update = await fetchTickers(options.fetch, options.host, { symbol: options.symbol, signal })
      if (!signal.aborted) options.onTickers(update)
    },
    onError: options.onError,
  })
  loop.start()
  return () => loop.stop()
}

/**
 * Server-side tickers: the prices a page carries as of its render. Like the pair list (docs/
 * decisions.md "Pair-list refresh: one at a time per upstream, failures backed off"): per
 * upstream one request at a time (single-flight), a fresh answer reused for `reuseMs`, failures
 * backed off with jitter, and the last good tickers kept and served when the upstream fails, so
 * a page never loses its prices to an outage (docs/decisions.md "Prices on server-rendered pages").
 */
import { createFailureBackoff, type FailureBackoff } from '@/lib/http/failure-backoff'
import { withPatience } from '@/lib/http/patience'
import { SingleFlight } from '@/lib/http/single-flight'
import { fetchTickers, mergeTickers, type Tickers } from '@/lib/market-data/tickers'

export interface TickerSnapshot {
  tickers: Tickers
  /** When these tickers were fetched (ms); 0 when there are none. */
  fetchedAt: number
  /** The last attempt failed (or was backed off) and these are the last good tickers. */
  stale: boolean
}

export interface TickerServiceOptions {
  fetch?: typeof fetch
  now?: () => number
  random?: () => number
  reuseMs?: number
  timeoutMs?: number
  /** With good tickers known, how long a render waits for fresh ones before the last good answer. */
  patienceMs?: number
  onFailure?: (upstream: string, message: string) => void
}

interface Upstream {
  backoff: FailureBackoff
  good?: { tickers: Tickers; fetchedAt: number }
}

export function createTickerService(options: TickerServiceOptions = {}) {
  const { fetch: fetchImpl = fetch, now = Date.now, random = Math.random, reuseMs = 5_000, timeoutMs = 2_000, patienceMs = 300 } = options
  const upstreams = new Map<string, Upstream>()
  const flights = new SingleFlight<TickerSnapshot>()

  const upstreamOf = (base: string): Upstream => {
    let u = upstreams.get(base)
    if (!u) upstreams.set(base, (u = { backoff: createFailureBackoff({ now, random }) }))
    return u
  }
  const snapshot = (u: Upstream, stale: boolean): TickerSnapshot => ({ tickers: u.good?.tickers ?? {}, fetchedAt: u.good?.fetchedAt ?? 0, stale })

  async function load(base: string, u: Upstream): Promise<TickerSnapshot> {
    try {
      const tickers = await fetchTickers(fetchImpl, base, { signal: AbortSignal.timeout(timeoutMs) })
      // A partial answer never drops the pairs it left out.
      u.good = { tickers: mergeTickers(u.good?.tickers ?? {}, tickers), fetchedAt: now() }
      u.backoff.succeeded()
      return snapshot(u, false)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      u.backoff.failed({ message })
      options.onFailure?.(base, message)
      return snapshot(u, true)
    }
  }

  /** The tickers of the upstream at `base`. Never rejects: at worst the last good (or no) tickers. */
  function getTickers(base: string): Promise<TickerSnapshot> {
    const u = upstreamOf(base)
    if (u.good && now() - u.good.fetchedAt < reuseMs) return Promise.resolve(snapshot(u, false))
    if (!u.backoff.mayAttempt()) return Promise.resolve(snapshot(u, true))
    const flight = flights.run(base, () => load(base, u))
    if (!u.good) return flight
    // A slow or hung upstream must not hold every regeneration for the whole timeout: with good
    // tickers known, the render waits patienceMs and then shows them (their time is on the page),
    // while the load goes on for the next render (the symbol service's patience, for prices).
    return withPatience(flight, patienceMs, () => snapshot(u, true))
  }

  return { getTickers, state: (base: string) => upstreamOf(base).backoff.state() }
}

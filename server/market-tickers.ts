/**
 * Server-side tickers: the prices a page carries as of its render. Like the pair list: per
 * upstream one refresh at a time, failures backed off with jitter (./upstream.ts), a fresh
 * answer reused for `reuseMs`, the last good tickers kept (./last-good.ts) and served when the
 * upstream fails or is slow (./refresh.ts), so a page never loses its prices to an outage
 * (docs/decisions/pages.md "Prices on server-rendered pages").
 */
import { createHttpClient, type HttpClient } from '@/lib/http/client'
import { RequestError } from '@/lib/http/errors'
import { fetchTickers, mergeTickers, type Tickers } from '@/lib/market-data/tickers'
import { createLastGood, type LastGood } from './last-good'
import { createRefresher } from './refresh'
import { createUpstreams, type Attempt } from './upstream'

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

type KeptTickers = { tickers: Tickers; fetchedAt: number }

export function createTickerService(options: TickerServiceOptions = {}) {
  const { fetch: fetchImpl = fetch, now = Date.now, random = Math.random, reuseMs = 5_000, timeoutMs = 2_000, patienceMs = 300 } = options
  const upstreamOf = createUpstreams({ now, random })
  const refreshed = createRefresher<TickerSnapshot>(patienceMs)
  const kept = new Map<string, LastGood<KeptTickers>>()
  // The request client, as in the browser: its timeout, body cap and error catalogue.
  const clients = new Map<string, HttpClient>()
  const clientOf = (base: string): HttpClient => {
    let client = clients.get(base)
    if (!client) clients.set(base, (client = createHttpClient({ baseUrl: base, fetch: fetchImpl, timeoutMs })))
    return client
  }

  const lastGoodOf = (base: string): LastGood<KeptTickers> => {
    let good = kept.get(base)
    if (!good) kept.set(base, (good = createLastGood((t: KeptTickers) => t.fetchedAt)))
    return good
  }
  const snapshot = (good: LastGood<KeptTickers>, stale: boolean): TickerSnapshot => ({
    tickers: good.peek()?.tickers ?? {},
    fetchedAt: good.peek()?.fetchedAt ?? 0,
    stale,
  })

  async function attempt(base: string, good: LastGood<KeptTickers>): Promise<Attempt<TickerSnapshot>> {
    try {
      const tickers = await fetchTickers(clientOf(base), { timeoutMs })
      // A partial answer never drops the pairs it left out.
      good.keep({ tickers: mergeTickers(good.peek()?.tickers ?? {}, tickers), fetchedAt: now() })
      return { outcome: 'live', value: snapshot(good, false) }
    } catch (error) {
      // The log names what failed (the detail), not the words a browser would show.
      const message = error instanceof RequestError ? error.detail : error instanceof Error ? error.message : String(error)
      return { outcome: 'failed', value: snapshot(good, true), error: { message } }
    }
  }

  async function refresh(base: string, good: LastGood<KeptTickers>): Promise<TickerSnapshot> {
    const done = await upstreamOf(base).refresh(() => attempt(base, good))
    if (done.outcome === 'failed') options.onFailure?.(base, done.error.message)
    return done.outcome === 'backed-off' ? snapshot(good, true) : done.value
  }

  /** The tickers of the upstream at `base`. Never rejects: at worst the last good (or no) tickers. */
  function getTickers(base: string): Promise<TickerSnapshot> {
    const good = lastGoodOf(base)
    const known = good.peek()
    if (known && now() - known.fetchedAt < reuseMs) return Promise.resolve(snapshot(good, false))
    // A slow or hung upstream must not hold every regeneration for the whole timeout: with good
    // tickers known, the render waits patienceMs and then shows them (their time is on the page).
    const stale = () => snapshot(good, true)
    return refreshed(base, upstreamOf(base), () => refresh(base, good), known && { backedOff: stale, slow: stale })
  }

  return { getTickers, state: (base: string) => upstreamOf(base).backoff.state() }
}

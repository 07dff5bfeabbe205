/**
 * Server-side tickers: the prices a page carries as of its render, a feed (./feeds/feed.ts) keyed
 * by upstream like the symbol lists (docs/decisions/pages.md "Prices on server-rendered pages";
 * docs/decisions/fleet.md "One refresher per fleet for lists and tickers"). Its configuration:
 * tickers fetched within `reuseMs` are reused; the last good tickers answer as stale when the
 * upstream fails, is backed off or is slow, so a page never loses its prices to an outage; in
 * fleet mode an instance that knows no tickers waits up to `timeoutMs` for the lease holder's
 * copy (polled every 50 ms), then asks itself.
 */
import type { Timers } from '@/lib/engine-kit/environment'
import { createHttpClient } from '@/lib/http/client'
import { RequestError } from '@/lib/http/errors'
import { fetchTickers, mergeTickers, parseTicker, type Ticker, type Tickers } from '@/lib/market-data/tickers'
import { createFeed, type FeedSource } from '../feeds/feed'
import type { RedisLink } from '../fleet/redis-link.cjs'
import { createRedisCopies, type SharedCopies } from '../fleet/shared-copies'

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
  /** The timer provider (docs/decisions/network-layer.md "One deadline, one timer provider"). */
  timers?: Timers
  reuseMs?: number
  timeoutMs?: number
  /** With good tickers known, how long a render waits for fresh ones before the last good answer. */
  patienceMs?: number
  onFailure?: (upstream: string, message: string) => void
  /** Fleet mode: the tickers and refresh leases every instance shares (absent: this process alone). */
  shared?: SharedCopies<'tickers'>
}

/** How often an instance waiting for the lease holder's tickers looks at the fleet's copy. */
const FLEET_COPY_POLL_MS = 50

/** The fleet's tickers in Redis, per upstream: a copy a day old at most, and the window's lease. */
export function createRedisTickerStore(link: RedisLink, prefix = 'spot:tickers:v1'): SharedCopies<'tickers'> {
  return createRedisCopies(link, {
    name: 'tickers',
    copyKey: (base) => `${prefix}:copy:${base}`,
    leaseKey: (base) => `${prefix}:lease:${base}`,
    fields: ['tickers'],
    timeField: 'fetchedAt',
    ttlMs: 24 * 3600 * 1000,
  })
}

/** A shared copy's tickers, each checked as an upstream answer's would be; undefined when unusable. */
function tickersOf(text: string): Tickers | undefined {
  try {
    const raw: unknown = JSON.parse(text)
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined
    const out: Record<string, Ticker> = {}
    for (const [symbol, record] of Object.entries(raw as Record<string, unknown>)) {
      const at = (record as { at?: unknown } | null)?.at
      const ticker = typeof at === 'number' && Number.isFinite(at) ? parseTicker(record, at) : undefined
      if (ticker?.symbol === symbol) out[symbol] = ticker
    }
    return out
  } catch {
    return undefined
  }
}

const none = (stale: boolean): TickerSnapshot => ({ tickers: {}, fetchedAt: 0, stale })

export function createTickerService(options: TickerServiceOptions = {}) {
  const { fetch: fetchImpl = fetch, now = Date.now, random = Math.random, reuseMs = 5_000, timeoutMs = 2_000, patienceMs = 300, shared, timers } = options

  /** An upstream's tickers: the request client, as in the browser (its timeout, body cap and error catalogue), and the shared copy's codec. */
  function open(base: string): FeedSource<TickerSnapshot, string, 'tickers'> {
    const client = createHttpClient({ baseUrl: base, fetch: fetchImpl, timeoutMs })
    return {
      upstream: base,
      async load(_base, last) {
        try {
          const tickers = await fetchTickers(client, { timeoutMs })
          // A partial answer never drops the pairs it left out.
          return { outcome: 'live', value: { tickers: mergeTickers(last?.tickers ?? {}, tickers), fetchedAt: now(), stale: false } }
        } catch (error) {
          // The log names what failed (the detail), not the words a browser would show.
          const message = error instanceof RequestError ? error.detail : error instanceof Error ? error.message : String(error)
          return { outcome: 'failed', value: last ? { ...last, stale: true } : none(true), error: { message } }
        }
      },
      codec: {
        local: (last) => last && { time: last.fetchedAt, fields: { tickers: JSON.stringify(last.tickers) } },
        localTime: (last) => last?.fetchedAt ?? 0,
        // Older figures never replace newer ones, per pair as a whole (mergeTickers, and the feed's last good).
        adopt(copy, last) {
          const tickers = tickersOf(copy.fields.tickers)
          return tickers && { keep: { tickers: mergeTickers(last?.tickers ?? {}, tickers), fetchedAt: copy.time, stale: false } }
        },
        fresh: (_fetchedAt, _answered, last) => last && { ...last, stale: false },
      },
    }
  }

  const feed = createFeed<TickerSnapshot, string, 'tickers', FeedSource<TickerSnapshot, string, 'tickers'>>({
    reuseMs,
    patienceMs,
    pollMs: FLEET_COPY_POLL_MS,
    // Nothing known: the page would show no prices, so it waits as long as a load of its own would.
    waitUnknownMs: timeoutMs,
    now,
    random,
    timers,
    shared,
    fetchedAt: (snapshot) => snapshot.fetchedAt,
    open,
    reuse: ({ lastGood }) => {
      const known = lastGood.peek()
      return known && now() - known.fetchedAt < reuseMs ? { ...known, stale: false } : undefined
    },
    keeps: (snapshot) => !snapshot.stale,
    stale: (last) => (last ? { ...last, stale: true } : none(true)),
    failed: options.onFailure,
  })

  /** The tickers of the upstream at `base`. Never rejects: at worst the last good (or no) tickers. */
  const getTickers = (base: string): Promise<TickerSnapshot> => feed.read(base, base)

  return { getTickers, state: (base: string) => feed.upstream(base).backoff.state() }
}

/**
 * Server-side tickers: the prices a page carries as of its render. Like the symbol list: per
 * upstream one refresh at a time, failures backed off with jitter (./upstream.ts), a fresh
 * answer reused for `reuseMs`, the last good tickers kept (./last-good.ts) and served when the
 * upstream fails or is slow (./refresh.ts), so a page never loses its prices to an outage
 * (docs/decisions/pages.md "Prices on server-rendered pages"). In fleet mode, like the lists
 * again: one refresher per upstream and window fleet-wide, the others take its copy
 * (docs/decisions/fleet.md "One refresher per fleet for lists and tickers").
 */
import { systemTimers, type Timers } from '@/lib/engine-kit/environment'
import { createHttpClient, type HttpClient } from '@/lib/http/client'
import { RequestError } from '@/lib/http/errors'
import { SingleFlight } from '@/lib/http/single-flight'
import { fetchTickers, mergeTickers, parseTicker, type Ticker, type Tickers } from '@/lib/market-data/tickers'
import { createLastGood, type LastGood } from './last-good'
import type { RedisLink } from './redis-link.cjs'
import { createRefresher } from './refresh'
import { createRedisCopies, type SharedCopies } from './shared-copies'
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

type KeptTickers = { tickers: Tickers; fetchedAt: number }

export function createTickerService(options: TickerServiceOptions = {}) {
  const {
    fetch: fetchImpl = fetch,
    now = Date.now,
    random = Math.random,
    reuseMs = 5_000,
    timeoutMs = 2_000,
    patienceMs = 300,
    shared,
    timers = systemTimers,
  } = options
  const upstreamOf = createUpstreams({ now, random })
  const refreshed = createRefresher<TickerSnapshot>(patienceMs, timers)
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
    if (done.outcome === 'live') await push(base, good)
    return done.outcome === 'backed-off' ? snapshot(good, true) : done.value
  }

  /** This instance asks the upstream (single-flight, backed off, with patience once tickers are known). */
  function ownRefresh(base: string, good: LastGood<KeptTickers>): Promise<TickerSnapshot> {
    // A slow or hung upstream must not hold every regeneration for the whole timeout: with good
    // tickers known, the render waits patienceMs and then shows them (their time is on the page).
    const stale = () => snapshot(good, true)
    return refreshed(base, upstreamOf(base), () => refresh(base, good), good.peek() && { backedOff: stale, slow: stale })
  }

  /** Shares this instance's last good tickers (the fleet keeps the newer copy). */
  async function push(base: string, good: LastGood<KeptTickers>): Promise<void> {
    const known = good.peek()
    if (shared && known) await shared.write(base, { time: known.fetchedAt, fields: { tickers: JSON.stringify(known.tickers) } })
  }

  /** Takes the fleet's copy when it is newer than this instance's (its time read first); whether the tickers are now fresh. */
  async function adopt(shared: SharedCopies<'tickers'>, base: string, good: LastGood<KeptTickers>): Promise<boolean> {
    const copy = await shared.readNewer(base, good.peek()?.fetchedAt ?? 0)
    const tickers = copy && tickersOf(copy.fields.tickers)
    // Older figures never replace newer ones, per pair as a whole (mergeTickers, LastGood.keep).
    if (copy && tickers) good.keep({ tickers: mergeTickers(good.peek()?.tickers ?? {}, tickers), fetchedAt: copy.time })
    const known = good.peek()
    return known !== undefined && now() - known.fetchedAt < reuseMs
  }

  /**
   * The fleet's fresh tickers if there are some; else, when another instance holds this window's
   * lease, its copy as soon as it arrives (at most patienceMs with tickers known, timeoutMs
   * without); else this instance asks (it holds the lease, Redis is away, or nothing arrived and
   * it has nothing to show).
   */
  async function follow(shared: SharedCopies<'tickers'>, base: string, good: LastGood<KeptTickers>): Promise<TickerSnapshot> {
    if (await adopt(shared, base, good)) return snapshot(good, false)
    if ((await shared.lease(base, reuseMs)) !== 'taken') return ownRefresh(base, good)
    const waitMs = good.peek() ? patienceMs : timeoutMs
    for (let i = 0; i < Math.ceil(waitMs / FLEET_COPY_POLL_MS); i++) {
      await new Promise<void>((resolve) => timers.setTimeout(resolve, FLEET_COPY_POLL_MS))
      if (await adopt(shared, base, good)) return snapshot(good, false)
    }
    return good.peek() ? snapshot(good, true) : ownRefresh(base, good)
  }
  const looks = new SingleFlight<TickerSnapshot>()

  // Kept while Redis was away: shared again as soon as it answers (the fleet keeps the newer).
  shared?.onRecovered(() => Promise.all([...kept].map(([base, good]) => push(base, good))))

  /** The tickers of the upstream at `base`. Never rejects: at worst the last good (or no) tickers. */
  function getTickers(base: string): Promise<TickerSnapshot> {
    const good = lastGoodOf(base)
    const known = good.peek()
    if (known && now() - known.fetchedAt < reuseMs) return Promise.resolve(snapshot(good, false))
    if (!shared) return ownRefresh(base, good)
    return looks.run(base, () => follow(shared, base, good))
  }

  return { getTickers, state: (base: string) => upstreamOf(base).backoff.state() }
}

import { systemTimers, type Timers } from '@/lib/engine-kit/environment'
import { withPatience } from '@/lib/http/patience'
import { SingleFlight } from '@/lib/http/single-flight'
import type { SharedCopies, SharedCopy } from '../fleet/shared-copies'
import { createLastGood, type LastGood } from './last-good'
import { createUpstreams, type Attempt, type Upstream } from './upstream'

/**
 * One feed of upstream data, keyed (docs/decisions/pages.md "Server symbol-list reuse",
 * docs/decisions/fleet.md "One refresher per fleet for lists and tickers"): for each key it owns
 * the whole life of the value renders get, and only it writes that state. A read, top-down:
 *
 * 1. reuse: a value the configuration's liveness rule still counts as live answers at once;
 * 2. one cycle per key at a time (the per-key flight), shared by every render that asks meanwhile;
 *    with a last good value known, a render waits at most `patienceMs`, then gets it as stale;
 * 3. in fleet mode: adopt the fleet's newer copy (its time read first), answer it when fresh;
 *    else take the window's lease, or poll for the holder's copy every `pollMs` (at most
 *    `patienceMs` with a last good value, `waitUnknownMs` without), then the last good value;
 * 4. a load at the upstream, queued behind the upstream's one refresh at a time and skipped while
 *    it is backed off (./upstream.ts); a live load is pushed to the fleet, and every key is
 *    pushed again when Redis comes back.
 *
 * The symbol lists (server/symbol-list/) and the tickers (server/tickers/) are two configurations:
 * a source per key (its load and its shared copy's codec), a liveness rule, and what a stale
 * answer is.
 */

/** How a value reached renders: a load, the fleet's copy, or, without the upstream, the last good (backed off, waited for the fleet, slow). */
export type Answered = 'load' | 'fleet' | 'backed-off' | 'waited' | 'slow'

/** The fleet's copy of one key's value, as the configuration stores it. */
export interface FeedCodec<V, F extends string> {
  /** This instance's copy, to share (undefined: nothing to share). */
  local(lastGood: V | undefined): SharedCopy<F> | undefined
  /** When this instance's copy left the upstream (0: none). */
  localTime(lastGood: V | undefined): number
  /** Takes the fleet's newer copy in: what to keep as last good; undefined when the copy is unusable. */
  adopt(copy: SharedCopy<F>, lastGood: V | undefined): { keep?: V } | undefined
  /** What renders get from a copy fetched at `fetchedAt`, within the reuse window. */
  fresh(fetchedAt: number, answered: V | undefined, lastGood: V | undefined): V | undefined
}

/** One key's source: the upstream its loads queue behind, the load, the last good value kept on disk, the fleet codec. */
export interface FeedSource<V, C, F extends string> {
  readonly upstream: string
  /** One load at the upstream: live, or failed with a value to show. */
  load(context: C, lastGood: V | undefined): Promise<Attempt<V>>
  /** The last good value kept across restarts, read when memory holds none. */
  stored?(): V | undefined
  codec?: FeedCodec<V, F>
}

/** What the feed holds per key, as its configuration and status pages read it. */
export interface FeedView<V, S> {
  readonly key: string
  readonly source: S
  /** What renders were last given, and when (not a slow answer). */
  readonly answered: { value: V; at: number } | undefined
  /** Consecutive loads of this key that gave nothing live. */
  readonly failures: number
  readonly lastGood: Pick<LastGood<V>, 'peek' | 'get'>
}

export interface FeedConfig<V, C, F extends string, S extends FeedSource<V, C, F>> {
  reuseMs: number
  patienceMs: number
  /** Fleet mode: how often an instance waiting for the lease holder looks for its copy. */
  pollMs: number
  /** Fleet mode: how long it waits for that copy when it knows no good value. */
  waitUnknownMs: number
  now: () => number
  random: () => number
  timers?: Timers
  fetchedAt(value: V): number
  /** The source of a key, made on its first read. */
  open(key: string, context: C): S
  /** The liveness rule: the value renders may reuse now without asking (undefined: ask). */
  reuse(view: FeedView<V, S>): V | undefined
  /** Whether an answered value becomes the key's last good value. */
  keeps(value: V): boolean
  /** A good value from elsewhere when this key has none (another language of the same upstream). */
  borrow?(view: FeedView<V, S>, context: C): V | undefined
  /** The answer without the upstream: the last good value as stale, or what shows when none is known. */
  stale(lastGood: V | undefined, context: C): V
  /** Notes an answer (metrics). */
  answered?(value: V, context: C, how: Answered): void
  /** A load failed. */
  failed?(upstream: string, message: string): void
  /** Fleet mode: the copies and leases every instance shares. */
  shared?: SharedCopies<F>
}

interface Entry<V, S> {
  key: string
  source: S
  answered: { value: V; at: number } | undefined
  failures: number
  lastGood: LastGood<V>
}

export function createFeed<V, C, F extends string, S extends FeedSource<V, C, F>>(config: FeedConfig<V, C, F, S>) {
  const { reuseMs, patienceMs, pollMs, waitUnknownMs, now, shared, timers = systemTimers } = config
  const entries = new Map<string, Entry<V, S>>()
  const upstreamOf = createUpstreams({ now, random: config.random })
  const flights = new SingleFlight<V>()

  function entryOf(key: string, context: C): Entry<V, S> {
    let entry = entries.get(key)
    if (!entry) {
      const source = config.open(key, context)
      const lastGood = createLastGood(config.fetchedAt, () => source.stored?.())
      entries.set(key, (entry = { key, source, answered: undefined, failures: 0, lastGood }))
    }
    return entry
  }

  /** The last good value a render may get meanwhile: this key's, else one borrowed. */
  const known = (entry: Entry<V, S>, context: C) => entry.lastGood.get() ?? config.borrow?.(entry, context)

  function answer(entry: Entry<V, S>, value: V, context: C, how: Answered): V {
    if (how !== 'slow') {
      entry.answered = { value, at: now() }
      if (config.keeps(value)) entry.lastGood.keep(value)
    }
    config.answered?.(value, context, how)
    return value
  }

  const withoutUpstream = (entry: Entry<V, S>, context: C, how: Answered) => answer(entry, config.stale(known(entry, context), context), context, how)

  /** Shares this instance's copy (the fleet keeps the newer). */
  async function push(entry: Entry<V, S>): Promise<void> {
    const copy = entry.source.codec?.local(entry.lastGood.peek())
    if (shared && copy) await shared.write(entry.key, copy)
  }
  // Written while Redis was away: shared again as soon as it answers.
  shared?.onRecovered(() => Promise.all([...entries.values()].map(push)))

  /** Takes the fleet's copy when it is newer than this instance's; the value renders get when it is fresh. */
  async function adopt(shared: SharedCopies<F>, entry: Entry<V, S>, codec: FeedCodec<V, F>): Promise<V | undefined> {
    const mine = codec.localTime(entry.lastGood.peek())
    const copy = await shared.readNewer(entry.key, mine)
    const taken = copy && codec.adopt(copy, entry.lastGood.peek())
    if (copy && taken) {
      // The last good value is read again from the newer copy (unless it is newer still).
      entry.lastGood.forgetOlderThan(copy.time)
      if (taken.keep !== undefined) entry.lastGood.keep(taken.keep)
    }
    const fetchedAt = Math.max(taken ? copy.time : 0, mine)
    if (fetchedAt === 0 || now() - fetchedAt >= reuseMs) return undefined
    return codec.fresh(fetchedAt, entry.answered?.value, entry.lastGood.peek())
  }

  /** One cycle of a key: the fleet's copy, else a load of this instance's. */
  async function cycle(entry: Entry<V, S>, context: C): Promise<V> {
    const { codec } = entry.source
    if (shared && codec) {
      const fresh = await adopt(shared, entry, codec)
      if (fresh) return answer(entry, fresh, context, 'fleet')
      if ((await shared.lease(entry.key, reuseMs)) === 'taken') {
        const waitMs = known(entry, context) ? patienceMs : waitUnknownMs
        for (let i = 0; i < Math.ceil(waitMs / pollMs); i++) {
          await new Promise<void>((resolve) => timers.setTimeout(resolve, pollMs))
          const arrived = await adopt(shared, entry, codec)
          if (arrived) return answer(entry, arrived, context, 'fleet')
        }
        if (known(entry, context)) return withoutUpstream(entry, context, 'waited')
      }
    }
    const upstream = upstreamOf(entry.source.upstream)
    if (known(entry, context) && !upstream.backoff.mayAttempt()) return withoutUpstream(entry, context, 'backed-off')
    const done = await upstream.refresh(() => entry.source.load(context, entry.lastGood.peek()))
    if (done.outcome === 'backed-off') return withoutUpstream(entry, context, 'backed-off')
    if (done.outcome === 'live') {
      entry.failures = 0
      if (config.keeps(done.value)) entry.lastGood.keep(done.value)
      await push(entry)
    } else {
      entry.failures += 1
      config.failed?.(entry.source.upstream, done.error.message)
    }
    return answer(entry, done.value, context, 'load')
  }

  /** The value for `key`. Never rejects: at worst the last good value as stale, or the configuration's value for none. */
  function read(key: string, context: C): Promise<V> {
    const entry = entryOf(key, context)
    const reused = config.reuse(entry)
    if (reused !== undefined) return Promise.resolve(reused)
    const good = known(entry, context)
    if (good && !shared && !upstreamOf(entry.source.upstream).backoff.mayAttempt()) return Promise.resolve(withoutUpstream(entry, context, 'backed-off'))
    const flight = flights.run(key, () => cycle(entry, context))
    // Not the upstream's whole timeout: after patienceMs the last good value answers as stale.
    return good ? withPatience(flight, patienceMs, () => answer(entry, config.stale(good, context), context, 'slow'), timers) : flight
  }

  return {
    read,
    /** A key's state, made on first use (without reading). */
    open: (key: string, context: C): FeedView<V, S> => entryOf(key, context),
    /** A key's state if it was read. */
    find: (key: string): FeedView<V, S> | undefined => entries.get(key),
    views: (): FeedView<V, S>[] => [...entries.values()],
    upstream: (base: string): Upstream => upstreamOf(base),
  }
}

export type Feed<V, C, F extends string, S extends FeedSource<V, C, F>> = ReturnType<typeof createFeed<V, C, F, S>>

/**
 * The order book kept as the exchange's documentation says (docs/wire.md "Order book"; issue 51
 * item 2): a snapshot replaces the local book; in a delta a size of "0" deletes the level, a new
 * price inserts it, a known one updates it; `u` = 1 is a snapshot after a service restart
 * (checked before "not newer"). A delta before the first snapshot, one whose `u` is not newer
 * than the last applied, or one for another symbol is dropped. A malformed message or a delta
 * that leaves the book crossed is never drawn: the keeper asks for a fresh snapshot (unsubscribe,
 * subscribe) after the specification's back-off (100 ms doubling to 10 s), and records the
 * incident once. A gap in `u` is counted, not acted on.
 *
 * Pure: the timers, the clock, the monitor and the resubscribe are passed in.
 */
import type { Timers } from '../engine-kit/environment'
import { createExternalStore, type ExternalStore } from '../engine-kit/external-store'
import { backoffDelay } from '../http/backoff'
import { BACKOFF_MAX_MS } from '../http/constants'
import type { Monitor } from '../monitor/monitor'
import { toUnits } from './book-decimal'

/** One price level: price and size in units (./book-decimal.ts). */
export type Level = readonly [price: bigint, size: bigint]

export interface Book {
  symbol: string
  /** Best first: bids by price descending, asks ascending. */
  bids: readonly Level[]
  asks: readonly Level[]
  /** The update id of the last message applied. */
  u: number
}

export interface BookMessage {
  type: 'snapshot' | 'delta'
  symbol: string
  bids: readonly Level[]
  asks: readonly Level[]
  u: number
}

export { BOOK_DEPTH, bookTopic, tradeTopic } from './book-topics'

/** Monitor event of one resync incident (a malformed message or a crossed book), sent once as it begins. */
export const BOOK_INCIDENT_EVENT = 'order_book_resync'

/** A book that stays good this long after a fresh snapshot ends its incident: the next bad message starts the back-off over. */
export const BOOK_HEALTHY_MS = BACKOFF_MAX_MS

/** Prices read before, as units: a book's prices come back push after push (sizes rarely do); bounded, then started over. */
const priceUnits = new Map<string, bigint>()
const PRICES_KEPT = 4096

function priceOf(value: unknown): bigint | undefined {
  if (typeof value !== 'string') return undefined
  let units = priceUnits.get(value)
  if (units === undefined) {
    units = toUnits(value)
    if (units === undefined) return undefined
    if (priceUnits.size >= PRICES_KEPT) priceUnits.clear()
    priceUnits.set(value, units)
  }
  return units
}

function levels(value: unknown, zeroAllowed: boolean): Level[] | undefined {
  if (!Array.isArray(value)) return undefined
  const out: Level[] = []
  for (const level of value) {
    if (!Array.isArray(level) || level.length < 2) return undefined
    const price = priceOf(level[0])
    const size = toUnits(level[1])
    if (price === undefined || size === undefined || price === 0n || (!zeroAllowed && size === 0n)) return undefined
    out.push([price, size])
  }
  return out
}

/**
 * A websocket push's or a REST answer's book (`{s, b, a, u}`) as a message, or undefined when
 * malformed: a side missing, a price or size that is not a decimal string, a `u` that is not a
 * positive integer. A snapshot's levels must have sizes; a delta's may be "0".
 */
export function parseBookMessage(data: unknown, type: unknown): BookMessage | undefined {
  if (type !== 'snapshot' && type !== 'delta') return undefined
  if (typeof data !== 'object' || data === null) return undefined
  const d = data as Record<string, unknown>
  const u = d.u
  if (typeof d.s !== 'string' || typeof u !== 'number' || !Number.isSafeInteger(u) || u < 1) return undefined
  const bids = levels(d.b, type === 'delta')
  const asks = levels(d.a, type === 'delta')
  if (!bids || !asks) return undefined
  return { type, symbol: d.s, bids, asks, u }
}

/** Whether `a` comes before `b` on this side: bids descending, asks ascending. */
const before = (side: 'bids' | 'asks', a: bigint, b: bigint) => (side === 'bids' ? a > b : a < b)

function sorted(side: 'bids' | 'asks', list: readonly Level[]): Level[] {
  const byPrice = new Map<bigint, bigint>()
  for (const [price, size] of list) byPrice.set(price, size)
  return [...byPrice].sort((a, b) => (before(side, a[0], b[0]) ? -1 : before(side, b[0], a[0]) ? 1 : 0))
}

/** A side with a delta's levels applied: "0" deletes, a new price inserts at its place, a known one updates. */
export function applySide(side: 'bids' | 'asks', current: readonly Level[], changes: readonly Level[]): readonly Level[] {
  if (changes.length === 0) return current
  const next = current.slice()
  for (const [price, size] of changes) {
    let lo = 0
    let hi = next.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (before(side, (next[mid] as Level)[0], price)) lo = mid + 1
      else hi = mid
    }
    const found = lo < next.length && (next[lo] as Level)[0] === price
    if (size === 0n) {
      if (found) next.splice(lo, 1)
    } else if (found) next[lo] = [price, size]
    else next.splice(lo, 0, [price, size])
  }
  return next
}

/** Best bid ≥ best ask: a book that can never be shown. */
export function isCrossed(book: Pick<Book, 'bids' | 'asks'>): boolean {
  const bid = book.bids[0]
  const ask = book.asks[0]
  return bid !== undefined && ask !== undefined && bid[0] >= ask[0]
}

export type DropReason = 'before-snapshot' | 'not-newer' | 'other-symbol'
export type IncidentCause = 'malformed' | 'crossed'

export interface BookIncident {
  cause: IncidentCause
  at: number
  /** Resubscribes asked for within this incident. */
  attempts: number
}

export interface BookKeeperSnapshot {
  /** The last good book (kept on screen, dimmed, while a fresh snapshot is awaited), or null before the first. */
  book: Book | null
  /** `waiting`: no snapshot yet; `live`: the book is current; `resync`: a fresh snapshot is awaited (a bad message, a new socket). */
  state: 'waiting' | 'live' | 'resync'
  /** Gaps in `u` seen between applied deltas: how many, how many ids they skipped, the last one's time. */
  gaps: { count: number; skipped: number; lastAt: number | null }
  dropped: Readonly<Record<DropReason, number>>
  /** The newest incidents, oldest first (at most MAX_INCIDENTS). */
  incidents: readonly BookIncident[]
}

export const MAX_INCIDENTS = 5

export interface BookKeeper extends ExternalStore<BookKeeperSnapshot> {
  /** A websocket push of the book topic (the whole message: `type`, `data`). */
  push(message: { type?: unknown; data?: unknown }): void
  /** A REST answer's `result`: a snapshot, applied when there is no book yet or it is newer (or `u` = 1). */
  answer(result: unknown): void
  /** The stream moved (a new socket, a route switch, a reconnect): the book stays, dimmed, until the new snapshot. */
  restart(): void
  /** Stops a pending resubscribe. */
  stop(): void
}

export interface BookKeeperOptions {
  symbol: string
  timers: Timers
  now: () => number
  monitor: Monitor
  /** Unsubscribe and subscribe the book topic again on the same socket (a fresh snapshot follows). */
  resubscribe: () => void
}

export function createBookKeeper(o: BookKeeperOptions): BookKeeper {
  const store = createExternalStore<BookKeeperSnapshot>({
    book: null,
    state: 'waiting',
    gaps: { count: 0, skipped: 0, lastAt: null },
    dropped: { 'before-snapshot': 0, 'not-newer': 0, 'other-symbol': 0 },
    incidents: [],
  })
  let pending: unknown = null
  /** When the last fresh snapshot was applied: an incident lasts until the book has stayed good BOOK_HEALTHY_MS. */
  let goodSince = -Infinity
  let lastBadAt = -Infinity

  const drop = (reason: DropReason) => store.update((s) => ({ ...s, dropped: { ...s.dropped, [reason]: s.dropped[reason] + 1 } }))

  const replace = (book: Book) => {
    goodSince = o.now()
    store.update((s) => ({ ...s, book, state: 'live' }))
  }

  /** Never drawn: the book waits for a fresh snapshot, asked for after the back-off; one incident per episode. */
  const bad = (cause: IncidentCause) => {
    const at = o.now()
    const s = store.getSnapshot()
    const open = s.incidents.at(-1)
    // The incident goes on unless a fresh snapshot since the last bad message has held BOOK_HEALTHY_MS.
    const continuing = open !== undefined && !(goodSince > lastBadAt && at - goodSince >= BOOK_HEALTHY_MS)
    lastBadAt = at
    if (pending !== null) {
      // A resubscribe is already due: the book is not drawn meanwhile; nothing more to ask.
      if (s.state !== 'resync') store.update((x) => ({ ...x, state: 'resync' }))
      return
    }
    const attempts = continuing ? open.attempts + 1 : 1
    const incident: BookIncident = continuing ? { ...open, attempts } : { cause, at, attempts }
    store.update((x) => ({
      ...x,
      state: x.book ? 'resync' : 'waiting',
      incidents: continuing ? [...x.incidents.slice(0, -1), incident] : [...x.incidents, incident].slice(-MAX_INCIDENTS),
    }))
    if (!continuing) o.monitor.event(BOOK_INCIDENT_EVENT, { cause, symbol: o.symbol })
    pending = o.timers.setTimeout(
      () => {
        pending = null
        o.resubscribe()
      },
      backoffDelay(attempts - 1),
    )
  }

  const apply = (message: BookMessage, fromRest: boolean) => {
    const s = store.getSnapshot()
    if (message.symbol !== o.symbol) return drop('other-symbol')
    const book = s.book
    // u = 1: a snapshot after a service restart, checked before "not newer".
    const isSnapshot = message.type === 'snapshot' || message.u === 1
    if (isSnapshot) {
      if (fromRest && book && s.state === 'live' && message.u !== 1 && message.u <= book.u) return drop('not-newer')
      const next: Book = { symbol: message.symbol, bids: sorted('bids', message.bids), asks: sorted('asks', message.asks), u: message.u }
      return isCrossed(next) ? bad('crossed') : replace(next)
    }
    if (!book || s.state !== 'live') return drop('before-snapshot')
    if (message.u <= book.u) return drop('not-newer')
    const next: Book = { symbol: book.symbol, bids: applySide('bids', book.bids, message.bids), asks: applySide('asks', book.asks, message.asks), u: message.u }
    if (isCrossed(next)) return bad('crossed')
    const skipped = message.u - book.u - 1
    store.update((x) => ({
      ...x,
      book: next,
      gaps: skipped > 0 ? { count: x.gaps.count + 1, skipped: x.gaps.skipped + skipped, lastAt: o.now() } : x.gaps,
    }))
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    push(message) {
      const parsed = parseBookMessage(message.data, message.type)
      // Another pair's message is dropped even when it would not parse: it is not this book's to judge.
      const symbol = (message.data as { s?: unknown } | null | undefined)?.s
      if (!parsed && typeof symbol === 'string' && symbol !== o.symbol) return drop('other-symbol')
      if (!parsed) return bad('malformed')
      apply(parsed, false)
    },
    answer(result) {
      const parsed = parseBookMessage(result, 'snapshot')
      if (!parsed) return bad('malformed')
      apply(parsed, true)
    },
    restart() {
      store.update((s) => (s.state === 'live' ? { ...s, state: 'resync' } : s))
    },
    stop() {
      if (pending !== null) o.timers.clearTimeout(pending)
      pending = null
    },
  }
}

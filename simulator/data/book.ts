/**
 * The order book and the trade tape of one pair, drawn from its price path (prices.ts) so every
 * figure agrees: the best bid is the path's price at the book's tick (the ticker's bid1Price), the
 * best ask one price step above it (ask1Price), and each trade is printed at the path's price at
 * its instant. Like the path, both are pure functions of (seed, pair, tick): REST and every
 * socket show the same book with the same `u` and the same trade ids, whichever asked first.
 *
 * Prices and sizes are integers of the pair's price step and quantity step ("units"), written as
 * decimal strings by fromUnits, so they are exact at every magnitude the pairs have (1e-12 to 1e7
 * prices, up to 1e12 units).
 */
import type { FullPair } from './pairs'
import { decimalsOf, fromUnits } from './decimals'
import { pricePath } from './prices'
import { hashUnit, subSeed } from './prng'

/** Levels a side the depth-50 topic carries (docs/wire.md "Order book"). */
export const BOOK_DEPTH = 50
/** Largest REST `limit` for spot: the model keeps this many levels a side. */
export const BOOK_MAX_LEVELS = 200
/** Share of price steps that hold a level (the touch always does). */
const DENSITY = 0.6
/** A level's size is redrawn every 3–30 ticks: a few levels change each tick, as on a live book. */
const LIFE_MIN = 3
const LIFE_SPAN = 28
/** A level's notional near the touch: this share of the pair's daily volume. */
const LEVEL_SHARE = 1 / 20_000

/**
 * Ticks of a steady rate that may change: tick n starts at start(n), index(t) is the tick running
 * at t. A new rate starts a new segment at the next index, so indices (the book's `u`, the trade
 * ids) run on without a jump or a repeat.
 */
export interface Cadence {
  readonly periodMs: number
  index(t: number): number
  start(n: number): number
  /** The new period takes over at `now`: tick index(now) + 1 starts there. */
  setPeriod(periodMs: number, now: number): void
}

interface Segment {
  t0: number
  n0: number
  period: number
}

export function createCadence(periodMs: number): Cadence {
  const segments: Segment[] = [{ t0: 0, n0: 0, period: periodMs }]
  const bySegmentTime = (t: number) => segments.findLast((s) => s.t0 <= t) ?? segments[0]!
  const bySegmentIndex = (n: number) => segments.findLast((s) => s.n0 <= n) ?? segments[0]!
  const indexIn = (s: Segment, t: number) => (Number.isFinite(s.period) ? s.n0 + Math.floor((t - s.t0) / s.period) : s.n0 - 1)
  return {
    get periodMs() {
      return segments.at(-1)!.period
    },
    index: (t) => indexIn(bySegmentTime(t), t),
    start(n) {
      const s = bySegmentIndex(n)
      // 0 × Infinity is NaN: a segment of no ticks still starts at its t0.
      return n === s.n0 ? s.t0 : s.t0 + (n - s.n0) * s.period
    },
    setPeriod(period, now) {
      const n = indexIn(bySegmentTime(now), now) + 1
      // Segments stay ordered by time and index; a clock moved back drops the ones after it.
      while (segments.length > 1 && segments.at(-1)!.t0 >= now) segments.pop()
      segments.push({ t0: now, n0: n, period })
    },
  }
}

/** A level: price and size in units of the pair's steps. */
export type Level = readonly [price: number, size: number]

export interface Book {
  /** Best first: bids descending, asks ascending; BOOK_MAX_LEVELS at most. */
  bids: Level[]
  asks: Level[]
}

export interface Trade {
  /** The trade's index: its id is derived from it (idOf). */
  k: number
  time: number
  price: number
  size: number
  side: 'Buy' | 'Sell'
}

export interface PairMarket {
  readonly symbol: string
  /** Price and size as exact decimal strings. */
  price(units: number): string
  size(units: number): string
  /** The book at tick n, `depth` levels a side (BOOK_MAX_LEVELS at most). */
  bookAt(n: number, depth?: number): Book
  /** The trade of index k, printed at `time` (in its slot of the trade cadence). */
  trade(k: number, time: number, previousTime: number): Trade
  /** Exec id of trade k: a decimal string, the same on REST (`execId`) and the socket (`i`). */
  idOf(k: number): string
}

const unit01 = (stream: number, n: number) => (hashUnit(stream, n) + 1) / 2
const mix = (stream: number, n: number) => (stream ^ Math.imul(n | 0, 0x27d4eb2d) ^ Math.imul(Math.floor(n / 4294967296), 0x165667b1)) >>> 0

/** One pair's book and trades; `bookTick` maps a book tick to the instant it starts. */
export function pairMarket(seed: number, pair: FullPair, bookTick: (n: number) => number): PairMarket {
  const path = pricePath(seed, pair)
  const priceDecimals = decimalsOf(pair.minPricePrecision)
  const sizeDecimals = decimalsOf(pair.basePrecision)
  const sizeStep = 10 ** -sizeDecimals
  const present = subSeed(seed, 'book-level', pair.symbolId)
  const lives = subSeed(seed, 'book-life', pair.symbolId)
  const sizes = subSeed(seed, 'book-size', pair.symbolId)
  const trades = subSeed(seed, 'trade', pair.symbolId)
  const idSalt = BigInt(subSeed(seed, 'trade-id', pair.symbolId) % 1000)
  const notional = Math.max(Number(pair.volume) * LEVEL_SHARE, 1e-12)
  const units = (value: number) => Math.max(1, Math.round(value / path.step))
  const touchAt = (t: number) => units(path.at(t))
  const span = BOOK_DEPTH / DENSITY

  // The touch at a tick, kept for the few hundred ticks a level's redraw looks back to.
  const touches = new Map<number, number>()
  const touchOfTick = (n: number) => {
    let x = touches.get(n)
    if (x === undefined) {
      if (touches.size > 512) touches.clear()
      touches.set(n, (x = touchAt(bookTick(n))))
    }
    return x
  }
  const quantity = (value: number, priceUnits: number) => Math.max(1, Math.round(value / (priceUnits * path.step) / sizeStep))
  /**
   * A level's size at tick n: drawn when its life began, thinner the farther it then was from the
   * touch, so a level keeps its size while the touch moves a little. Where the touch has since
   * moved more than a quarter of the book (pairs whose step is tiny against their moves), the
   * distance is today's.
   */
  const levelSize = (x: number, n: number, touchNow: number, bid: boolean) => {
    const life = LIFE_MIN + Math.floor(unit01(lives, x) * LIFE_SPAN)
    const phase = Math.floor(unit01(lives ^ 0x5bd1e995, x) * life)
    const epoch = Math.floor((n + phase) / life)
    const born = epoch * life - phase
    const bornTouch = touchOfTick(born)
    const touch = Math.abs(bornTouch - touchNow) <= span / 4 ? bornTouch : touchNow
    const distance = bid ? Math.max(0, touch - x) : Math.max(0, x - touch - 1)
    const draw = 0.2 + 1.6 * unit01(mix(sizes, epoch), x)
    return quantity((notional * draw) / (1 + (3 * distance) / span), x)
  }
  const holds = (x: number) => unit01(present, x) < DENSITY
  const books = new Map<string, Book>()

  return {
    symbol: pair.symbolId,
    price: (u) => fromUnits(BigInt(u), priceDecimals),
    size: (u) => fromUnits(BigInt(u), sizeDecimals),
    bookAt(n, depth = BOOK_DEPTH) {
      const most = Math.min(depth, BOOK_MAX_LEVELS)
      // REST, the ticker and every socket ask for the same few ticks: compute each once.
      const key = `${n} ${most}`
      const kept = books.get(key)
      if (kept) return kept
      if (books.size >= 16) books.delete(books.keys().next().value!)
      const bid = touchOfTick(n)
      const bids: Level[] = []
      const asks: Level[] = []
      for (let x = bid; x >= 1 && bids.length < most; x--) if (x === bid || holds(x)) bids.push([x, levelSize(x, n, bid, true)])
      for (let x = bid + 1; asks.length < most; x++) if (x === bid + 1 || holds(x)) asks.push([x, levelSize(x, n, bid, false)])
      const book = { bids, asks }
      books.set(key, book)
      return book
    },
    trade(k, time, previousTime) {
      const price = touchAt(time)
      const before = touchAt(previousTime)
      // The taker lifts the offer when the price rose since the last trade, hits the bid when it fell.
      const side = price > before ? 'Buy' : price < before ? 'Sell' : hashUnit(trades, k) < 0 ? 'Sell' : 'Buy'
      const draw = 0.02 + 0.6 * unit01(trades ^ 0x9e3779b9, k) ** 3
      return { k, time, price, size: quantity(notional * draw, price), side }
    },
    idOf: (k) => (2_100_000_000_000_000_000n + BigInt(k) * 1000n + idSalt).toString(),
  }
}

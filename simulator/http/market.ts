/**
 * The simulator's market: the book's and the tape's rates, their cadences (../data/book.ts) and
 * one model per pair. REST answers, tickers and sockets all read the book and the trades here.
 */
import type { MarketSettings } from '../contract'
import type { FullPair } from '../data/pairs'
import { BOOK_MAX_LEVELS, createCadence, pairMarket, type Cadence, type PairMarket, type Trade } from '../data/book'
import { hashUnit } from '../data/prng'

/** Bybit's spot push interval for depth 50 (docs/wire.md). */
export const DEFAULT_DEPTH_MS = 20
/** A few trades a second by default; the bench asks for 20. */
export const DEFAULT_TRADES_PER_SECOND = 4
export const ORDERBOOK_LIMITS = { min: 1, max: BOOK_MAX_LEVELS, default: 1 } as const
export const RECENT_TRADE_LIMITS = { min: 1, max: 60, default: 60 } as const

/** The simulator's market: its rates, their cadences and one model per pair. */
export interface Market {
  settings(): MarketSettings
  /** Changes the rates from `now` on; indices (u, trade ids) run on without a jump. */
  set(settings: Partial<MarketSettings>, now: number): void
  /** The book's tick at t: its `u`. */
  tick(t: number): number
  /** When tick n started (its `cts`). */
  tickStart(n: number): number
  forPair(pair: FullPair): PairMarket
  /** Trades after index `after` up to `now`, oldest first; `after` undefined: the latest `limit`. */
  trades(pm: PairMarket, now: number, after: number | undefined, limit: number): Trade[]
  /** Index of the last trade printed at or before `now`. */
  lastTrade(now: number): number
}

export function checkMarketSettings(value: Partial<MarketSettings>): Partial<MarketSettings> {
  const { depthMs, tradesPerSecond } = value
  if (depthMs !== undefined && (!Number.isInteger(depthMs) || depthMs < 1 || depthMs > 60_000)) {
    throw new Error(`depthMs must be an integer from 1 to 60000, got ${JSON.stringify(depthMs)}`)
  }
  if (tradesPerSecond !== undefined && (typeof tradesPerSecond !== 'number' || !(tradesPerSecond >= 0 && tradesPerSecond <= 1000))) {
    throw new Error(`tradesPerSecond must be a number from 0 to 1000, got ${JSON.stringify(tradesPerSecond)}`)
  }
  return value
}

export function createMarket(seed: number, initial: Partial<MarketSettings> = {}): Market {
  const { depthMs = DEFAULT_DEPTH_MS, tradesPerSecond = DEFAULT_TRADES_PER_SECOND } = checkMarketSettings(initial)
  const settings: MarketSettings = { depthMs, tradesPerSecond }
  const period = (perSecond: number) => (perSecond > 0 ? 1000 / perSecond : Infinity)
  const depth: Cadence = createCadence(settings.depthMs)
  const tape: Cadence = createCadence(period(settings.tradesPerSecond))
  const pairs = new Map<string, PairMarket>()
  // A trade falls somewhere in the first 80 % of its slot of the cadence.
  const tradeTime = (k: number) => {
    const start = tape.start(k)
    return Math.floor(start + 0.8 * (tape.start(k + 1) - start) * ((hashUnit(seed ^ 0x74726164, k) + 1) / 2))
  }
  const lastTrade = (now: number) => {
    const k = tape.index(now)
    return tradeTime(k) <= now ? k : k - 1
  }
  return {
    settings: () => ({ ...settings }),
    set(next, now) {
      const checked = checkMarketSettings(next)
      if (checked.depthMs !== undefined && checked.depthMs !== settings.depthMs) depth.setPeriod((settings.depthMs = checked.depthMs), now)
      if (checked.tradesPerSecond !== undefined && checked.tradesPerSecond !== settings.tradesPerSecond) {
        tape.setPeriod(period((settings.tradesPerSecond = checked.tradesPerSecond)), now)
      }
    },
    tick: (t) => depth.index(t),
    tickStart: (n) => depth.start(n),
    forPair(pair) {
      const key = `${pair.symbolId} ${pair.minPricePrecision} ${pair.basePrecision}`
      let pm = pairs.get(key)
      if (!pm) pairs.set(key, (pm = pairMarket(seed, pair, depth.start)))
      return pm
    },
    trades(pm, now, after, limit) {
      const last = lastTrade(now)
      const first = Math.max(after === undefined ? -Infinity : after + 1, last - limit + 1)
      const out: Trade[] = []
      for (let k = first; k <= last; k++) out.push(pm.trade(k, tradeTime(k), tradeTime(k - 1)))
      return out
    },
    lastTrade,
  }
}

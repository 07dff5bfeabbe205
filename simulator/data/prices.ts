/**
 * Moving prices: a pure function of (seed, pair, clock), so tickers, klines and the public
 * websocket agree for any clock reading, and a test that moves the clock sees the price move
 * without any timer.
 *
 * The log-price is a bounded random walk. Every ANCHOR_S seconds (about 12 days) it is pinned to a
 * seeded level around the pair's reference price; between two anchors it is a Brownian bridge
 * drawn by midpoint displacement down to one second, and linear within the second. A node's value
 * depends only on the nodes that bracket it, so the price at any instant costs ANCHOR_LEVELS
 * hashes, and the walk is the same whichever instants were asked before. The independent anchors
 * pull the walk back (a stationary spread of about σ·√(ANCHOR_S/2)); a tanh caps it at BOUND
 * spreads. σ is per pair: majors calm, small coins and memes wild, leveraged tokens 3× their
 * underlying, stablecoins almost still.
 */
import type { FullPair } from './pairs'
import { decimalsOf, fromUnits } from './decimals'
import { hashUnit, subSeed } from './prng'
import { LISTED_TOKENS } from './tokens'

export const DAY_MS = 86_400_000
const DAY_S = 86_400
/** Halvings from one anchor gap down to one second: the price moves every second (the websocket's push). */
const ANCHOR_LEVELS = 20
const ANCHOR_S = 2 ** ANCHOR_LEVELS
/** The walk never strays more than this many stationary spreads from the reference price. */
const BOUND = 3
/** A uniform draw in [-1, 1) has variance 1/3: this makes it unit variance. */
const UNIT = Math.sqrt(3)
/** Samples per window for high/low: enough to see the walk's swings without costing much. */
const SAMPLES = 48
/** Windows up to this long (the 1-, 3- and 5-minute candles) take every second: exact, so no trade prints outside its candle. */
const EXACT_RANGE_MS = 300_000

export interface PricePath {
  /** The price at `t` as a number (tests and sampling). */
  at(t: number): number
  /** A price on the pair's step as an exact decimal string at that step. */
  text(value: number): string
  step: number
  /** The highest and lowest price between `from` and `to`: exact up to 5 minutes, sampled beyond. */
  range(from: number, to: number): { high: number; low: number }
}

/** minTradeAmount / minTradeQuantity is about one price (data.ts builds the quantity from it). */
function referencePrice(pair: FullPair): number {
  const p = Number(pair.minTradeAmount) / Number(pair.minTradeQuantity)
  return Number.isFinite(p) && p > 0 ? p : 1
}

const FIAT = new Set(['EUR', 'TRY', 'BRL'])
/** A token's rank in market-cap order; a token the list does not know (new, test) is a small one. */
const rankOf = (tokenId: string) => {
  const i = LISTED_TOKENS.findIndex((t) => t.id === tokenId)
  return i < 0 ? 150 : i
}

/** The daily standard deviation of a pair's log-price: 2 % for BTC up to about 8 % for a small meme coin. */
export function dailyVolatility(pair: FullPair): number {
  if (pair.tags.includes('stablecoin')) return FIAT.has(pair.quoteTokenId) ? 0.005 : 0.0005
  const token = pair.ltUnderlying ?? pair.baseTokenId
  const sigma = (0.02 + 0.035 * Math.min(1, rankOf(token) / 100)) * (pair.tags.includes('meme') ? 1.4 : 1)
  return pair.ltUnderlying ? 3 * sigma : sigma
}

export function pricePath(seed: number, pair: FullPair): PricePath {
  const stream = subSeed(seed, 'walk', pair.symbolId)
  const perSecond = dailyVolatility(pair) ** 2 / DAY_S
  const spread = Math.sqrt((perSecond * ANCHOR_S) / 2)
  const anchor = (s: number) => UNIT * spread * hashUnit(stream, s)
  // A Brownian bridge's midpoint is the mean of its ends plus a draw with a quarter of the gap's variance.
  const midpointSpread = Array.from({ length: ANCHOR_LEVELS }, (_, level) => UNIT * Math.sqrt((perSecond * 2 ** (ANCHOR_LEVELS - level)) / 4))
  /** The walk (log deviation from the reference) at `t` ms: anchors, then halving down to the second around t. */
  const walk = (t: number) => {
    const s = t / 1000
    let lo = Math.floor(s / ANCHOR_S) * ANCHOR_S
    let half = ANCHOR_S / 2
    let vlo = anchor(lo)
    let vhi = anchor(lo + ANCHOR_S)
    for (let level = 0; level < ANCHOR_LEVELS; level++, half /= 2) {
      const mid = lo + half
      const vmid = (vlo + vhi) / 2 + (midpointSpread[level] ?? 0) * hashUnit(stream, mid)
      if (s < mid) vhi = vmid
      else {
        lo = mid
        vlo = vmid
      }
    }
    return vlo + (vhi - vlo) * (s - lo)
  }
  const p0 = referencePrice(pair)
  const limit = BOUND * spread
  const decimals = decimalsOf(pair.minPricePrecision)
  const step = 10 ** -decimals
  const at = (t: number) => Math.max(step, Math.round((p0 * Math.exp(limit * Math.tanh(walk(t) / limit))) / step) * step)
  return {
    at,
    step,
    // Whole steps written as digits, never a double's toFixed: exact at every magnitude.
    text: (value) => fromUnits(BigInt(Math.round(value / step)), decimals),
    range(from, to) {
      // Linear between whole seconds, so a short window's extremes lie on them (or its ends): exact,
      // the range of any trade within it. A longer window is sampled.
      const exact = to - from <= EXACT_RANGE_MS
      const first = exact ? Math.ceil(from / 1000) * 1000 : from
      const stride = exact ? 1000 : (to - from) / SAMPLES
      let high = at(to)
      let low = high
      if (first !== from) {
        const p = at(from)
        if (p > high) high = p
        if (p < low) low = p
      }
      for (let t = first; t < to; t += stride) {
        const p = at(t)
        if (p > high) high = p
        if (p < low) low = p
      }
      return { high, low }
    },
  }
}

/**
 * Moving prices: a pure function of (seed, pair, clock). Each pair's price is its reference price
 * (from the pair's own limits) times a sum of three seeded waves (hours, tens of minutes, tens of
 * seconds), so tickers, klines and the public websocket agree for any clock reading, and a test
 * that moves the clock sees the price move without any timer.
 */
import type { FullPair } from './pairs'
import { decimalsOf } from './decimals'
import { mulberry32, subSeed } from './prng'

const WAVES = [
  { periodMs: 6 * 3_600_000, amplitude: 0.04 },
  { periodMs: 37 * 60_000, amplitude: 0.012 },
  { periodMs: 53_000, amplitude: 0.003 },
]
export const DAY_MS = 86_400_000
/** Samples per window for high/low: enough to see the waves without costing much. */
const SAMPLES = 48

export interface PricePath {
  /** The price at `t` as a number (tests and sampling). */
  at(t: number): number
  /** The price at `t` as a decimal string at the pair's price step. */
  text(value: number): string
  step: number
  high(from: number, to: number): number
  low(from: number, to: number): number
}

/** minTradeAmount / minTradeQuantity is about one price (data.ts builds the quantity from it). */
function referencePrice(pair: FullPair): number {
  const p = Number(pair.minTradeAmount) / Number(pair.minTradeQuantity)
  return Number.isFinite(p) && p > 0 ? p : 1
}

export function pricePath(seed: number, pair: FullPair): PricePath {
  const rng = mulberry32(subSeed(seed, 'price', pair.symbolId))
  const phases = WAVES.map(() => rng() * 2 * Math.PI)
  const p0 = referencePrice(pair)
  const decimals = decimalsOf(pair.minPricePrecision)
  const step = 10 ** -decimals
  const at = (t: number) => {
    const f = WAVES.reduce((sum, w, i) => sum + w.amplitude * Math.sin((2 * Math.PI * t) / w.periodMs + (phases[i] ?? 0)), 0)
    return Math.max(step, Math.round((p0 * Math.exp(f)) / step) * step)
  }
  const samples = (from: number, to: number) => Array.from({ length: SAMPLES + 1 }, (_, i) => at(from + ((to - from) * i) / SAMPLES))
  return {
    at,
    step,
    text: (value) => value.toFixed(Math.min(decimals, 20)),
    high: (from, to) => Math.max(...samples(from, to)),
    low: (from, to) => Math.min(...samples(from, to)),
  }
}

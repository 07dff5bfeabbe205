/**
 * The order book's exact decimals (docs/decisions/pages.md "The order book and trades on the pair page"): a
 * price or size is read with the figures' own parser (./decimal-text.ts) and kept as a BigInt
 * count of 10^-20 units, the number library's 20 places (SPEC §9). Comparing, summing and
 * rounding to a merge step are integer operations: exact at any magnitude the wire carries
 * ("0.00000001" to "123456789012.5"), with no binary float and no decimal library in the browser.
 */
import { readPlainDecimal, roundedHalfUp, writeDecimal, type PlainDecimal } from './decimal-text'

/** Fraction digits of one unit: a value finer than this is not a price or size the book can keep exactly. */
export const UNIT_PLACES = 20
const ONE = 10n ** BigInt(UNIT_PLACES)

/**
 * A non-negative plain decimal string as units, or undefined for anything else (a number, an
 * exponent, a sign, junk, or more than UNIT_PLACES significant fraction digits).
 */
export function toUnits(value: unknown): bigint | undefined {
  if (typeof value !== 'string') return undefined
  const decimal = readPlainDecimal(value)
  if (!decimal || value.startsWith('-')) return undefined
  const fraction = decimal.fraction.replace(/0+$/, '')
  if (fraction.length > UNIT_PLACES) return undefined
  return BigInt(decimal.integer + fraction.padEnd(UNIT_PLACES, '0'))
}

/** Units back as a plain decimal (every place kept), for the figures' rounding and writing. */
export function unitsDecimal(units: bigint): PlainDecimal {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(UNIT_PLACES + 1, '0')
  const split = digits.length - UNIT_PLACES
  return { negative, integer: digits.slice(0, split), fraction: digits.slice(split).replace(/0+$/, '') }
}

/** Units as a plain decimal string ("62710.2"), exact. */
export function unitsText(units: bigint): string {
  const { negative, integer, fraction } = unitsDecimal(units)
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}

/** Units at `places` fraction digits (half-up), in the locale's separators. */
export function formatUnits(units: bigint, places: number, separators: { group: string; decimal: string }): string {
  return writeDecimal(roundedHalfUp(unitsDecimal(units), places), separators)
}

/** `price` rounded down (bids) or up (asks) to a multiple of `step` (step > 0). */
export function toStep(price: bigint, step: bigint, direction: 'down' | 'up'): bigint {
  const below = price - (price % step)
  return direction === 'down' || below === price ? below : below + step
}

/**
 * `part / whole × 100` at `places` fraction digits, half-up, as a plain decimal string
 * (the spread as a percentage of the mid price). whole > 0.
 */
export function percentText(part: bigint, whole: bigint, places: number): string {
  const scale = 10n ** BigInt(places)
  const scaled = (part * 100n * scale * 2n + whole) / (whole * 2n) // half-up
  const digits = scaled.toString().padStart(places + 1, '0')
  const split = digits.length - places
  return places === 0 ? digits : `${digits.slice(0, split)}.${digits.slice(split)}`
}

export { ONE as UNIT_ONE }

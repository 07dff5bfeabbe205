/**
 * Decimal strings without floating-point noise. The wire carries every quantity as a string
 * (docs/wire.md), so the simulator builds them from integer "units" of a known step instead of
 * printing doubles.
 */

/** The step with `decimals` places: 2 → "0.01", 0 → "1", -2 → "100". */
export function stepString(decimals: number): string {
  if (decimals <= 0) return '1' + '0'.repeat(-decimals)
  return '0.' + '0'.repeat(decimals - 1) + '1'
}

/** `units` steps of 10^-decimals as an exact decimal string: (12345, 2) → "123.45". */
export function fromUnits(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0')
  if (decimals === 0) return digits
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
}

/** Number of places after the point: "0.001" → 3, "10" → 0. */
export function decimalsOf(value: string): number {
  const point = value.indexOf('.')
  return point < 0 ? 0 : value.length - point - 1
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

/** Decimal places that show a price of this size with about six significant digits. */
export function priceDecimals(price: number): number {
  return clamp(5 - Math.floor(Math.log10(price)), 0, 12)
}

/**
 * Plain decimal strings ("-12345.675") rounded and grouped as text, digit by digit: exact for any
 * length, like bignumber.js, without loading it in the browser or building a number object per
 * figure (docs/decisions/pages.md "Figures as text"). A property test keeps every answer equal
 * to bignumber.js's `toFormat` with ROUND_HALF_UP.
 */

/**
 * A plain decimal's parts: the sign (of a value that is not zero: "-0" reads as 0), the integer
 * digits without leading zeros ("0" at least), the fraction digits as written.
 */
export interface PlainDecimal {
  negative: boolean
  integer: string
  fraction: string
}

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/

/** `-?digits[.digits]`, or undefined for anything else (exponents, spaces, "Infinity", junk). */
export function readPlainDecimal(value: string | undefined): PlainDecimal | undefined {
  const match = value === undefined ? null : PLAIN.exec(value)
  if (!match) return undefined
  const integer = (match[2] as string).replace(/^0+(?=\d)/, '')
  const decimal = { negative: false, integer, fraction: match[3] ?? '' }
  return { ...decimal, negative: match[1] === '-' && !isZero(decimal) }
}

/** True when every digit is 0 (whatever the sign). */
export function isZero(decimal: PlainDecimal): boolean {
  return !/[1-9]/.test(decimal.integer) && !/[1-9]/.test(decimal.fraction)
}

/** The decimal as a float, for what only reads it as a number (a percentage's formatter). */
export function toNumber(decimal: PlainDecimal): number {
  return Number(`${decimal.negative ? '-' : ''}${decimal.integer}.${decimal.fraction}`)
}

/** Significant fraction digits ("0.0100" → 2, "10" → 0). */
export function significantPlaces(decimal: PlainDecimal): number {
  return decimal.fraction.replace(/0+$/, '').length
}

/** Adds one to a string of digits ("199" → "200", "99" → "100"). */
function incremented(digits: string): string {
  let i = digits.length - 1
  while (i >= 0 && digits[i] === '9') i--
  if (i < 0) return `1${'0'.repeat(digits.length)}`
  return `${digits.slice(0, i)}${String(Number(digits[i]) + 1)}${'0'.repeat(digits.length - i - 1)}`
}

/**
 * The decimal at exactly `places` fraction digits, rounded half away from zero (bignumber.js's
 * ROUND_HALF_UP: the exchange's rounding). The sign stays, so -0.001 at two places is "-0.00",
 * as bignumber.js writes it.
 */
export function roundedHalfUp(decimal: PlainDecimal, places: number): PlainDecimal {
  const { integer, fraction } = decimal
  if (fraction.length <= places) return { ...decimal, fraction: fraction.padEnd(places, '0') }
  let digits = integer + fraction.slice(0, places)
  if (fraction.charCodeAt(places) >= 53) digits = incremented(digits) // '5'
  const split = digits.length - places
  const whole = digits.slice(0, split).replace(/^0+(?=\d)/, '')
  return { negative: decimal.negative, integer: whole, fraction: digits.slice(split) }
}

/** The integer digits in groups of three ("1234567" → "1,234,567" with ","). */
function grouped(integer: string, separator: string): string {
  const head = integer.length % 3 || 3
  let text = integer.slice(0, head)
  for (let i = head; i < integer.length; i += 3) text += separator + integer.slice(i, i + 3)
  return text
}

/** The decimal as text: grouped integer, the locale's decimal separator, the fraction as it is. */
export function writeDecimal(decimal: PlainDecimal, separators: { group: string; decimal: string }): string {
  const sign = decimal.negative ? '-' : ''
  const integer = grouped(decimal.integer, separators.group)
  return decimal.fraction ? `${sign}${integer}${separators.decimal}${decimal.fraction}` : `${sign}${integer}`
}

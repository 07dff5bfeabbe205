import BigNumber from 'bignumber.js'

/**
 * Decimal strings of the symbol list. Prices and sizes stay strings end to end (never floats):
 * "90000000000000000000000000.5" must come out exactly as it went in.
 */

/** SPEC §9: the number library works to 20 decimal places. A clone, so the app-wide config is untouched. */
export const SymbolDecimal = BigNumber.clone({ DECIMAL_PLACES: 20 })

/** A step (precision, price step, merge step) finer than the library's 20 places cannot be traded exactly. */
export const MAX_STEP_DECIMALS = 20

// bignumber.js alone accepts '0x10', '1_000', ' 1', '.5', 'Infinity' and 'NaN'; the wire never
// means those, so the grammar is checked first and bignumber.js decides the value.
const DECIMAL = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/

const NOT_PLAIN = -2
const NOT_A_STEP = -1

/**
 * Scans value[start, end) as a plain decimal (-?digits[.digits], the form of nearly every wire
 * value) without allocating: thousands of these per answer made regexes and substrings the
 * bench's biggest cost. Returns the step's significant decimals, NOT_A_STEP for a plain decimal
 * that is zero, negative or finer than 20 places, or NOT_PLAIN for anything else.
 */
function scanPlain(value: string, start: number, end: number): number {
  let i = start
  const negative = value.charCodeAt(i) === 45 // '-'
  if (negative) i++
  let digits = 0
  let nonZero = false
  for (; i < end; i++, digits++) {
    const c = value.charCodeAt(i)
    if (c < 48 || c > 57) break
    if (c !== 48) nonZero = true
  }
  if (digits === 0) return NOT_PLAIN
  let places = 0
  if (i < end) {
    if (value.charCodeAt(i) !== 46) return NOT_PLAIN // '.'
    const fractionStart = ++i
    for (; i < end; i++) {
      const c = value.charCodeAt(i)
      if (c < 48 || c > 57) return NOT_PLAIN
      if (c !== 48) {
        nonZero = true
        places = i - fractionStart + 1
      }
    }
    if (i === fractionStart) return NOT_PLAIN
  }
  return negative || !nonZero || places > MAX_STEP_DECIMALS ? NOT_A_STEP : places
}

/** bignumber.js for the rare exponent form ("1e-8"): a finite decimal > 0 with ≤ 20 places. */
function exponentStep(value: string): number | null {
  if (!isDecimalString(value)) return null
  const step = new SymbolDecimal(value)
  const places = step.decimalPlaces()
  return step.isGreaterThan(0) && places !== null && places <= MAX_STEP_DECIMALS ? places : null
}

/** A finite decimal string. A plain form cannot overflow, so only exponent forms reach bignumber.js. */
export function isDecimalString(value: unknown): value is string {
  if (typeof value !== 'string') return false
  if (scanPlain(value, 0, value.length) !== NOT_PLAIN) return true
  return DECIMAL.test(value) && new SymbolDecimal(value).isFinite()
}

/**
 * Decimals of a valid step: a decimal > 0 with at most MAX_STEP_DECIMALS places, else null.
 * A property test keeps this equal to bignumber.js's decimalPlaces for every decimal string.
 */
export function stepDecimals(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const places = scanPlain(value, 0, value.length)
  if (places === NOT_PLAIN) return exponentStep(value)
  return places === NOT_A_STEP ? null : places
}

export function isStepString(value: unknown): value is string {
  return stepDecimals(value) !== null
}

/** A digitMerge list "0.01,0.1,1" (spaces around entries allowed) whose every entry is a step. */
export function isStepList(value: unknown): value is string {
  if (typeof value !== 'string') return false
  for (let start = 0; start <= value.length;) {
    const comma = value.indexOf(',', start)
    const stop = comma < 0 ? value.length : comma
    let a = start
    let b = stop
    while (a < b && value.charCodeAt(a) === 32) a++
    while (b > a && value.charCodeAt(b - 1) === 32) b--
    const places = scanPlain(value, a, b)
    if (places === NOT_A_STEP || (places === NOT_PLAIN && exponentStep(value.slice(a, b)) === null)) return false
    start = stop + 1
  }
  return true
}

/** digitMerge "0.01,0.1,1" → ["0.01","0.1","1"]; null when any entry is not a step or the list is empty. */
export function parseDigitMerge(value: unknown): string[] | null {
  return isStepList(value) ? value.split(',').map((step) => step.trim()) : null
}

/**
 * Number of decimals of a step, as bignumber.js counts them ("0.000001" → 6, "1" → 0, "1e-8" → 8):
 * the plain form of a step by the scan, anything else by bignumber.js. Three per pair on every
 * derivation: bignumber.js for each was half of deriving a list (a property test keeps the two equal).
 */
export function decimalPlacesOf(step: string): number {
  const places = scanPlain(step, 0, step.length)
  return places >= 0 ? places : (new SymbolDecimal(step).decimalPlaces() ?? 0)
}

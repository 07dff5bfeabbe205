import fc from 'fast-check'
import BigNumber from 'bignumber.js'
import { decimalPlacesOf, isDecimalString, isStepString, parseDigitMerge, stepDecimals, SymbolDecimal } from './decimal'

/** Decimal strings as the wire may carry them: optional sign, integer part, fraction, exponent. */
const digits = (min: number, max: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''))
const plainDecimal = fc
  .record({ negative: fc.boolean(), whole: digits(1, 30), fraction: fc.option(digits(1, 26), { nil: undefined }) })
  .map(({ negative, whole, fraction }) => `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`)
const exponentDecimal = fc
  .record({ base: plainDecimal, marker: fc.constantFrom('e', 'E'), sign: fc.constantFrom('', '+', '-'), exp: fc.integer({ min: 0, max: 40 }) })
  .map(({ base, marker, sign, exp }) => `${base}${marker}${sign}${exp}`)
const anyDecimal = fc.oneof(plainDecimal, exponentDecimal)

/** Decimals counted independently of the code under test: on bignumber.js's exact fixed form. */
function expectedPlaces(value: string): number {
  const fixed = new BigNumber(value).toFixed()
  const fraction = fixed.split('.')[1] ?? ''
  return fraction.replace(/0+$/, '').length
}

describe('decimal strings', () => {
  it.each([
    ['0.000001', 6],
    ['1', 0],
    ['0.01', 2],
    ['1e-8', 8],
    ['10', 0],
    ['0.10', 1],
    ['2.5E-3', 4],
  ])('decimalPlacesOf(%s) = %d', (step, places) => {
    expect(decimalPlacesOf(step)).toBe(places)
    expect(stepDecimals(step)).toBe(places)
  })

  it('keeps a decimal beyond double precision exactly as a string', () => {
    const huge = '90000000000000000000000000.5'
    expect(isDecimalString(huge)).toBe(true)
    expect(new SymbolDecimal(huge).toFixed()).toBe(huge)
    expect(Number(huge).toString()).not.toBe(huge) // what a float would have done
  })

  it.each(['', ' 1', '1 ', '0x10', '1_000', '.5', '1.', 'Infinity', 'NaN', '+1', '1e', '--1', '1,5', 'abc'])('refuses %j', (value) => {
    expect(isDecimalString(value)).toBe(false)
    expect(stepDecimals(value)).toBeNull()
  })

  it('refuses non-strings (a float is never a decimal here)', () => {
    for (const value of [1.5, 1, null, undefined, true, {}, ['1']]) expect(isDecimalString(value)).toBe(false)
  })

  it('refuses steps that are zero, negative, overflow to zero or finer than 20 places', () => {
    for (const value of ['0', '0.000', '-0.01', '1e-9999999999', '0.000000000000000000001', '1e-21']) expect(isStepString(value)).toBe(false)
    expect(stepDecimals('0.00000000000000000001')).toBe(20)
    expect(stepDecimals('1e-20')).toBe(20)
  })

  it('splits digitMerge into steps, refusing any bad entry', () => {
    expect(parseDigitMerge('0.01,0.1,1,10')).toEqual(['0.01', '0.1', '1', '10'])
    expect(parseDigitMerge(' 0.5 , 5')).toEqual(['0.5', '5'])
    expect(parseDigitMerge('')).toBeNull()
    expect(parseDigitMerge('0.01,,1')).toBeNull()
    expect(parseDigitMerge('0.01,0')).toBeNull()
  })
})

describe('precision derivation (property)', () => {
  it('every generated decimal string is accepted and keeps its exact value', () => {
    fc.assert(
      fc.property(anyDecimal, (value) => {
        expect(isDecimalString(value)).toBe(new BigNumber(value).isFinite())
      }),
    )
  })

  it('stepDecimals (string fast path) agrees with bignumber.js for every decimal string', () => {
    fc.assert(
      fc.property(anyDecimal, (value) => {
        const n = new BigNumber(value)
        const places = n.isFinite() ? expectedPlaces(value) : Infinity
        const valid = n.isGreaterThan(0) && places <= 20
        expect(stepDecimals(value)).toBe(valid ? places : null)
      }),
      { numRuns: 2000 },
    )
  })

  it('decimalPlacesOf (string fast path) agrees with bignumber.js for every finite decimal string', () => {
    fc.assert(
      fc.property(anyDecimal, (value) => {
        const n = new SymbolDecimal(value)
        if (n.isFinite()) expect(decimalPlacesOf(value)).toBe(n.decimalPlaces() ?? 0)
      }),
      { numRuns: 2000 },
    )
  })

  it('decimalPlacesOf("0.0…01" with k places, any trailing zeros) = k', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 5 }), (k, trailing) => {
        const step = k === 0 ? '1' : `0.${'0'.repeat(k - 1)}1${'0'.repeat(trailing)}`
        expect(decimalPlacesOf(step)).toBe(k)
        expect(stepDecimals(step)).toBe(k)
      }),
    )
  })

  it('decimalPlacesOf counts significant fraction digits of any positive step', () => {
    fc.assert(
      fc.property(plainDecimal.filter(isStepString), (step) => {
        const fraction = step.split('.')[1] ?? ''
        expect(decimalPlacesOf(step)).toBe(fraction.replace(/0+$/, '').length)
      }),
    )
  })
})

import fc from 'fast-check'
import BigNumber from 'bignumber.js'
import { formatPercentChange, figureFormatsOf } from '../i18n/figure-formats'
import { displayDecimals, formatAmount, formatChange, formatDecimal, formatPrice, NO_DATA } from './format'
import { readPlainDecimal, roundedHalfUp, writeDecimal } from './decimal-text'

/**
 * The figures were formatted with bignumber.js until 2026-11-28; these oracles are that code,
 * verbatim, so the text formatter must write every figure exactly as the library did.
 */
const PLAIN = /^-?\d+(\.\d+)?$/
const oracleParse = (value: string | undefined) => (value !== undefined && PLAIN.test(value) ? new BigNumber(value) : undefined)
const oracleDecimals = (step: string) => {
  const n = oracleParse(step)
  return n?.isFinite() && n.gt(0) ? Math.max(0, n.decimalPlaces() ?? 0) : 0
}
const oracleFormat = (value: string | undefined, places: number, locale: string) => {
  const n = oracleParse(value)
  if (!n) return NO_DATA
  const { group, decimal } = figureFormatsOf(locale)
  return n.toFormat(places, BigNumber.ROUND_HALF_UP, { groupSize: 3, groupSeparator: group, decimalSeparator: decimal, prefix: '', suffix: '' })
}
const oracleChange = (fraction: string, locale: string) => {
  const n = oracleParse(fraction)
  if (!n) return undefined
  const rounded = n.decimalPlaces(4, BigNumber.ROUND_HALF_UP)
  return { direction: rounded.gt(0) ? 'up' : rounded.lt(0) ? 'down' : 'flat', text: formatPercentChange(figureFormatsOf(locale), rounded.toNumber()) }
}

const digits = (min: number, max: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''))
/** Plain decimals, with what rounding trips on: nines to carry, fives to round, leading zeros, "-0". */
const plainDecimal = fc
  .record({
    negative: fc.boolean(),
    whole: fc.oneof(digits(1, 30), fc.constantFrom('0', '9', '99', '999', '0099', '100000')),
    fraction: fc.option(fc.oneof(digits(1, 26), fc.constantFrom('5', '05', '995', '9999', '49999', '00005', '0')), { nil: undefined }),
  })
  .map(({ negative, whole, fraction }) => `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`)
const odd = fc.constantFrom('', '-', '.5', '5.', '1e-8', '1E3', ' 1', '1 ', '0x10', '1_000', 'Infinity', 'NaN', '+1', '--1', '1.2.3')
const anyText = fc.oneof(plainDecimal, odd, fc.string())
const locale = fc.constantFrom('en', 'de-DE', 'ru-RU', 'ar-SA-u-nu-latn', 'fr-FR', 'id-ID')
const places = fc.integer({ min: 0, max: 12 })

describe('figures as text agree with bignumber.js', () => {
  it('a price, an amount or a limit: the same text for every decimal string, place count and locale', () => {
    fc.assert(
      fc.property(anyText, places, locale, (value, at, lang) => {
        const step = at === 0 ? '1' : `0.${'0'.repeat(at - 1)}1`
        expect(formatPrice(value, step, lang)).toBe(oracleFormat(value, oracleDecimals(step), lang))
        expect(formatAmount(value, lang, at)).toBe(oracleFormat(value, at, lang))
        const written = PLAIN.test(value) ? value.length - (value.indexOf('.') + 1 || value.length) : 0
        expect(formatDecimal(value, lang)).toBe(PLAIN.test(value) ? oracleFormat(value, written, lang) : value)
      }),
      { numRuns: 3000 },
    )
  })

  it('the places shown at a step, for any text as the step', () => {
    fc.assert(
      fc.property(fc.oneof(plainDecimal, odd), (step) => expect(displayDecimals(step)).toBe(oracleDecimals(step))),
      { numRuns: 2000 },
    )
  })

  it('a change: the same direction and text', () => {
    fc.assert(
      fc.property(anyText, locale, (fraction, lang) => {
        const change = formatChange(fraction, lang)
        const expected = oracleChange(fraction, lang)
        expect(change && { direction: change.direction, text: change.text }).toEqual(expected)
      }),
      { numRuns: 3000 },
    )
  })
})

describe('rounding as text', () => {
  it.each([
    ['0.005', 2, '0.01'],
    ['-0.005', 2, '-0.01'],
    ['-0.001', 2, '-0.00'],
    ['999.995', 2, '1000.00'],
    ['9.5', 0, '10'],
    ['0099.4', 0, '99'],
    ['-0', 2, '0.00'],
    ['123456789012345678901234567890.125', 2, '123456789012345678901234567890.13'],
  ])('%s at %d places is %s', (value, at, expected) => {
    const rounded = roundedHalfUp(readPlainDecimal(value)!, at)
    expect(writeDecimal(rounded, { group: '', decimal: '.' })).toBe(expected)
  })

  it('reads only plain decimals', () => {
    for (const value of ['1e3', '.5', '5.', ' 1', 'Infinity', '0x10', '']) expect(readPlainDecimal(value)).toBeUndefined()
  })
})

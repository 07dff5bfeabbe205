import fc from 'fast-check'
import { fastPairFields } from './fast-pair'
import { FIELD_NAMES, PAIR_FIELDS, type FieldKind } from './fields'
import { ALL_PAIR, V2_PAIR, V3_PAIR, type PairCodec } from './schema-pair'
import { compact, fullPair } from './testing/fixtures'

/** Values each kind may meet on the wire: valid ones and the usual ways upstreams get them wrong. */
const NOISE = [undefined, null, '', 'x', 0, 1.5, -1, true, false, [], ['a'], [1], {}, '0x10', '1_000', '1e5', 'NaN', '0', '-0.01', 'LONG']
const VALID: Record<FieldKind, unknown[]> = {
  id: ['BTCUSDT', 'A'],
  text: ['', 'Bitcoin'],
  textOrNull: [null, 'HOT'],
  textList: [[], ['hot', 'new']],
  decimal: ['0', '12.5', '-3', '90000000000000000000000000.5', '1e-8'],
  decimalOrNull: [null, '10'],
  step: ['0.01', '1', '1e-8', '0.00000000000000000001'],
  steps: ['0.01,0.1,1', '5', ''],
  flag: [true, false],
  number: [0, 1_700_000_000_000, 2],
  direction: [null, 'LONG', 'SHORT'],
}

/** Mostly valid pairs with now and then a field gone wrong, so both outcomes are common. */
function rawPair(codec: PairCodec) {
  // Every field of the table, also those this list does not read: they must be ignored alike.
  const entries = FIELD_NAMES.map((name) => {
    const value = fc.oneof(
      { weight: 60, arbitrary: fc.constantFrom(...VALID[PAIR_FIELDS[name].kind], undefined) },
      { weight: 1, arbitrary: fc.constantFrom(...NOISE) },
    )
    return value.map((v) => [codec.style === 'short' ? PAIR_FIELDS[name].short : name, v] as const)
  })
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== undefined)))
}

describe.each([
  ['v3 compact', V3_PAIR],
  ['all compact', ALL_PAIR],
  ['v2 long', V2_PAIR],
] as const)('fast path = zod (%s)', (_label, codec) => {
  it('accepts exactly what zod accepts, with the same fields', () => {
    const outcomes = { valid: 0, invalid: 0 }
    fc.assert(
      fc.property(fc.oneof({ weight: 20, arbitrary: rawPair(codec) }, { weight: 1, arbitrary: fc.constantFrom(null, [], 'x', 1) }), (raw) => {
        const fast = fastPairFields(raw, codec)
        const slow = codec.schema.safeParse(raw)
        expect(fast !== undefined).toBe(slow.success)
        if (slow.success) expect(fast).toEqual(slow.data)
        outcomes[slow.success ? 'valid' : 'invalid']++
      }),
      { numRuns: 1500 },
    )
    // The property only means something if both sides of it were exercised.
    expect(outcomes.valid).toBeGreaterThan(100)
    expect(outcomes.invalid).toBeGreaterThan(100)
  })
})

it('the fast path accepts a realistic pair (so the hot path really is fast)', () => {
  const pair = fullPair('BTCUSDT', 'USDT')
  expect(fastPairFields(compact(pair, 'all'), ALL_PAIR)).toBeDefined()
  expect(fastPairFields(compact(pair, 'v3'), V3_PAIR)).toBeDefined()
  expect(fastPairFields(pair, V2_PAIR)).toEqual(pair)
})

it('copies arrays instead of aliasing the parsed answer', () => {
  const raw = { si: 'A', tg: ['x'] }
  const fields = fastPairFields(raw, V3_PAIR)
  expect(fields?.tags).toEqual(['x'])
  expect(fields?.tags).not.toBe(raw.tg)
})

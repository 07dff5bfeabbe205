import fc from 'fast-check'
import { completePair, STATIC_PAIR_DEFAULTS } from './defaults'
import { encodeCompactPair } from './encode'
import { FIELD_NAMES, PAIR_FIELDS, REQUIRED_FIELDS, type FieldKind, type PairFields } from './fields'
import { mergeV3WithAll } from './merge'
import { ALL_PAIR, V3_PAIR } from './schema-pair'

/** Values per kind, chosen to hit the defaults (and the values other fields default to) often. */
const VALUES: Record<FieldKind, unknown[]> = {
  id: ['BTCUSDT'],
  text: ['BTCUSDT', 'BTC', 'USDT', '', 'CHAIN_TOKEN', 'https://i.test/a.svg'],
  textOrNull: [null, 'HOT'],
  textList: [[], ['hot']],
  decimal: ['0', '0.03', '0.01', '1', '12.5'],
  decimalOrNull: [null, '10'],
  step: ['0.01', '1', '0.0001'],
  steps: ['0.01', '0.01,0.1'],
  flag: [true, false],
  number: [0, 1, 2],
  direction: [null, 'LONG'],
}

/** A full record as one upstream would describe a pair: required fields always, others maybe. */
const record = fc.tuple(...FIELD_NAMES.map((name) => fc.option(fc.constantFrom(...VALUES[PAIR_FIELDS[name].kind]), { nil: undefined }))).map((values) => {
  const out: Record<string, unknown> = {}
  FIELD_NAMES.forEach((name, i) => {
    if (values[i] !== undefined || REQUIRED_FIELDS.includes(name)) out[name] = values[i] ?? VALUES[PAIR_FIELDS[name].kind][0]
  })
  return out as PairFields
})

const roundTrip = (fields: PairFields, codec: typeof V3_PAIR) => codec.schema.parse(encodeCompactPair(fields, codec))

it('leaving implied values out of the caches never changes the merged, completed pair', () => {
  fc.assert(
    fc.property(record, (full) => {
      const fast = roundTrip(full, V3_PAIR)
      const slow = roundTrip(full, ALL_PAIR)
      const group = { tokenId: 'USDT', tokenName: 'USDT', tokenFullName: 'USDT', tokenType: 'CHAIN_TOKEN', zeroFeeType: 0, quoteTags: [] }
      const merged = mergeV3WithAll([{ ...group, quoteTokenSymbols: [fast] }], new Map([[slow.symbolId, slow]])).groups[0]?.quoteTokenSymbols[0]
      expect(merged && completePair(merged, group)).toEqual(completePair(full, group))
    }),
    { numRuns: 1000 },
  )
})

it('writes short keys and only the fields the list owns', () => {
  const fields: PairFields = { symbolId: 'X', basePrecision: '0.1', quotePrecision: '1', minPricePrecision: '1', volume: '5', showStatus: false }
  expect(encodeCompactPair(fields, V3_PAIR)).toEqual({ si: 'X', v: '5', ss: false })
  expect(encodeCompactPair(fields, ALL_PAIR)).toEqual({ si: 'X', bp: '0.1', qp: '1', mpp: '1' })
  expect(encodeCompactPair({ ...fields, showStatus: STATIC_PAIR_DEFAULTS.showStatus, symbolName: 'X' }, V3_PAIR)).toEqual({ si: 'X', v: '5' })
})

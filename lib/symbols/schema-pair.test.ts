import { compactAllPairSchema, compactV3PairSchema, fullPairSchema } from './schema-pair'
import { compact, fullPair } from './testing/fixtures'

const btc = fullPair('BTCUSDT', 'USDT')

describe('pair schemas', () => {
  it('maps the short keys of an all-list pair back to SPEC §3 long names, values untouched', () => {
    const parsed = compactAllPairSchema.parse(compact(btc, 'all'))
    expect(parsed).toEqual({
      symbolId: 'BTCUSDT',
      baseTokenId: 'BTC',
      baseTokenName: 'BTC',
      quoteTokenId: 'USDT',
      quoteTokenName: 'USDT',
      basePrecision: '0.0001',
      quotePrecision: '0.000001',
      minTradeQuantity: '0.001',
      minTradeAmount: '5',
      minPricePrecision: '0.01',
      digitMerge: '0.01,0.1,1',
      allowPlan: true,
      maxTradeQuantity: '90000000000000000000000000.5',
      maxTradeAmount: '2000000',
      symbolType: 'CHAIN_TOKEN',
      ltUnderlying: null,
      ltDirection: null,
      iconUrl: 'https://icons.test/night/BTC.svg',
      iconDayUrl: 'https://icons.test/day/BTC.svg',
      onlineTime: 1_700_000_000_000,
      quoteTokenLeverageRatio: '10',
      baseTokenLeverageRatio: '5',
      loanEnabled: true,
      isTest: false,
      limitOrderPriceLimitPercentage: '0.05',
      marketOrderPriceLimitPercentage: '0.1',
    })
  })

  it('v3 pairs need only si; fields not sent stay absent (defaults come after the merge)', () => {
    expect(compactV3PairSchema.parse({ si: 'BTCUSDT', v: '1.5' })).toEqual({ symbolId: 'BTCUSDT', volume: '1.5' })
  })

  it('ignores unknown keys, and fields another list owns', () => {
    expect(compactV3PairSchema.parse({ si: 'X', zz: 1, symbolId: 'other', bp: '0.1' })).toEqual({ symbolId: 'X' })
    expect(compactAllPairSchema.parse({ ...compact(btc, 'all'), ss: false, v: '1' })).not.toHaveProperty('showStatus')
  })

  it('null on a non-nullable field means "not sent"; on a nullable field it is the value', () => {
    expect(compactV3PairSchema.parse({ si: 'X', ss: null, mk: null, lb: null })).toEqual({ symbolId: 'X', mark: null, label: null })
  })

  it.each([
    ['si', { si: undefined }],
    ['bp', { bp: undefined }],
    ['qp', { qp: null }],
    ['mpp', { mpp: '' }],
    ['bp as a float', { bp: 0.0001 }],
    ['bp zero', { bp: '0' }],
    ['mq in hex', { mq: '0x10' }],
    ['xq with underscores', { xq: '1_000' }],
    ['ap as text', { ap: 'true' }],
    ['ld unknown', { ld: 'UP' }],
    ['dm with a zero step', { dm: '0.01,0' }],
    ['ot as a string', { ot: '1700000000000' }],
  ])('refuses an all-list pair with bad %s', (_label, change) => {
    expect(compactAllPairSchema.safeParse({ ...compact(btc, 'all'), ...change }).success).toBe(false)
  })

  it('reads v2 long-name pairs with the same rules', () => {
    expect(fullPairSchema.parse({ ...btc, extra: 1 })).toEqual(btc)
    expect(fullPairSchema.safeParse({ ...btc, minPricePrecision: undefined }).success).toBe(false)
  })
})

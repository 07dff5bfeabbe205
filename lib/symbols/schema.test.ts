import { allAnswerSchema, incrementalCacheSchema, quoteTokenGroupSchema, symbolCacheSchema, v2AnswerSchema, v3AnswerSchema } from './schema'
import { allResult, fullPair, SAMPLE_GROUPS, v2Result, v3Result } from './testing/fixtures'

const btc = fullPair('BTCUSDT', 'USDT')

describe('quote token group', () => {
  it('fills documented defaults', () => {
    expect(quoteTokenGroupSchema.parse({ tokenId: 'USDT' })).toEqual({
      tokenId: 'USDT',
      tokenName: 'USDT',
      tokenFullName: 'USDT',
      tokenType: 'CHAIN_TOKEN',
      zeroFeeType: 0,
      quoteTags: [],
      quoteTokenSymbols: [],
    })
  })
})

describe('answers', () => {
  it('v3: drops and counts invalid pairs, keeps the rest, maps the group', () => {
    const raw = v3Result('7', SAMPLE_GROUPS)
    raw.quoteTokenResult[0]!.quoteTokenSymbols.push({ sn: 'no si' }, { si: 'BTCUSDT' }, { si: 'BADUSDT', ts: '1' })
    const decoded = v3AnswerSchema.parse(raw)
    expect(decoded.dropped).toBe(3)
    expect(decoded.droppedIds).toEqual(['BADUSDT'])
    expect(decoded.problems).toHaveLength(3)
    expect(decoded.value.version).toBe('7')
    expect(decoded.value.quoteTokenResult?.map((g) => g.quoteTokenSymbols.map((p) => p.symbolId))).toEqual([['BTCUSDT', 'ETHUSDT'], ['BTCEUR']])
    expect(decoded.value.quoteTokenResult?.[0]?.quoteTokenSymbols[0]).toEqual({
      symbolId: 'BTCUSDT',
      symbolName: 'BTCUSDT',
      showStatus: true,
      label: 'HOT',
      noticeVisible: false,
      tags: ['layer1'],
      tokenFullName: 'BTC Coin',
      mark: null,
      isBanBuy: false,
      isBanSell: true,
      tradeStatus: 1,
      zeroFeeType: 2,
      volume: '123456.78',
    })
  })

  it('v3: a version hit has no quoteTokenResult; a numeric version is read as text', () => {
    expect(v3AnswerSchema.parse({ version: 'abc' }).value).toEqual({ version: 'abc' })
    expect(v3AnswerSchema.parse({ version: 12, quoteTokenResult: null }).value).toEqual({ version: '12' })
  })

  it('v3: a group without tokenId is dropped with all its pairs counted', () => {
    const raw = v3Result('1', SAMPLE_GROUPS)
    delete (raw.quoteTokenResult[1] as { tokenId?: string }).tokenId
    const decoded = v3AnswerSchema.parse(raw)
    expect(decoded.value.quoteTokenResult).toHaveLength(1)
    expect(decoded.dropped).toBe(1)
  })

  it('all: keeps the first of a repeated symbolId', () => {
    const raw = allResult([btc, fullPair('BTCUSDT', 'USDT', { basePrecision: '1' })])
    const decoded = allAnswerSchema.parse(raw)
    expect(decoded.value.quoteTokenSymbols.map((p) => p.basePrecision)).toEqual(['0.0001'])
    expect(decoded.dropped).toBe(1)
  })

  it.each([
    ['v3 without version', v3AnswerSchema, { quoteTokenResult: [] }],
    ['v3 with a non-list', v3AnswerSchema, { version: '1', quoteTokenResult: {} }],
    ['all without lastModifiedTime', allAnswerSchema, { quoteTokenSymbols: [] }],
    ['all with a non-list', allAnswerSchema, { quoteTokenSymbols: 'x', lastModifiedTime: 1 }],
    ['v2 without groups', v2AnswerSchema, {}],
    ['a non-object', v2AnswerSchema, [1, 2, 3]],
  ] as const)('refuses the whole answer: %s', (_label, schema, raw) => {
    expect(schema.safeParse(raw).success).toBe(false)
  })

  it('v2: long-name pairs inside groups', () => {
    const decoded = v2AnswerSchema.parse(v2Result(SAMPLE_GROUPS))
    expect(decoded.value.quoteTokenResult[1]?.quoteTokenSymbols[0]).toEqual(SAMPLE_GROUPS[1]?.pairs[0])
    expect(decoded.dropped).toBe(0)
  })
})

describe('cache records', () => {
  it('symbol cache: short-key groups, version, savedAt', () => {
    const record = { ...v3Result('9', SAMPLE_GROUPS), savedAt: 5, language: 'en' }
    const parsed = symbolCacheSchema.parse(record)
    expect(parsed.version).toBe('9')
    expect(parsed.savedAt).toBe(5)
    expect(parsed.quoteTokenResult[0]?.quoteTokenSymbols[1]?.symbolId).toBe('ETHUSDT')
  })

  it('incremental cache: lastModifiedTime may be null (resync), droppedSymbolIds defaults to []', () => {
    const parsed = incrementalCacheSchema.parse({ ...allResult([btc]), lastModifiedTime: null, savedAt: 1 })
    expect(parsed).toMatchObject({ lastModifiedTime: null, droppedSymbolIds: [], savedAt: 1 })
    expect(parsed.quoteTokenSymbols[0]?.maxTradeQuantity).toBe('90000000000000000000000000.5')
  })

  it('refuses a record without savedAt', () => {
    expect(symbolCacheSchema.safeParse(v3Result('9', SAMPLE_GROUPS)).success).toBe(false)
  })
})

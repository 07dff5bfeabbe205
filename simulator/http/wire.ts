/**
 * Encoders for the answers of docs/wire.md: the JSON envelope, the compact (short-key) pairs of
 * symbol_list_v3 and symbol_list_all, the long-name pairs of symbol_list_v2, the probes and
 * getproxy. Pure functions of the feed state; faults.ts bends their output.
 */
import { quoteTags, type FullPair, type QuoteGroup } from '../data/pairs'
import type { FeedState } from '../data/feed'

/** Long name → short key, the table of docs/wire.md. */
export const SHORT_KEYS = {
  symbolId: 'si',
  symbolName: 'sn',
  baseTokenId: 'bti',
  baseTokenName: 'btn',
  quoteTokenId: 'qti',
  quoteTokenName: 'qtn',
  basePrecision: 'bp',
  quotePrecision: 'qp',
  minTradeQuantity: 'mq',
  minTradeAmount: 'ma',
  minPricePrecision: 'mpp',
  digitMerge: 'dm',
  showStatus: 'ss',
  label: 'lb',
  allowPlan: 'ap',
  maxTradeQuantity: 'xq',
  maxTradeAmount: 'xa',
  noticeVisible: 'nv',
  symbolType: 'st',
  ltUnderlying: 'lu',
  ltDirection: 'ld',
  tags: 'tg',
  tokenFullName: 'tfn',
  iconUrl: 'iu',
  iconDayUrl: 'idu',
  onlineTime: 'ot',
  mark: 'mk',
  quoteTokenLeverageRatio: 'qlr',
  baseTokenLeverageRatio: 'blr',
  loanEnabled: 'le',
  isTest: 'it',
  isBanBuy: 'bb',
  isBanSell: 'bs',
  tradeStatus: 'ts',
  zeroFeeType: 'zf',
  limitOrderPriceLimitPercentage: 'lpl',
  marketOrderPriceLimitPercentage: 'mpl',
  volume: 'v',
} as const satisfies Record<keyof FullPair, string>

type Field = keyof FullPair
const FIELDS = Object.keys(SHORT_KEYS) as Field[]

/** The fast-changing fields symbol_list_v3 carries. */
export const V3_FIELDS: readonly Field[] = [
  'symbolId',
  'symbolName',
  'tokenFullName',
  'showStatus',
  'label',
  'tags',
  'tradeStatus',
  'zeroFeeType',
  'mark',
  'volume',
  'isBanBuy',
  'isBanSell',
  'noticeVisible',
]
/** symbol_list_all: everything else, plus the merge key. */
export const ALL_LIST_FIELDS: readonly Field[] = ['symbolId', ...FIELDS.filter((f) => !V3_FIELDS.includes(f))]

export type Json = Record<string, unknown>

export function compactPair(pair: FullPair, fields: readonly Field[]): Json {
  return Object.fromEntries(fields.map((f) => [SHORT_KEYS[f], pair[f]]))
}

function longPair(pair: FullPair): Json {
  return Object.fromEntries(FIELDS.map((f) => [f, pair[f]]))
}

// A type alias, not an interface, so that an envelope is also a Json record.
export type Envelope = {
  ret_code: number
  ret_msg: string
  result: unknown
  ext_code: string
  ext_info: null
  time_now: string
}

export function envelope(result: unknown, nowMs: number, code = 0, msg = 'OK', extCode = ''): Envelope {
  return { ret_code: code, ret_msg: msg, result, ext_code: extCode, ext_info: null, time_now: (nowMs / 1000).toFixed(3) }
}

/** The answer to an HTTP error status: ret_code 10000 + status, ext_code the status. */
export function errorEnvelope(status: number, message: string, nowMs: number): Envelope {
  return envelope({}, nowMs, 10_000 + status, message, String(status))
}

function groupHeader(group: QuoteGroup): Json {
  const q = group.quote
  return { tokenId: q.id, tokenName: q.id, tokenFullName: q.fullName, tokenType: q.tokenType, zeroFeeType: q.zeroFeeType, quoteTags: quoteTags(group.pairs) }
}

export function symbolListV3(feed: FeedState, version: string | null): Json {
  // A caller that already holds the current version keeps its cached groups (docs/wire.md).
  if (version === feed.version) return { version: feed.version }
  const quoteTokenResult = feed.groups.map((g) => ({ ...groupHeader(g), quoteTokenSymbols: g.pairs.map((p) => compactPair(p, V3_FIELDS)) }))
  return { version: feed.version, quoteTokenResult }
}

/** `omit` drops one pair (the mergeGap fault); `since` keeps only pairs changed after it. */
export function symbolListAll(feed: FeedState, since: number | null, omit: string | null = null): Json {
  const pairs = feed.groups
    .flatMap((g) => g.pairs)
    .filter((p) => {
      if (p.symbolId === omit) return false
      return since === null || (feed.modifiedAt.get(p.symbolId) ?? 0) > since
    })
  return { quoteTokenSymbols: pairs.map((p) => compactPair(p, ALL_LIST_FIELDS)), lastModifiedTime: feed.lastModifiedTime }
}

export function symbolListV2(feed: FeedState): Json {
  return { quoteTokenResult: feed.groups.map((g) => ({ ...groupHeader(g), quoteTokenSymbols: g.pairs.map(longPair) })) }
}

export function firstV3SymbolId(feed: FeedState): string | null {
  return feed.groups[0]?.pairs[0]?.symbolId ?? null
}

/** getproxy has its own envelope: err_code/err_msg, no time_now. */
export function proxyAnswer(resCode: number): Json {
  return { err_code: 0, err_msg: '', result: { res_code: resCode, monitor_switch: 1 } }
}

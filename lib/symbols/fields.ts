/**
 * The trading pair's fields (SPEC §3 long names) with their WIRE.md short keys and value kinds.
 * One table drives the zod schemas, the hand-written fast path, the short↔long mapping and the
 * cache compaction, so they cannot drift apart.
 */
export type FieldKind =
  | 'id' // non-empty string
  | 'text' // string
  | 'textOrNull'
  | 'textList' // array of strings
  | 'decimal' // decimal string (decimal.ts)
  | 'decimalOrNull'
  | 'step' // decimal string > 0 with ≤ 20 places
  | 'steps' // comma list of steps (digitMerge)
  | 'flag' // boolean
  | 'number' // finite JSON number
  | 'direction' // "LONG" | "SHORT" | null

export interface KindType {
  id: string
  text: string
  textOrNull: string | null
  textList: string[]
  decimal: string
  decimalOrNull: string | null
  step: string
  steps: string
  flag: boolean
  number: number
  direction: 'LONG' | 'SHORT' | null
}

/** Which list carries the field (WIRE.md): v3 the fast-changing ones, symbol_list_all the rest. */
export type FieldList = 'v3' | 'all' | 'both'

export const PAIR_FIELDS = {
  symbolId: { short: 'si', kind: 'id', list: 'both' },
  symbolName: { short: 'sn', kind: 'text', list: 'v3' },
  baseTokenId: { short: 'bti', kind: 'text', list: 'all' },
  baseTokenName: { short: 'btn', kind: 'text', list: 'all' },
  quoteTokenId: { short: 'qti', kind: 'text', list: 'all' },
  quoteTokenName: { short: 'qtn', kind: 'text', list: 'all' },
  basePrecision: { short: 'bp', kind: 'step', list: 'all' },
  quotePrecision: { short: 'qp', kind: 'step', list: 'all' },
  minTradeQuantity: { short: 'mq', kind: 'decimal', list: 'all' },
  minTradeAmount: { short: 'ma', kind: 'decimal', list: 'all' },
  minPricePrecision: { short: 'mpp', kind: 'step', list: 'all' },
  digitMerge: { short: 'dm', kind: 'steps', list: 'all' },
  showStatus: { short: 'ss', kind: 'flag', list: 'v3' },
  label: { short: 'lb', kind: 'textOrNull', list: 'v3' },
  allowPlan: { short: 'ap', kind: 'flag', list: 'all' },
  maxTradeQuantity: { short: 'xq', kind: 'decimal', list: 'all' },
  maxTradeAmount: { short: 'xa', kind: 'decimal', list: 'all' },
  noticeVisible: { short: 'nv', kind: 'flag', list: 'v3' },
  symbolType: { short: 'st', kind: 'text', list: 'all' },
  ltUnderlying: { short: 'lu', kind: 'textOrNull', list: 'all' },
  ltDirection: { short: 'ld', kind: 'direction', list: 'all' },
  tags: { short: 'tg', kind: 'textList', list: 'v3' },
  tokenFullName: { short: 'tfn', kind: 'text', list: 'v3' },
  iconUrl: { short: 'iu', kind: 'text', list: 'all' },
  iconDayUrl: { short: 'idu', kind: 'text', list: 'all' },
  onlineTime: { short: 'ot', kind: 'number', list: 'all' },
  mark: { short: 'mk', kind: 'textOrNull', list: 'v3' },
  quoteTokenLeverageRatio: { short: 'qlr', kind: 'decimalOrNull', list: 'all' },
  baseTokenLeverageRatio: { short: 'blr', kind: 'decimalOrNull', list: 'all' },
  loanEnabled: { short: 'le', kind: 'flag', list: 'all' },
  isTest: { short: 'it', kind: 'flag', list: 'all' },
  isBanBuy: { short: 'bb', kind: 'flag', list: 'v3' },
  isBanSell: { short: 'bs', kind: 'flag', list: 'v3' },
  tradeStatus: { short: 'ts', kind: 'number', list: 'v3' },
  zeroFeeType: { short: 'zf', kind: 'number', list: 'v3' },
  limitOrderPriceLimitPercentage: { short: 'lpl', kind: 'decimal', list: 'all' },
  marketOrderPriceLimitPercentage: { short: 'mpl', kind: 'decimal', list: 'all' },
  volume: { short: 'v', kind: 'decimal', list: 'v3' },
} as const satisfies Record<string, { short: string; kind: FieldKind; list: FieldList }>

export type PairField = keyof typeof PAIR_FIELDS

/** A complete pair in SPEC §3 long names, every field present (defaults.ts fills the gaps). */
export type SymbolPair = { [K in PairField]: KindType[(typeof PAIR_FIELDS)[K]['kind']] }

/** What one list delivered for a pair: only the fields it carried, symbolId always. */
export type PairFields = Partial<SymbolPair> & { symbolId: string }

/** WIRE.md: a pair without these is invalid (dropped and counted). */
export const REQUIRED_FIELDS: readonly PairField[] = ['symbolId', 'basePrecision', 'quotePrecision', 'minPricePrecision']

export const FIELD_NAMES = Object.keys(PAIR_FIELDS) as PairField[]

/** Fields whose null is a real value; for every other field null means "not sent". */
export function isNullableKind(kind: FieldKind): boolean {
  return kind === 'textOrNull' || kind === 'decimalOrNull' || kind === 'direction'
}

import type { PairFields, SymbolPair } from './fields'

export type { PairFields, SymbolPair } from './fields'

/** SPEC §3 quote token group, generic over the pair form it holds (wire fields or complete pairs). */
export interface QuoteTokenGroup<P = SymbolPair> {
  tokenId: string
  tokenName: string
  tokenFullName: string
  /** CHAIN_TOKEN, REAL_MONEY (fiat), … — unknown values kept. */
  tokenType: string
  zeroFeeType: number
  quoteTags: string[]
  quoteTokenSymbols: P[]
}

/** symbol_list_v3 result. No quoteTokenResult = version hit: keep the cached groups (WIRE.md). */
export interface V3Answer {
  version: string
  quoteTokenResult?: QuoteTokenGroup<PairFields>[]
}

/** symbol_list_all result: the slow-changing fields, whole or changed after last_modified_at. */
export interface AllAnswer {
  quoteTokenSymbols: PairFields[]
  lastModifiedTime: number
}

/** symbol_list_v2 result: full pairs, long names. */
export interface V2Answer {
  quoteTokenResult: QuoteTokenGroup<PairFields>[]
}

/** SPEC §3 symbol cache, plus when it was saved (the age of a stale list) and for which language. */
export interface SymbolCacheRecord {
  version: string
  quoteTokenResult: QuoteTokenGroup<PairFields>[]
  savedAt: number
  language?: string
}

/**
 * SPEC §3 incremental cache. lastModifiedTime null = the next symbol_list_all asks for the whole
 * list (set after a merge error). droppedSymbolIds: pairs the all-list sent in a broken form, so
 * their v3 twins are dropped and counted instead of being a merge error on every later delta.
 */
export interface IncrementalCacheRecord {
  quoteTokenSymbols: PairFields[]
  lastModifiedTime: number | null
  droppedSymbolIds: string[]
  savedAt: number
  language?: string
}

/**
 * The upstream confirmed, at savedAt, that the symbol record of `version` and the incremental
 * record up to `lastModifiedTime` (both of `language`) were still current.
 */
export interface ListConfirmation {
  savedAt: number
  version: string
  lastModifiedTime: number | null
  language?: string
}

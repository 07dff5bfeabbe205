import { decimalPlacesOf, parseDigitMerge } from './decimal'
import { completePair } from './defaults'
import { FIELD_NAMES, type PairFields, type SymbolPair } from './fields'
import type { QuoteTokenGroup } from './types'

/** SPEC §3 derived values of one pair. */
export interface DerivedSymbol extends SymbolPair {
  /** Decimals of basePrecision / minPricePrecision / quotePrecision. */
  quantityPrecision: number
  pricePrecision: number
  amountPrecision: number
  /** The quote token group is fiat (tokenType REAL_MONEY). */
  isFiat: boolean
  /** digitMerge split into its steps, in the order sent. */
  digitMergeSteps: string[]
}

/** A currency as the lists show it; iconType tells the UI to draw a fiat sign or a token icon. */
export interface CurrencyItem {
  value: string
  iconType: 'fiat' | 'token'
}

export interface QuoteTokenInfo extends Omit<QuoteTokenGroup, 'quoteTokenSymbols'> {
  isFiat: boolean
  symbolCount: number
}

/** SPEC §3 collections. Plain objects and arrays only, so the result crosses the server/client boundary. */
export interface SymbolCollections {
  quoteTokenResult: QuoteTokenGroup<DerivedSymbol>[]
  symbols: DerivedSymbol[]
  symbolMap: Record<string, DerivedSymbol>
  totalCurrencyList: CurrencyItem[]
  quoteCurrencyList: CurrencyItem[]
  fiatCurrencyLists: { total: CurrencyItem[]; quote: CurrencyItem[] }
  quoteTokenInfo: QuoteTokenInfo[]
  quoteTagsMap: Record<string, string[]>
}

export const FIAT_TOKEN_TYPE = 'REAL_MONEY'

/** Every key of a derived pair, undefined: see PAIR_TEMPLATE in merge.ts (keeps V8 objects fast). */
const DERIVED_TEMPLATE: Readonly<Record<string, undefined>> = Object.fromEntries(
  [...FIELD_NAMES, 'quantityPrecision', 'pricePrecision', 'amountPrecision', 'isFiat', 'digitMergeSteps'].map((key) => [key, undefined]),
)

export function deriveSymbol(pair: SymbolPair, isFiat: boolean): DerivedSymbol {
  return Object.assign({ ...DERIVED_TEMPLATE }, pair, {
    quantityPrecision: decimalPlacesOf(pair.basePrecision),
    pricePrecision: decimalPlacesOf(pair.minPricePrecision),
    amountPrecision: decimalPlacesOf(pair.quotePrecision),
    isFiat,
    digitMergeSteps: parseDigitMerge(pair.digitMerge) ?? [pair.minPricePrecision],
  })
}

/** Completes (defaults) and derives every pair; pairs missing a required field are counted, not kept. */
export function deriveCollections(groups: readonly QuoteTokenGroup<PairFields>[]): { collections: SymbolCollections; dropped: number } {
  let dropped = 0
  const fiatTokens = new Set(groups.filter((g) => g.tokenType === FIAT_TOKEN_TYPE).map((g) => g.tokenId))
  const quoteTokenResult = groups.map((group) => {
    const isFiat = fiatTokens.has(group.tokenId)
    const quoteTokenSymbols: DerivedSymbol[] = []
    for (const fields of group.quoteTokenSymbols) {
      const pair = completePair(fields, group)
      if (pair) quoteTokenSymbols.push(deriveSymbol(pair, isFiat))
      else dropped++
    }
    return { ...group, quoteTokenSymbols }
  })
  const symbols = quoteTokenResult.flatMap((g) => g.quoteTokenSymbols)
  const item = (value: string): CurrencyItem => ({ value, iconType: fiatTokens.has(value) ? 'fiat' : 'token' })
  // Every token that trades here, quote tokens first, then base tokens in list order.
  const total = [...new Set([...groups.map((g) => g.tokenId), ...symbols.map((s) => s.baseTokenId).filter(Boolean)])].map(item)
  const quote = quoteTokenResult.map((g) => item(g.tokenId))
  return {
    dropped,
    collections: {
      quoteTokenResult,
      symbols,
      symbolMap: Object.fromEntries(symbols.map((s) => [s.symbolId, s])),
      totalCurrencyList: total,
      quoteCurrencyList: quote,
      fiatCurrencyLists: { total: total.filter((c) => c.iconType === 'fiat'), quote: quote.filter((c) => c.iconType === 'fiat') },
      quoteTokenInfo: quoteTokenResult.map(({ quoteTokenSymbols, ...info }) => ({
        ...info,
        isFiat: fiatTokens.has(info.tokenId),
        symbolCount: quoteTokenSymbols.length,
      })),
      quoteTagsMap: Object.fromEntries(groups.map((g) => [g.tokenId, [...g.quoteTags]])),
    },
  }
}

import type { PairField, PairFields, SymbolPair } from './fields'
import type { QuoteTokenGroup } from './types'

/**
 * Defaults for pair fields a list did not send (WIRE.md "a missing optional field takes a
 * documented default"; documented in docs/decisions/symbol-list.md "Defaults of unsent fields"). Static ones
 * here; the ones that follow from other fields of the same pair or its group are in completePair.
 */
export const STATIC_PAIR_DEFAULTS = {
  showStatus: true,
  label: null,
  allowPlan: false,
  maxTradeQuantity: '0',
  maxTradeAmount: '0',
  noticeVisible: false,
  symbolType: 'CHAIN_TOKEN',
  ltUnderlying: null,
  ltDirection: null,
  tags: [],
  iconUrl: '',
  onlineTime: 0,
  mark: null,
  quoteTokenLeverageRatio: null,
  baseTokenLeverageRatio: null,
  loanEnabled: false,
  isTest: false,
  isBanBuy: false,
  isBanSell: false,
  tradeStatus: 1,
  zeroFeeType: 0,
  // SPEC §9: "Sample limit-order and market-order price limits: 3 percent".
  limitOrderPriceLimitPercentage: '0.03',
  marketOrderPriceLimitPercentage: '0.03',
  volume: '0',
} as const satisfies Partial<SymbolPair>

/**
 * The value a field takes when a record leaves it out, when the record alone decides it
 * (undefined when the group or the other list would). completePair applies exactly these.
 */
export function defaultFromRecord(name: PairField, f: PairFields): unknown {
  switch (name) {
    case 'symbolName':
      return f.symbolId
    case 'baseTokenName':
      return f.baseTokenId
    case 'quoteTokenName':
      return f.quoteTokenId
    case 'minTradeQuantity':
      return f.basePrecision
    case 'minTradeAmount':
      return f.quotePrecision
    case 'digitMerge':
      return f.minPricePrecision
    case 'iconDayUrl':
      return f.iconUrl ?? STATIC_PAIR_DEFAULTS.iconUrl
    default:
      return name in STATIC_PAIR_DEFAULTS ? STATIC_PAIR_DEFAULTS[name as keyof typeof STATIC_PAIR_DEFAULTS] : undefined
  }
}

/** True when leaving the field out of the record changes nothing (the caches store less). */
export function isImpliedValue(name: PairField, value: unknown, record: PairFields): boolean {
  const implied = defaultFromRecord(name, record)
  if (implied === undefined) return false
  if (Array.isArray(implied)) return Array.isArray(value) && value.length === 0 && implied.length === 0
  return value === implied
}

/** "BTCUSDT" under USDT → "BTC"; "" when the symbolId does not end with the quote token. */
function baseFromSymbolId(symbolId: string, quoteTokenId: string): string {
  return quoteTokenId !== '' && symbolId.length > quoteTokenId.length && symbolId.endsWith(quoteTokenId) ? symbolId.slice(0, -quoteTokenId.length) : ''
}

/**
 * A complete pair from the fields one or two lists delivered, or null when a required field is
 * missing (only possible when a caller skipped the merge — the schemas already require them).
 * Written out field by field: every pair gets the same object shape, which keeps a 3000-pair
 * list fast (spreading differently shaped objects cost ~30 µs per pair).
 */
export function completePair(f: PairFields, group: Pick<QuoteTokenGroup<unknown>, 'tokenId'>): SymbolPair | null {
  const { basePrecision, quotePrecision, minPricePrecision } = f
  if (basePrecision === undefined || quotePrecision === undefined || minPricePrecision === undefined) return null
  const d = STATIC_PAIR_DEFAULTS
  const quoteTokenId = f.quoteTokenId ?? group.tokenId
  const baseTokenId = f.baseTokenId ?? baseFromSymbolId(f.symbolId, quoteTokenId)
  const baseTokenName = f.baseTokenName ?? baseTokenId
  const iconUrl = f.iconUrl ?? d.iconUrl
  return {
    symbolId: f.symbolId,
    symbolName: f.symbolName ?? f.symbolId,
    baseTokenId,
    baseTokenName,
    quoteTokenId,
    quoteTokenName: f.quoteTokenName ?? quoteTokenId,
    basePrecision,
    quotePrecision,
    // Smallest order without a published minimum: one step of the precision.
    minTradeQuantity: f.minTradeQuantity ?? basePrecision,
    minTradeAmount: f.minTradeAmount ?? quotePrecision,
    minPricePrecision,
    // Without merge steps the order book can still be shown at the price step itself.
    digitMerge: f.digitMerge ?? minPricePrecision,
    showStatus: f.showStatus ?? d.showStatus,
    label: f.label !== undefined ? f.label : d.label,
    allowPlan: f.allowPlan ?? d.allowPlan,
    maxTradeQuantity: f.maxTradeQuantity ?? d.maxTradeQuantity,
    maxTradeAmount: f.maxTradeAmount ?? d.maxTradeAmount,
    noticeVisible: f.noticeVisible ?? d.noticeVisible,
    symbolType: f.symbolType ?? d.symbolType,
    ltUnderlying: f.ltUnderlying !== undefined ? f.ltUnderlying : d.ltUnderlying,
    ltDirection: f.ltDirection !== undefined ? f.ltDirection : d.ltDirection,
    tags: f.tags ?? [],
    tokenFullName: f.tokenFullName ?? baseTokenName,
    iconUrl,
    iconDayUrl: f.iconDayUrl ?? iconUrl,
    onlineTime: f.onlineTime ?? d.onlineTime,
    mark: f.mark !== undefined ? f.mark : d.mark,
    quoteTokenLeverageRatio: f.quoteTokenLeverageRatio !== undefined ? f.quoteTokenLeverageRatio : d.quoteTokenLeverageRatio,
    baseTokenLeverageRatio: f.baseTokenLeverageRatio !== undefined ? f.baseTokenLeverageRatio : d.baseTokenLeverageRatio,
    loanEnabled: f.loanEnabled ?? d.loanEnabled,
    isTest: f.isTest ?? d.isTest,
    isBanBuy: f.isBanBuy ?? d.isBanBuy,
    isBanSell: f.isBanSell ?? d.isBanSell,
    tradeStatus: f.tradeStatus ?? d.tradeStatus,
    zeroFeeType: f.zeroFeeType ?? d.zeroFeeType,
    limitOrderPriceLimitPercentage: f.limitOrderPriceLimitPercentage ?? d.limitOrderPriceLimitPercentage,
    marketOrderPriceLimitPercentage: f.marketOrderPriceLimitPercentage ?? d.marketOrderPriceLimitPercentage,
    volume: f.volume ?? d.volume,
  }
}

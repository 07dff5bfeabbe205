/**
 * Deterministic pair data: the quote-token groups and their full pairs (long field names, as
 * symbol_list_v2 carries them). ../http/wire.ts maps them to the short keys of docs/wire.md.
 */
import { clamp, fromUnits, priceDecimals, stepString } from './decimals'
import { mulberry32, randomDigits, randomInt, subSeed } from './prng'
import { iconUrl } from './icons'
import { QUOTES, eligible, type QuoteSpec } from './quotes'
import { LEVERAGED_UNDERLYINGS, LISTED_TOKENS, type TokenInfo } from './tokens'

/** A trading pair with the long names of SPEC §3; every decimal is a string. */
export interface FullPair {
  symbolId: string
  symbolName: string
  baseTokenId: string
  baseTokenName: string
  quoteTokenId: string
  quoteTokenName: string
  basePrecision: string
  quotePrecision: string
  minTradeQuantity: string
  minTradeAmount: string
  minPricePrecision: string
  digitMerge: string
  showStatus: boolean
  label: string | null
  allowPlan: boolean
  maxTradeQuantity: string
  maxTradeAmount: string
  noticeVisible: boolean
  symbolType: string
  ltUnderlying: string | null
  ltDirection: 'LONG' | 'SHORT' | null
  tags: string[]
  tokenFullName: string
  iconUrl: string
  iconDayUrl: string
  onlineTime: number
  mark: string | null
  quoteTokenLeverageRatio: string | null
  baseTokenLeverageRatio: string | null
  loanEnabled: boolean
  isTest: boolean
  isBanBuy: boolean
  isBanSell: boolean
  /** 1 trading, 2 suspended. */
  tradeStatus: number
  /** 0 normal fees, 1 zero maker fee, 2 zero maker and taker fee. */
  zeroFeeType: number
  limitOrderPriceLimitPercentage: string
  marketOrderPriceLimitPercentage: string
  volume: string
}

export interface QuoteGroup {
  quote: QuoteSpec
  pairs: FullPair[]
}

/** Listing dates of the initial pairs lie before this instant; it is also their lastModifiedTime. */
export const DATA_EPOCH = Date.UTC(2025, 10, 1)
const DAY = 86_400_000
const NEW_FOR_MS = 45 * DAY

/** Tag order of pairs and of each group's quoteTags. */
export const TAG_ORDER = ['hot', 'new', 'meme', 'defi', 'layer1', 'layer2', 'ai', 'gaming', 'rwa', 'stablecoin', 'leveraged']

const BAN_BUY = new Set(['LUNC', 'USTC'])
const BAN_SELL = new Set(['OM'])

export interface PairSeed {
  token: TokenInfo
  quote: QuoteSpec
  onlineTime: number
  /** Popularity, 0 = most traded: drives volume, limits and margin. */
  rank: number
  leveraged?: { underlying: string; direction: 'LONG' | 'SHORT' }
  /** Test pairs pin their precisions to the extremes the site must handle. */
  precision?: { base: number; price: number }
}

export function makePair(seed: number, p: PairSeed): FullPair {
  const { token, quote, rank, leveraged } = p
  const symbolId = token.id + quote.id
  const rng = mulberry32(subSeed(seed, symbolId))
  const price = token.usd / quote.usd
  const baseDecimals = p.precision?.base ?? clamp(Math.floor(Math.log10(token.usd)) + 2, 0, 12)
  const priceDec = p.precision?.price ?? priceDecimals(price)
  const maxAmount = quote.maxTradeAmount * (rank < 20 ? 1 : rank < 80 ? 0.5 : 0.2)
  const isNew = DATA_EPOCH - p.onlineTime < NEW_FOR_MS
  const tags = TAG_ORDER.filter((t) => token.tags.includes(t) || (t === 'new' && isNew) || (t === 'leveraged' && !!leveraged))
  const margin = !leveraged && !p.precision && rank < 40 && ['USDT', 'USDC', 'BTC', 'ETH'].includes(quote.id)
  const volatile = !!leveraged || tags.includes('meme')
  const banned = { buy: BAN_BUY.has(token.id) || rng() < 0.01, sell: BAN_SELL.has(token.id) || rng() < 0.008 }
  const usdVolume = (2e9 / (rank + 1) ** 1.4) * (0.3 + rng() * 1.4) * quote.volumeShare
  const icon = (theme: 'night' | 'day') => iconUrl(theme, token.id)
  return {
    symbolId,
    symbolName: symbolId,
    baseTokenId: token.id,
    baseTokenName: token.id,
    quoteTokenId: quote.id,
    quoteTokenName: quote.id,
    basePrecision: stepString(baseDecimals),
    quotePrecision: stepString(clamp(baseDecimals + priceDec, 0, 12)),
    minTradeQuantity: fromUnits(BigInt(Math.max(1, Math.ceil((Number(quote.minTradeAmount) / price) * 10 ** baseDecimals))), baseDecimals),
    minTradeAmount: quote.minTradeAmount,
    minPricePrecision: stepString(priceDec),
    digitMerge: [0, 1, 2, 3].map((i) => stepString(priceDec - i)).join(','),
    showStatus: true,
    label: isNew ? 'NEW' : tags.includes('hot') ? 'HOT' : null,
    allowPlan: !leveraged && !p.precision,
    maxTradeQuantity: tags.includes('meme')
      ? hugeQuantity(rng, baseDecimals)
      : fromUnits(BigInt(Math.floor((maxAmount / price) * 10 ** baseDecimals)), baseDecimals),
    maxTradeAmount: String(maxAmount),
    noticeVisible: banned.buy || banned.sell,
    symbolType: leveraged ? 'LEVERAGED_TOKEN' : 'CHAIN_TOKEN',
    ltUnderlying: leveraged?.underlying ?? null,
    ltDirection: leveraged?.direction ?? null,
    tags,
    tokenFullName: token.fullName,
    iconUrl: icon('night'),
    iconDayUrl: icon('day'),
    onlineTime: p.onlineTime,
    mark: banned.buy || banned.sell ? 'ST' : null,
    quoteTokenLeverageRatio: margin ? (rank < 10 ? '10' : '5') : null,
    baseTokenLeverageRatio: margin ? (rank < 10 ? '10' : '5') : null,
    loanEnabled: margin,
    isTest: !!p.precision,
    isBanBuy: banned.buy,
    isBanSell: banned.sell,
    tradeStatus: rng() < 0.01 ? 2 : 1,
    zeroFeeType: quote.zeroFeeType === 0 && rng() < 0.03 ? 2 : quote.zeroFeeType,
    limitOrderPriceLimitPercentage: volatile ? '0.05' : '0.03',
    marketOrderPriceLimitPercentage: volatile ? '0.1' : '0.05',
    volume: (usdVolume / quote.usd).toFixed(quote.volumeDecimals),
  }
}

// Meme coins carry supply-sized limits that a double cannot hold (the site must keep strings).
function hugeQuantity(rng: () => number, decimals: number): string {
  const fraction = decimals > 0 ? '.' + randomDigits(rng, decimals - 1) + String(randomInt(rng, 1, 9)) : ''
  return '9' + randomDigits(rng, 25) + fraction
}

/** Days before DATA_EPOCH a token was listed: the top of the list is years old, the tail new. */
function listedAt(seed: number, id: string, rank: number, lateness: number): number {
  const rng = mulberry32(subSeed(seed, 'listed', id))
  const age = ((LISTED_TOKENS.length - rank) / LISTED_TOKENS.length) ** 2 * 2_400 * (0.75 + rng() * 0.5)
  return DATA_EPOCH - Math.round((5 + age * lateness) * DAY) - randomInt(rng, 0, DAY)
}

export function generateGroups(seed: number): QuoteGroup[] {
  return QUOTES.map((quote, q) => {
    const lateness = q === 0 ? 1 : 0.6
    const spot = LISTED_TOKENS.map((token, rank) => ({ token, rank }))
      .filter(({ token }) => eligible(token, quote))
      .slice(0, quote.size)
      .map(({ token, rank }) => makePair(seed, { token, quote, rank, onlineTime: listedAt(seed, token.id + quote.id, rank, lateness) }))
    return { quote, pairs: quote.id === 'USDT' ? [...spot, ...leveragedPairs(seed, quote), ...testPairs(seed, quote)] : spot }
  })
}

function leveragedPairs(seed: number, quote: QuoteSpec): FullPair[] {
  return LEVERAGED_UNDERLYINGS.flatMap((underlying) =>
    (['LONG', 'SHORT'] as const).map((direction) => {
      const id = `${underlying}3${direction[0]}`
      const rng = mulberry32(subSeed(seed, 'lt', id))
      const token = { id, fullName: `${underlying} 3x ${direction === 'LONG' ? 'Long' : 'Short'}`, usd: 10 ** (rng() * 4 - 3), tags: [] }
      const rank = 30 + LISTED_TOKENS.findIndex((t) => t.id === underlying)
      return makePair(seed, { token, quote, rank, leveraged: { underlying, direction }, onlineTime: listedAt(seed, id, rank, 0.5) })
    }),
  )
}

// Test pairs pin the precision extremes: 12-place and whole-unit quantities and prices.
function testPairs(seed: number, quote: QuoteSpec): FullPair[] {
  const extremes = [
    { base: 12, price: 4 },
    { base: 0, price: 12 },
    { base: 8, price: 0 },
  ]
  return extremes.map((precision, i) => {
    const token = { id: `TEST${i + 1}`, fullName: `Test Token ${i + 1}`, usd: 1, tags: [] }
    return makePair(seed, { token, quote, rank: 150, precision, onlineTime: DATA_EPOCH - 400 * DAY })
  })
}

/** The tags used in a group, in TAG_ORDER: the group's quoteTags. */
export function quoteTags(pairs: readonly FullPair[]): string[] {
  const used = new Set(pairs.flatMap((p) => p.tags))
  return TAG_ORDER.filter((t) => used.has(t))
}

/**
 * The quote tokens: one group each, in the order of the answers (the brief: USDT, USDC, BTC,
 * ETH, a stablecoin, then fiat), with the per-quote limits the pairs derive from.
 */
import type { TokenInfo } from './tokens'

export interface QuoteSpec {
  id: string
  fullName: string
  tokenType: 'CHAIN_TOKEN' | 'REAL_MONEY'
  usd: number
  zeroFeeType: number
  /** How many of LISTED_TOKENS (in order) the group lists at start. */
  size: number
  minTradeAmount: string
  maxTradeAmount: number
  /** Share of the USD turnover a pair sees in this quote, and the places its volume shows. */
  volumeShare: number
  volumeDecimals: number
}

export const QUOTES: readonly QuoteSpec[] = [
  {
    id: 'USDT',
    fullName: 'Tether USD',
    tokenType: 'CHAIN_TOKEN',
    usd: 1,
    zeroFeeType: 0,
    size: Infinity,
    minTradeAmount: '1',
    maxTradeAmount: 4_000_000,
    volumeShare: 1,
    volumeDecimals: 2,
  },
  {
    id: 'USDC',
    fullName: 'USD Coin',
    tokenType: 'CHAIN_TOKEN',
    usd: 1,
    zeroFeeType: 1,
    size: 110,
    minTradeAmount: '1',
    maxTradeAmount: 2_000_000,
    volumeShare: 0.25,
    volumeDecimals: 2,
  },
  {
    id: 'BTC',
    fullName: 'Bitcoin',
    tokenType: 'CHAIN_TOKEN',
    usd: 95_000,
    zeroFeeType: 0,
    size: 70,
    minTradeAmount: '0.00001',
    maxTradeAmount: 50,
    volumeShare: 0.05,
    volumeDecimals: 6,
  },
  {
    id: 'ETH',
    fullName: 'Ethereum',
    tokenType: 'CHAIN_TOKEN',
    usd: 3_200,
    zeroFeeType: 0,
    size: 50,
    minTradeAmount: '0.0005',
    maxTradeAmount: 1_000,
    volumeShare: 0.03,
    volumeDecimals: 5,
  },
  {
    id: 'DAI',
    fullName: 'Dai',
    tokenType: 'CHAIN_TOKEN',
    usd: 1,
    zeroFeeType: 0,
    size: 40,
    minTradeAmount: '1',
    maxTradeAmount: 500_000,
    volumeShare: 0.01,
    volumeDecimals: 2,
  },
  {
    id: 'EUR',
    fullName: 'Euro',
    tokenType: 'REAL_MONEY',
    usd: 1.08,
    zeroFeeType: 0,
    size: 60,
    minTradeAmount: '1',
    maxTradeAmount: 1_000_000,
    volumeShare: 0.02,
    volumeDecimals: 2,
  },
  {
    id: 'TRY',
    fullName: 'Turkish Lira',
    tokenType: 'REAL_MONEY',
    usd: 0.024,
    zeroFeeType: 0,
    size: 90,
    minTradeAmount: '40',
    maxTradeAmount: 40_000_000,
    volumeShare: 0.04,
    volumeDecimals: 2,
  },
  {
    id: 'BRL',
    fullName: 'Brazilian Real',
    tokenType: 'REAL_MONEY',
    usd: 0.18,
    zeroFeeType: 0,
    size: 30,
    minTradeAmount: '5',
    maxTradeAmount: 5_000_000,
    volumeShare: 0.01,
    volumeDecimals: 2,
  },
]

// A token that is itself a quote only trades against quotes listed after it (USDCUSDT, never
// USDTUSDC; BTC/ETH quote groups carry no stablecoins), as on real exchanges.
const QUOTE_RANK = ['EUR', 'TRY', 'BRL', 'USDT', 'USDC', 'DAI', 'BTC', 'ETH']
export function eligible(token: TokenInfo, quote: QuoteSpec): boolean {
  const rank = QUOTE_RANK.indexOf(token.id)
  if (token.id === quote.id || (rank >= 0 && rank <= QUOTE_RANK.indexOf(quote.id))) return false
  return !(token.tags.includes('stablecoin') && (quote.id === 'BTC' || quote.id === 'ETH'))
}

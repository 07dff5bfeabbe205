/**
 * A ticker as the strings a page shows. The server formats the figures it renders, and the
 * browser loads this module in a chunk of its own for live updates, so the pair page's
 * first-load JavaScript carries no formatting (docs/decisions/client-wiring.md "First-load JavaScript");
 * the figures are rounded as text, with no decimal library (docs/decisions/pages.md "Figures as text").
 */
import { formatAmount, formatChange, formatPrice, formatPriceTime, type Change } from './format'
import type { MarketTicker } from './tickers'

export interface Figures {
  last: string
  change?: Change
  turnover: string
  /** The pair page's extra figures; a markets row carries only last, change and turnover. */
  high?: string
  low?: string
  volume?: string
  /** ISO time of the figures and its display text; absent when the pair has no ticker. */
  time?: { iso: string; text: string }
  /** A markets row's upstream decimals, for sorting by price and change (formatted text does not sort). */
  raw?: { last?: string; change?: string }
}

const cache = new WeakMap<MarketTicker, Map<string, Figures>>()

/** The figures `make` gives for one ticker and key, made once per ticker object (none is kept without a ticker). */
function memoised(ticker: MarketTicker | undefined, key: string, make: () => Figures): Figures {
  const hit = ticker && cache.get(ticker)?.get(key)
  if (hit) return hit
  const figures = make()
  if (ticker) {
    const forTicker = cache.get(ticker) ?? new Map<string, Figures>()
    forTicker.set(key, figures)
    cache.set(ticker, forTicker)
  }
  return figures
}

/** The figures of one ticker (memoised per ticker object: a markets page re-renders hundreds of rows per push). */
export function figuresOf(ticker: MarketTicker | undefined, step: string, locale: string, turnoverPlaces = 2): Figures {
  return memoised(ticker, `${step}|${locale}|${turnoverPlaces}`, () => ({
    last: formatPrice(ticker?.lastPrice, step, locale),
    change: formatChange(ticker?.price24hPcnt, locale),
    high: formatPrice(ticker?.highPrice24h, step, locale),
    low: formatPrice(ticker?.lowPrice24h, step, locale),
    volume: formatAmount(ticker?.volume24h, locale),
    turnover: formatAmount(ticker?.turnover24h, locale, turnoverPlaces),
    time: ticker?.at ? { iso: new Date(ticker.at).toISOString(), text: formatPriceTime(ticker.at, locale) } : undefined,
  }))
}

/**
 * A markets row's figures: last price, change and turnover only (the page embeds one per pair).
 * Formatted on their own, not picked from figuresOf: a markets page formats every pushed row's
 * ticker, and high, low, volume and time were more than half of that work (docs/decisions/pages.md
 * "Rendering without long tasks").
 */
export function rowFiguresOf(ticker: MarketTicker | undefined, step: string, locale: string): Figures {
  // The same object for the same ticker: a memoised markets row whose ticker did not move skips its render.
  return memoised(ticker, `row|${step}|${locale}`, () => {
    const last = formatPrice(ticker?.lastPrice, step, locale)
    const change = formatChange(ticker?.price24hPcnt, locale)
    const turnover = formatAmount(ticker?.turnover24h, locale, 0)
    const raw = { last: ticker?.lastPrice, change: ticker?.price24hPcnt }
    return change ? { last, change, turnover, raw } : { last, turnover, raw }
  })
}

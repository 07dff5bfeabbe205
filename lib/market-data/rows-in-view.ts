import type { MarketTicker, MarketTickers } from './tickers'

/**
 * The tickers the drawn markets rows show (docs/decisions/pages.md "Markets table: rows drawn"). A
 * row in view follows every push; a row out of view keeps the ticker it last showed
 * and takes the live one when it comes into view, so a push renders only the rows a trader can
 * see (about ten of 25 on a phone, some twenty of 600 after "Show all"). When the drawn pairs
 * change (a tab, a sort, a search, "Show all"), every drawn row takes its live ticker: those rows
 * render then anyway.
 */
export interface ShownTickers {
  /** The drawn pairs, in order, that `tickers` was made for. */
  readonly drawn: string
  readonly tickers: MarketTickers
}

export const NO_SHOWN_TICKERS: ShownTickers = { drawn: '', tickers: {} }

/**
 * The next shown tickers, or `previous` itself when no row's ticker changes (a push of pairs out
 * of view, or of none drawn). `inView`: the places (0 = the first drawn row) of the rows in view;
 * null when the browser cannot tell, so every row follows.
 */
export function shownTickers(previous: ShownTickers, live: MarketTickers, drawn: readonly string[], inView: ReadonlySet<number> | null): ShownTickers {
  const key = drawn.join(',')
  if (key !== previous.drawn) {
    const tickers: Record<string, MarketTicker> = {}
    for (const symbol of drawn) if (live[symbol]) tickers[symbol] = live[symbol]
    return { drawn: key, tickers }
  }
  let next: Record<string, MarketTicker> | null = null
  for (const [place, symbol] of drawn.entries()) {
    if (inView && !inView.has(place)) continue
    const ticker = live[symbol]
    if (ticker === previous.tickers[symbol]) continue
    next ??= { ...previous.tickers }
    if (ticker) next[symbol] = ticker
    else delete next[symbol]
  }
  return next ? { drawn: key, tickers: next } : previous
}

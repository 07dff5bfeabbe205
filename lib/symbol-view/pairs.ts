import type { DerivedSymbol } from '../symbols/derive'
import type { SymbolListResult } from '../symbols/result'

/**
 * The pair behind /trade/spot/{BASE}/{QUOTE}: matched by token names, case-insensitively, an
 * exact spelling first (token names may carry lower-case letters, e.g. "mETH" beside "METH").
 */
export function findPair(list: SymbolListResult, base: string, quote: string): DerivedSymbol | undefined {
  const visible = list.symbols.filter((pair) => pair.showStatus)
  const exact = visible.find((pair) => isCanonicalSpelling(pair, base, quote))
  if (exact) return exact
  const b = base.toUpperCase()
  const q = quote.toUpperCase()
  return visible.find((pair) => pair.baseTokenName.toUpperCase() === b && pair.quoteTokenName.toUpperCase() === q)
}

/** Whether base/quote spell the pair's token names as the upstream does (else the page redirects to pairPath). */
export function isCanonicalSpelling(pair: Pick<DerivedSymbol, 'baseTokenName' | 'quoteTokenName'>, base: string, quote: string): boolean {
  return pair.baseTokenName === base && pair.quoteTokenName === quote
}

/** The most traded visible pairs, for prerendering at build (generateStaticParams). */
export function mostTraded(list: SymbolListResult, count: number): DerivedSymbol[] {
  return list.symbols
    .filter((pair) => pair.showStatus && !pair.isTest)
    .map((pair) => ({ pair, volume: Number(pair.volume) || 0 }))
    .sort((a, b) => b.volume - a.volume)
    .slice(0, count)
    .map(({ pair }) => pair)
}

/** The path of a pair page below the language prefix. */
export function pairPath(pair: Pick<DerivedSymbol, 'baseTokenName' | 'quoteTokenName'>): string {
  return `/trade/spot/${encodeURIComponent(pair.baseTokenName)}/${encodeURIComponent(pair.quoteTokenName)}`
}

import type { DerivedSymbol } from '../symbols/derive'
import type { SymbolListResult } from '../symbols/result'

/** The pair behind /trade/spot/{BASE}/{QUOTE}: matched by token names, case-insensitively. */
export function findPair(list: SymbolListResult, base: string, quote: string): DerivedSymbol | undefined {
  const b = base.toUpperCase()
  const q = quote.toUpperCase()
  return list.symbols.find((pair) => pair.showStatus && pair.baseTokenName.toUpperCase() === b && pair.quoteTokenName.toUpperCase() === q)
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

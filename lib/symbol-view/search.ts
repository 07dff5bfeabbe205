/**
 * Market search (docs/decisions/pages.md "Markets table: sort, search, URL state"). A query searches
 * every quote group, not only the open tab: "eth usdc", "ETH/USDC", "ethusdc" and "ethereum
 * usdc" all find ETH/USDC. Each word must match the base, the quote or the coin's full name.
 */
import type { SymbolRow, SymbolListView } from './view'

/** The query's words, lower-case; "/", "_" and "-" separate words like spaces do. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[\s/_-]+/)
    .filter((word) => word.length > 0)
}

function wordMatches(row: SymbolRow, word: string): boolean {
  const base = row.base.toLowerCase()
  const quote = row.quote.toLowerCase()
  return base.includes(word) || quote.includes(word) || row.name.toLowerCase().includes(word) || `${base}${quote}`.includes(word)
}

export function rowMatches(row: SymbolRow, words: readonly string[]): boolean {
  return words.every((word) => wordMatches(row, word))
}

/** Rows of every group that match, each pair once (a pair may sit in a quote and a fiat group). */
export function searchMarkets(view: Pick<SymbolListView, 'groups'>, query: string): SymbolRow[] {
  const words = queryWords(query)
  if (words.length === 0) return []
  const seen = new Set<string>()
  const found: SymbolRow[] = []
  for (const group of view.groups) {
    for (const row of group.rows) {
      if (seen.has(row.symbolId) || !rowMatches(row, words)) continue
      seen.add(row.symbolId)
      found.push(row)
    }
  }
  return found
}

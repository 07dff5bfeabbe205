/**
 * Where a symbol list came from. Kept apart from result.ts (which derives collections with
 * bignumber.js) so the browser's provenance badge can import it without that weight.
 */

/** Where a list came from, best first (SPEC §4 "Symbol loading" chain). */
export type SymbolSource = 'v3+all' | 'v2' | 'cache' | 'builtin'

export interface Provenance {
  source: SymbolSource
  /** When the data left the upstream (ms since epoch); for 'builtin' when the sample was produced. */
  fetchedAt: number
  /** Only for 'cache': how old the list is now. */
  ageMs?: number
  /** Pairs dropped as invalid on the way (bad records, broken all-list twins, gaps in a stored list). */
  dropped: number
}

/** A cached copy or the built-in sample: not what the upstream says now. */
export function isStale(provenance: Pick<Provenance, 'source'>): boolean {
  return provenance.source === 'cache' || provenance.source === 'builtin'
}

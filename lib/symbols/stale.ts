import type { SymbolCaches } from './cache'
import { indexBySymbolId, mergeV3WithAll } from './merge'
import { buildResult, SymbolAnswerError, type SymbolListResult } from './result'

/**
 * The stored list (SPEC §4 step 4), with its age. The merge is lenient here: a pair without an
 * all-list record is dropped and counted instead of failing, because the only thing left after
 * this step is the two-pair built-in sample.
 */
export function loadStoredList(caches: SymbolCaches, now: number): SymbolListResult | undefined {
  const symbol = caches.readSymbol()
  const incremental = symbol && caches.readIncremental()
  if (!symbol || !incremental) return undefined
  const merged = mergeV3WithAll(symbol.quoteTokenResult, indexBySymbolId(incremental.quoteTokenSymbols), {
    droppedIds: new Set(incremental.droppedSymbolIds),
    mode: 'lenient',
  })
  try {
    return buildResult('cache', merged.groups, {
      source: 'cache',
      fetchedAt: symbol.savedAt,
      ageMs: Math.max(0, now - symbol.savedAt),
      dropped: merged.dropped,
    })
  } catch (error) {
    if (error instanceof SymbolAnswerError) return undefined
    throw error
  }
}

/** The same list, stamped as served from a cache now: source 'cache', original fetchedAt, current age. */
export function asStale(result: SymbolListResult, now: number): SymbolListResult {
  const { fetchedAt, dropped } = result.provenance
  return { ...result, provenance: { source: 'cache', fetchedAt, ageMs: Math.max(0, now - fetchedAt), dropped } }
}

/**
 * Stale-if-error: of the list this loader last got from the network and the stored one, the
 * newer wins (another tab may have stored a newer list; after a v2 load, memory is newer than
 * storage). A list is never replaced by an older one, and the built-in sample never replaces either.
 */
export function freshestStale(lastGood: SymbolListResult | undefined, caches: SymbolCaches, now: number): SymbolListResult | undefined {
  const stored = loadStoredList(caches, now)
  if (!lastGood) return stored
  if (stored && stored.provenance.fetchedAt > lastGood.provenance.fetchedAt) return stored
  return asStale(lastGood, now)
}

import { FIELD_NAMES, type PairFields } from './fields'
import type { AllAnswer, IncrementalCacheRecord, QuoteTokenGroup } from './types'

/** WIRE.md merge error (incident 11511507): v3 lists pairs the all-list never delivered. */
export class MergeError extends Error {
  override name = 'MergeError'
  constructor(readonly missing: readonly string[]) {
    super(`symbol_list_v3 lists ${missing.length} pair(s) missing from symbol_list_all: ${missing.slice(0, 5).join(', ')}`)
  }
}

export interface MergeOptions {
  /** Pairs the all-list sent in a broken form: dropped and counted, not a merge error. */
  droppedIds?: ReadonlySet<string>
  /** 'strict' (network answers): a gap rejects the whole v3 result. 'lenient' (the stored list, the last resort): a gap drops the pair. */
  mode?: 'strict' | 'lenient'
}

export interface Merged {
  groups: QuoteTokenGroup<PairFields>[]
  /** v3 pairs left out: their all-list record was broken (or missing, in lenient mode). */
  dropped: number
}

/**
 * Every pair field, undefined. V8 turns an object that gains ~40 keys one by one (Object.assign
 * into {}) into a slow dictionary object; a copy of this already has them all and stays fast.
 */
const PAIR_TEMPLATE: Readonly<Record<string, undefined>> = Object.fromEntries(FIELD_NAMES.map((name) => [name, undefined]))

/**
 * WIRE.md merge: for every v3 pair, the all-list record with the same symbolId with the v3
 * fields laid over it. Only the v3 list decides which pairs exist, so a pair delisted from v3
 * disappears even though its record stays in the incremental cache.
 */
export function mergeV3WithAll(v3Groups: readonly QuoteTokenGroup<PairFields>[], all: ReadonlyMap<string, PairFields>, options: MergeOptions = {}): Merged {
  const { droppedIds = new Set<string>(), mode = 'strict' } = options
  const missing: string[] = []
  let dropped = 0
  const groups = v3Groups.map((group) => {
    const quoteTokenSymbols: PairFields[] = []
    for (const fast of group.quoteTokenSymbols) {
      const slow = all.get(fast.symbolId)
      // The lists own disjoint fields (schema-pair.ts), so "laying over" is a plain union here.
      if (slow) quoteTokenSymbols.push(Object.assign({ ...PAIR_TEMPLATE }, slow, fast) as PairFields)
      else if (droppedIds.has(fast.symbolId) || mode === 'lenient') dropped++
      else missing.push(fast.symbolId)
    }
    return { ...group, quoteTokenSymbols }
  })
  if (missing.length > 0) throw new MergeError(missing)
  return { groups, dropped }
}

export function indexBySymbolId(pairs: readonly PairFields[]): Map<string, PairFields> {
  return new Map(pairs.map((pair) => [pair.symbolId, pair]))
}

/**
 * The incremental cache after an all-list answer: a delta (we sent last_modified_at) is upserted
 * by symbolId — changed records replace theirs in place, new ones are appended; a whole list
 * (we did not) replaces the cache, which also forgets delisted pairs. A record the answer sent
 * in a broken form leaves the cache and is remembered in droppedSymbolIds until a valid one comes.
 */
export function upsertIncremental(
  previous: Pick<IncrementalCacheRecord, 'quoteTokenSymbols' | 'droppedSymbolIds'> | undefined,
  answer: AllAnswer & { droppedIds: readonly string[] },
  isDelta: boolean,
): Pick<IncrementalCacheRecord, 'quoteTokenSymbols' | 'droppedSymbolIds' | 'lastModifiedTime'> {
  const base = isDelta && previous ? previous : { quoteTokenSymbols: [], droppedSymbolIds: [] }
  const byId = indexBySymbolId(base.quoteTokenSymbols)
  const broken = new Set(base.droppedSymbolIds)
  for (const id of answer.droppedIds) {
    byId.delete(id)
    broken.add(id)
  }
  for (const pair of answer.quoteTokenSymbols) {
    byId.set(pair.symbolId, pair)
    broken.delete(pair.symbolId)
  }
  return { quoteTokenSymbols: [...byId.values()], droppedSymbolIds: [...broken], lastModifiedTime: answer.lastModifiedTime }
}

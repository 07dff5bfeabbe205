import { z } from 'zod/mini'
import { decodePairs, MAX_PROBLEMS } from './decode-pairs'
import type { PairFields } from './fields'
import { ALL_PAIR, V2_PAIR, V3_PAIR, type PairCodec } from './schema-pair'
import type { AllAnswer, IncrementalCacheRecord, QuoteTokenGroup, SymbolCacheRecord, V2Answer, V3Answer } from './types'

export { compactAllPairSchema, compactV3PairSchema, fullPairSchema } from './schema-pair'

/**
 * zod schemas (zod/mini: the browser's loader builds them at once, and mini schemas are cheap to
 * build) of the three answers and the two cache records. Each decodes to
 * { value, dropped, droppedIds, problems }: a broken pair or group is dropped and counted, a
 * broken answer shape (no list at all) fails the whole parse and the loader falls back.
 */

/** A quote token group's own fields, with the defaults in docs/decisions/symbol-list.md "Defaults of unsent fields". */
export const quoteTokenGroupSchema = z.pipe(
  z.object({
    tokenId: z.string().check(z.minLength(1)),
    tokenName: z.nullish(z.string()),
    tokenFullName: z.nullish(z.string()),
    tokenType: z.nullish(z.string()),
    zeroFeeType: z.nullish(z.number()),
    quoteTags: z.nullish(z.array(z.string())),
    quoteTokenSymbols: z.nullish(z.array(z.unknown())),
  }),
  z.transform((g): QuoteTokenGroup<unknown> => {
    const tokenName = g.tokenName ?? g.tokenId
    return {
      tokenId: g.tokenId,
      tokenName,
      tokenFullName: g.tokenFullName ?? tokenName,
      tokenType: g.tokenType ?? 'CHAIN_TOKEN',
      zeroFeeType: g.zeroFeeType ?? 0,
      quoteTags: g.quoteTags ?? [],
      quoteTokenSymbols: g.quoteTokenSymbols ?? [],
    }
  }),
)

export interface DecodedList<T> {
  value: T
  dropped: number
  droppedIds: string[]
  problems: string[]
}

function groupSize(raw: unknown): number {
  const pairs = raw !== null && typeof raw === 'object' ? (raw as { quoteTokenSymbols?: unknown }).quoteTokenSymbols : undefined
  return Array.isArray(pairs) ? pairs.length : 0
}

/** Groups of one answer; a group without a tokenId (or a repeated one) is dropped with all its pairs. */
export function decodeGroups(list: readonly unknown[], codec: PairCodec): DecodedList<QuoteTokenGroup<PairFields>[]> {
  const out: DecodedList<QuoteTokenGroup<PairFields>[]> = { value: [], dropped: 0, droppedIds: [], problems: [] }
  const seenPairs = new Set<string>()
  const seenGroups = new Set<string>()
  for (const raw of list) {
    const group = quoteTokenGroupSchema.safeParse(raw)
    if (!group.success || seenGroups.has(group.data.tokenId)) {
      out.dropped += groupSize(raw)
      if (out.problems.length < MAX_PROBLEMS) out.problems.push(`group ${group.success ? group.data.tokenId : '?'}: invalid or repeated`)
      continue
    }
    seenGroups.add(group.data.tokenId)
    const pairs = decodePairs(group.data.quoteTokenSymbols, codec, seenPairs)
    out.value.push({ ...group.data, quoteTokenSymbols: pairs.pairs })
    out.dropped += pairs.dropped
    out.droppedIds.push(...pairs.droppedIds)
    out.problems.push(...pairs.problems.slice(0, Math.max(0, MAX_PROBLEMS - out.problems.length)))
  }
  return out
}

const groupList = (codec: PairCodec) =>
  z.pipe(
    z.array(z.unknown()),
    z.transform((list: unknown[]) => decodeGroups(list, codec)),
  )
const pairsOf = (codec: PairCodec) =>
  z.pipe(
    z.array(z.unknown()),
    z.transform((list: unknown[]) => decodePairs(list, codec)),
  )
/** WIRE.md says string; a number is the same version and is accepted. */
const version = z.pipe(z.union([z.string(), z.number()]), z.transform(String))
const time = z.number().check(z.nonnegative())

/** symbol_list_v3 result; quoteTokenResult absent or null = version hit. */
export const v3AnswerSchema = z.pipe(
  z.object({ version, quoteTokenResult: z.nullish(groupList(V3_PAIR)) }),
  z.transform(({ version, quoteTokenResult: groups }): DecodedList<V3Answer> =>
    groups ? { ...groups, value: { version, quoteTokenResult: groups.value } } : { value: { version }, dropped: 0, droppedIds: [], problems: [] },
  ),
)

/** symbol_list_all result. */
export const allAnswerSchema = z.pipe(
  z.object({ quoteTokenSymbols: pairsOf(ALL_PAIR), lastModifiedTime: time }),
  z.transform(({ quoteTokenSymbols: p, lastModifiedTime }): DecodedList<AllAnswer> => ({
    value: { quoteTokenSymbols: p.pairs, lastModifiedTime },
    dropped: p.dropped,
    droppedIds: p.droppedIds,
    problems: p.problems,
  })),
)

/** symbol_list_v2 result (long names). */
export const v2AnswerSchema = z.pipe(
  z.object({ quoteTokenResult: groupList(V2_PAIR) }),
  z.transform(({ quoteTokenResult: groups }): DecodedList<V2Answer> => ({ ...groups, value: { quoteTokenResult: groups.value } })),
)

/** The symbol cache as stored (cache.ts writes short keys, like the wire). */
export const symbolCacheSchema = z.pipe(
  z.object({ version: z.string(), quoteTokenResult: groupList(V3_PAIR), savedAt: time, language: z.optional(z.string()) }),
  z.transform((r): SymbolCacheRecord => ({ ...r, quoteTokenResult: r.quoteTokenResult.value })),
)

/** The incremental cache as stored; droppedSymbolIds = pairs the all-list sent in a broken form. */
export const incrementalCacheSchema = z.pipe(
  z.object({
    quoteTokenSymbols: pairsOf(ALL_PAIR),
    lastModifiedTime: z.nullable(time),
    savedAt: time,
    droppedSymbolIds: z.optional(z.array(z.string())),
    language: z.optional(z.string()),
  }),
  z.transform((r): IncrementalCacheRecord => ({
    ...r,
    quoteTokenSymbols: r.quoteTokenSymbols.pairs,
    droppedSymbolIds: r.droppedSymbolIds ?? [],
  })),
)

/** The confirmation record (storage-keys.ts CONFIRMED_KEY). */
export const confirmationSchema = z.object({ savedAt: time, version: z.string(), lastModifiedTime: z.nullable(time), language: z.optional(z.string()) })

import type { HttpClient } from '../http/client'
import { RequestError } from '../http/errors'
import type { SymbolCaches } from './cache'
import { indexBySymbolId, MergeError, mergeV3WithAll, upsertIncremental } from './merge'
import { buildResult, SymbolAnswerError, type SymbolListResult } from './result'
import { allAnswerSchema, v2AnswerSchema, v3AnswerSchema, type DecodedList } from './schema'
import type { PairFields } from './fields'
import type { QuoteTokenGroup, SymbolCacheRecord } from './types'
import type { z } from 'zod/mini'

/** SPEC §7 paths. */
export const SYMBOL_LIST_V3_PATH = '/spot/api/basic/symbol_list_v3'
export const SYMBOL_LIST_ALL_PATH = '/spot/api/basic/symbol_list_all'
export const SYMBOL_LIST_V2_PATH = '/spot/api/basic/symbol_list_v2'

export interface SourceContext {
  client: HttpClient
  caches: SymbolCaches
  now: () => number
  timeoutMs: number
  /** Language code the caches belong to; a record of another language is never sent as a condition. */
  language: string | undefined
  /** Pairs were dropped on the way: tell the monitor which and why. */
  onDropped: (endpoint: string, decoded: Pick<DecodedList<unknown>, 'dropped' | 'problems'>) => void
  /** Awaited between a load's steps (SymbolLoaderOptions.between); absent, they run in one go. */
  between?: () => Promise<void>
}

function decode<T>(schema: z.ZodMiniType<DecodedList<T>>, raw: unknown, endpoint: string, ctx: SourceContext): DecodedList<T> {
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new SymbolAnswerError(endpoint, 'invalid', parsed.error.issues[0]?.message)
  if (parsed.data.dropped > 0) ctx.onDropped(endpoint, parsed.data)
  return parsed.data
}

/**
 * Whether a v3+all failure belongs to the all-list, the split-off half of the list (SPEC §8
 * 11511506 "split request error"; docs/decisions/symbol-list.md "The chain (SPEC §4) and its incident codes").
 */
export function isSplitRequestFailure(error: unknown): boolean {
  if (error instanceof SymbolAnswerError) return error.endpoint === 'symbol_list_all'
  if (!(error instanceof RequestError)) return false
  try {
    return new URL(error.url, 'http://relative.invalid').pathname.endsWith(SYMBOL_LIST_ALL_PATH)
  } catch {
    return false
  }
}

/** WIRE.md: `result = { version }` keeps the cached groups — only if they are the version the server confirmed. */
function groupsOfVersionHit(version: string, cached: SymbolCacheRecord | undefined): QuoteTokenGroup<PairFields>[] {
  if (cached && cached.version === version) return cached.quoteTokenResult
  throw new SymbolAnswerError('symbol_list_v3', 'version-hit-without-cache', `version ${version}`)
}

/**
 * SPEC §4 step 1–2: symbol_list_v3 and symbol_list_all in parallel, the all-list delta upserted
 * into the incremental cache, merged, derived, and both caches stored. Throws on any failure
 * (RequestError, SymbolAnswerError, MergeError); the loader falls back.
 */
export async function loadV3WithAll(ctx: SourceContext): Promise<SymbolListResult> {
  const mine = <R extends { language?: string }>(record: R | undefined) => (record && record.language === ctx.language ? record : undefined)
  const cachedSymbol = mine(ctx.caches.readSymbol())
  const cachedIncremental = mine(ctx.caches.readIncremental())
  const since = cachedIncremental?.lastModifiedTime ?? null
  // A v3 failure cancels the all-list (its answer could not be used). An all-list failure waits
  // for v3's outcome, bounded by the same timeout, so the incident names the list that failed:
  // 11511509 when v3 failed too (a host that is down), 11511506 when only the all-list did.
  const controller = new AbortController()
  const get = (path: string, query: Record<string, string | number> | undefined) =>
    ctx.client.get<unknown>(path, { query, timeoutMs: ctx.timeoutMs, retries: 0, signal: controller.signal })
  const v3Request = get(SYMBOL_LIST_V3_PATH, cachedSymbol ? { version: cachedSymbol.version } : undefined).catch((error: unknown) => {
    controller.abort()
    throw error
  })
  const allRequest = get(SYMBOL_LIST_ALL_PATH, since !== null ? { last_modified_at: since } : undefined).catch(async (error: unknown) => {
    await v3Request
    throw error
  })
  const [v3Raw, allRaw] = await Promise.all([v3Request, allRequest])
  const v3 = decode(v3AnswerSchema, v3Raw, 'symbol_list_v3', ctx)
  const all = decode(allAnswerSchema, allRaw, 'symbol_list_all', ctx)
  const groups = v3.value.quoteTokenResult ?? groupsOfVersionHit(v3.value.version, cachedSymbol)
  const incremental = upsertIncremental(cachedIncremental, { ...all.value, droppedIds: all.droppedIds }, since !== null)
  let merged
  try {
    merged = mergeV3WithAll(groups, indexBySymbolId(incremental.quoteTokenSymbols), { droppedIds: new Set(incremental.droppedSymbolIds) })
  } catch (error) {
    // The incremental cache may have missed a record for good: the next load asks for the whole list.
    if (error instanceof MergeError && since !== null) ctx.caches.markResync()
    throw error
  }
  const fetchedAt = ctx.now()
  await ctx.between?.()
  // Pairs the list lacks because of bad data: broken v3 records, and v3 pairs whose all-list record
  // is broken (counted once, at the merge; a broken record of a pair v3 no longer lists costs nothing).
  const result = buildResult('symbol_list_v3', merged.groups, { source: 'v3+all', fetchedAt, dropped: v3.dropped + merged.dropped })
  await ctx.between?.()
  ctx.caches.save(
    { version: v3.value.version, quoteTokenResult: groups, savedAt: fetchedAt, language: ctx.language },
    { ...incremental, savedAt: fetchedAt, language: ctx.language },
    {
      symbol: v3.value.quoteTokenResult === undefined,
      incremental: since !== null && all.value.quoteTokenSymbols.length === 0 && all.droppedIds.length === 0 && all.value.lastModifiedTime === since,
    },
  )
  // The save and the caller's work on the result are separate tasks too.
  await ctx.between?.()
  return result
}

/** SPEC §4 step 3: the older v2 list (full pairs). Not stored: the caches hold the v3 protocol's state. */
export async function loadV2(ctx: SourceContext): Promise<SymbolListResult> {
  const raw = await ctx.client.get<unknown>(SYMBOL_LIST_V2_PATH, { timeoutMs: ctx.timeoutMs, retries: 0 })
  const v2 = decode(v2AnswerSchema, raw, 'symbol_list_v2', ctx)
  const fetchedAt = ctx.now()
  await ctx.between?.()
  return buildResult('symbol_list_v2', v2.value.quoteTokenResult, { source: 'v2', fetchedAt, dropped: v2.dropped })
}

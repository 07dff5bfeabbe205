import { readJson, writeCheckedJson } from '../storage/json'
import type { z } from 'zod/mini'
import type { KeyValueStorage, StorageProblemHandler } from '../storage/storage'
import type { SymbolListResult } from './result'
import { confirmedSavedAt, readConfirmation } from './cache'
import { incrementalCacheSchema, symbolCacheSchema } from './schema'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from './storage-keys'

/**
 * The two cache records of the load that produced a page's list, in their stored (compact,
 * short-key) form, sent with the page's whole list so the browser's first revalidation is
 * conditional (docs/decisions/pages.md "The browser starts from the page's symbol list").
 */
export interface SymbolCacheSeed {
  symbol: unknown
  incremental: unknown
}

const KEYS = { symbol: SYMBOL_CACHE_KEY, incremental: INCREMENTAL_CACHE_KEY } as const
type Part = keyof typeof KEYS

function parseStored(storage: KeyValueStorage, key: string): unknown {
  const text = storage.getItem(key)
  if (text === null || text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** A stored record's stamp as it reads, unchecked (the schema check comes after, where it is needed). */
type Stamp = { savedAt?: unknown; language?: unknown; version?: unknown; lastModifiedTime?: unknown }
const stampOf = (record: unknown): Stamp => (record && typeof record === 'object' ? (record as Stamp) : {})

/**
 * Server: the seed for a rendered list, only when that list is live from v3+all and both stored
 * records were saved by the very load that produced it (a cached copy, the built-in sample, a v2
 * list or a list from another instance has no matching records: no seed).
 */
export function seedOf(storage: KeyValueStorage, result: SymbolListResult): SymbolCacheSeed | undefined {
  if (result.provenance.source !== 'v3+all') return undefined
  const symbol = parseStored(storage, SYMBOL_CACHE_KEY)
  const incremental = parseStored(storage, INCREMENTAL_CACHE_KEY)
  const fetchedAt = result.provenance.fetchedAt
  if (stampOf(symbol).savedAt !== fetchedAt || stampOf(incremental).savedAt !== fetchedAt) return undefined
  return { symbol, incremental }
}

export interface SeedOutcome {
  symbol: 'written' | 'kept' | 'invalid'
  incremental: 'written' | 'kept' | 'invalid'
}

const SCHEMAS = { symbol: symbolCacheSchema, incremental: incrementalCacheSchema } as const

/**
 * Browser: the seed's record `part` replaces the browser's own record of that key unless the own
 * one is of this language and at least as new (never replace better data with worse). A seed record
 * that does not fit its schema or is of another language is not written (and reported).
 * Each record is parsed and checked once: the own record is checked only when its stamp says it
 * would be kept, and a written seed record is remembered checked, so the loader's first read of
 * either needs no second check (lib/storage/json.ts).
 * The browser seeds the two records in separate tasks (the incremental record's check and write
 * alone is a long task on a phone). Either record describes itself (its version, its
 * lastModifiedTime), so one seeded without the other is sound.
 */
export function seedSymbolCache<P extends Part>(
  storage: KeyValueStorage,
  seed: SymbolCacheSeed,
  part: P,
  language: string,
  onProblem?: StorageProblemHandler,
): SeedOutcome[P] {
  // The browser's own confirmation of its records (cache.ts): a record it confirmed later than the seed was saved is the newer one.
  const confirmation = readConfirmation(storage, onProblem)
  const key = KEYS[part]
  const schema: z.ZodMiniType<{ savedAt: number; language?: string }> = SCHEMAS[part]
  const incoming = schema.safeParse(seed[part])
  if (!incoming.success || incoming.data.language !== language) {
    onProblem?.({ kind: 'corrupt', key, detail: 'embedded seed record refused' })
    return 'invalid'
  }
  const own = stampOf(parseStored(storage, key))
  const ownSavedAt = typeof own.savedAt === 'number' ? confirmedSavedAt(part, { ...own, savedAt: own.savedAt }, confirmation) : undefined
  if (own.language === language && ownSavedAt !== undefined && ownSavedAt >= incoming.data.savedAt) {
    // Kept only when it also fits its schema (a misfit is evicted and reported by readJson).
    if (readJson(storage, key, schema, onProblem).status === 'ok') return 'kept'
  }
  return writeCheckedJson(storage, key, schema, seed[part], incoming.data) ? 'written' : 'kept'
}

import { readJson, writeJson } from '../storage/json'
import { createMemoryStorage } from '../storage/memory'
import type { KeyValueStorage, StorageProblemHandler } from '../storage/storage'
import type { SymbolListResult } from './result'
import { incrementalCacheSchema, symbolCacheSchema } from './schema'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from './storage-keys'

/**
 * The two cache records of the load that produced a page's list, in their stored (compact,
 * short-key) form, embedded in the page so the browser's first revalidation is conditional
 * (docs/decisions.md "The browser starts from the embedded pair list").
 */
export interface SymbolCacheSeed {
  symbol: unknown
  incremental: unknown
}

const KEYS = { symbol: SYMBOL_CACHE_KEY, incremental: INCREMENTAL_CACHE_KEY } as const
type Part = keyof typeof KEYS

/** A record's stamp (savedAt, language) when it fits its schema; a misfit is evicted and reported. */
function stampOf(storage: KeyValueStorage, part: Part, onProblem?: StorageProblemHandler): { savedAt: number; language?: string } | undefined {
  const read = part === 'symbol' ? readJson(storage, KEYS.symbol, symbolCacheSchema, onProblem) : readJson(storage, KEYS.incremental, incrementalCacheSchema, onProblem)
  return read.status === 'ok' ? read.value : undefined
}

function parseStored(storage: KeyValueStorage, key: string): unknown {
  const text = storage.getItem(key)
  if (text === null || text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

const savedAtOf = (record: unknown) => (record && typeof record === 'object' ? (record as { savedAt?: unknown }).savedAt : undefined)

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
  if (savedAtOf(symbol) !== fetchedAt || savedAtOf(incremental) !== fetchedAt) return undefined
  return { symbol, incremental }
}

export interface SeedOutcome {
  symbol: 'written' | 'kept' | 'invalid'
  incremental: 'written' | 'kept' | 'invalid'
}

/**
 * Browser: each seed record replaces the browser's own record of that key unless the own one is
 * of this language and at least as new (never replace better data with worse). A seed record
 * that does not fit its schema or is of another language is not written (and reported).
 */
export function seedSymbolCaches(storage: KeyValueStorage, seed: SymbolCacheSeed, language: string, onProblem?: StorageProblemHandler): SeedOutcome {
  const outcome = (part: Part): SeedOutcome[Part] => {
    const key = KEYS[part]
    const scratch = createMemoryStorage()
    let incoming: { savedAt: number; language?: string } | undefined
    try {
      if (writeJson(scratch, key, seed[part])) incoming = stampOf(scratch, part)
    } catch {
      incoming = undefined // not JSON-serialisable: refused below
    }
    if (!incoming || incoming.language !== language) {
      onProblem?.({ kind: 'corrupt', key, detail: 'embedded seed record refused' })
      return 'invalid'
    }
    const own = stampOf(storage, part, onProblem)
    if (own && own.language === language && own.savedAt >= incoming.savedAt) return 'kept'
    return writeJson(storage, key, seed[part]) ? 'written' : 'kept'
  }
  return { symbol: outcome('symbol'), incremental: outcome('incremental') }
}

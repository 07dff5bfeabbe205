import type { KeyValueStorage } from '../storage/storage'
import type { SymbolCacheSeed } from './seed'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from './storage-keys'

/**
 * The markets page refers to its pair list's seed instead of carrying it (docs/decisions.md "The
 * browser starts from the page's pair list"): `url` serves the records (same origin, one per
 * language), `savedAt` says which load they are, so a browser whose own caches are already that
 * new skips the download.
 */
export interface SymbolSeedReference {
  url: string
  savedAt: number
}

/** The seed file's body: both records as one JSON object. */
export function seedText(seed: SymbolCacheSeed): string {
  return JSON.stringify(seed)
}

/** The seed of seedText's text, or undefined when the text is not a JSON object with both records. */
export function parseSeedText(text: string): SymbolCacheSeed | undefined {
  try {
    const value = JSON.parse(text) as unknown
    if (value && typeof value === 'object' && 'symbol' in value && 'incremental' in value) return value as SymbolCacheSeed
  } catch {
    // not JSON: no seed
  }
  return undefined
}

function stamp(storage: KeyValueStorage, key: string): { savedAt?: unknown; language?: unknown } | undefined {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as unknown
    return value && typeof value === 'object' ? (value as { savedAt?: unknown; language?: unknown }) : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether the browser's own two records are of this language and at least as new as the page's
 * list: then the seed would change nothing and is not fetched. A cheap look at the stamps only;
 * the loader still checks each record against its schema when it reads them.
 */
export function ownCachesCover(storage: KeyValueStorage, savedAt: number, language: string): boolean {
  return [SYMBOL_CACHE_KEY, INCREMENTAL_CACHE_KEY].every((key) => {
    const own = stamp(storage, key)
    return own !== undefined && own.language === language && typeof own.savedAt === 'number' && own.savedAt >= savedAt
  })
}

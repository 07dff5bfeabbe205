import type { SymbolCacheSeed } from './seed'

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

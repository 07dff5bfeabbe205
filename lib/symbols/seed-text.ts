import type { SymbolCacheSeed } from './seed'

/**
 * The seed travels in the page as one JSON string, not as an object tree: React's payload parser
 * visits every value of an object prop while the page hydrates (thousands for a 600-pair list),
 * but a string once; the browser parses the text when its loader needs it, after hydration
 * (docs/decisions.md "The browser starts from the embedded pair list").
 */
export function seedText(seed: SymbolCacheSeed | undefined): string | undefined {
  return seed === undefined ? undefined : JSON.stringify(seed)
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

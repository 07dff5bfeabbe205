import { BodyTooLargeError, readCapped } from '../http/body'
import type { SymbolCacheSeed } from './seed'

/**
 * The seed travels in the page as one string, not as an object tree: React's payload parser
 * visits every value of an object prop while the page hydrates (thousands for a 600-pair list),
 * but a string once. The string is the seed's JSON, gzip-compressed and in base64: ~60 kB of
 * page text instead of ~300 kB (the JSON's quotes are escaped again inside the page's inline
 * scripts), which the browser decodes, tokenises and compiles before the first paint; the
 * browser inflates it natively (DecompressionStream) when its loader needs it, after hydration
 * (docs/decisions/pages.md "The browser starts from the embedded pair list").
 */
export function seedText(seed: SymbolCacheSeed | undefined, gzip: (bytes: Uint8Array) => Uint8Array): string | undefined {
  if (seed === undefined) return undefined
  const packed = gzip(new TextEncoder().encode(JSON.stringify(seed)))
  let binary = ''
  for (let i = 0; i < packed.length; i += 0x8000) binary += String.fromCharCode(...packed.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The most a seed may inflate to: a 600-pair seed is ~260 kB; anything near this is not ours. */
export const SEED_TEXT_MAX_BYTES = 8 * 1024 * 1024

/** Inflates gzip bytes with the platform's DecompressionStream, refusing more than `maxBytes` (cancelled at the cap by readCapped). */
export async function gunzipText(bytes: Uint8Array, maxBytes = SEED_TEXT_MAX_BYTES): Promise<string> {
  try {
    return new TextDecoder().decode(
      await readCapped(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip')), maxBytes),
    )
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new Error(`seed inflates past ${maxBytes} bytes`)
    throw error
  }
}

/**
 * The seed of seedText's text, or undefined when the text is not base64 of gzip of a JSON object
 * with both records (the browser then loads in full, as without a seed).
 */
export async function parseSeedText(text: string, gunzip: (bytes: Uint8Array) => Promise<string> = gunzipText): Promise<SymbolCacheSeed | undefined> {
  try {
    const binary = atob(text)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    const value = JSON.parse(await gunzip(bytes)) as unknown
    if (value && typeof value === 'object' && 'symbol' in value && 'incremental' in value) return value as SymbolCacheSeed
  } catch {
    // not base64, not gzip, too large or not JSON: no seed
  }
  return undefined
}

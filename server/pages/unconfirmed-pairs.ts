import { processSingleton } from '../config/global'

/**
 * Pairs a page found in no list it can trust: the list in use is a cached copy or the built-in
 * sample, so "not in it" proves nothing. The page answers with Next's not-found (nothing is
 * stored, nothing is logged as an error) and notes the pair here; ./page-responses.ts then turns
 * that answer into a 503 with Retry-After, since Next gives a page no status of its own
 * (docs/decisions/pages.md "Pair pages and stale data").
 *
 * A note stands for a few seconds: every request that shares the render (Next renders a page once
 * for concurrent requests) reads it. The map is bounded: unknown URLs cannot grow it.
 */
const NOTE_MS = 10_000
const MAX_NOTES = 1000

export interface UnconfirmedPair {
  region: string
  lang: string
  pair: string
  /** The list in use: `cache` (a cached copy) or `builtin` (the built-in sample). */
  source: string
}

const notes = () => processSingleton('unconfirmed-pairs', () => new Map<string, UnconfirmedPair & { at: number }>())

function decoded(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

const keyOf = (region: string, lang: string, base: string, quote: string) => `${region}/${lang}/${decoded(base)}/${decoded(quote)}`

export function noteUnconfirmedPair(region: string, lang: string, base: string, quote: string, source: string, now = Date.now()): void {
  const map = notes()
  const key = keyOf(region, lang, base, quote)
  map.delete(key)
  map.set(key, { region, lang, pair: `${decoded(base)}/${decoded(quote)}`, source, at: now })
  for (const oldest of map.keys()) {
    if (map.size <= MAX_NOTES) break
    map.delete(oldest)
  }
}

/** A live list said no: the 404 stands. */
export function forgetUnconfirmedPair(region: string, lang: string, base: string, quote: string): void {
  notes().delete(keyOf(region, lang, base, quote))
}

const PAIR_PAGE = /^\/([^/?#]+)\/([^/?#]+)\/trade\/spot\/([^/?#]+)\/([^/?#]+)\/?(?:[?#]|$)/

/** The note for an internal page path (`/main/en/trade/spot/ZZ1/USDT?…`), if one is fresh. */
export function unconfirmedPairAt(internalPath: string, now = Date.now()): UnconfirmedPair | null {
  const match = PAIR_PAGE.exec(internalPath)
  if (!match) return null
  const note = notes().get(keyOf(match[1]!, match[2]!, match[3]!, match[4]!))
  if (!note || now - note.at > NOTE_MS) return null
  const { at: _at, ...pair } = note
  return pair
}

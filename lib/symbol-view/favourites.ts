/**
 * Favourite pairs, kept in the browser (docs/decisions/pages.md "Favourite pairs"). This file owns
 * the storage key; it reads and writes through the KeyValueStorage it is given and never
 * throws: unreadable or foreign data reads as "no favourites".
 */
import type { KeyValueStorage } from '../storage/storage'

export const FAVOURITES_KEY = 'markets_favourites_v1'
/** More than any trader stars; bounds what a tampered value can make us keep. */
export const MAX_FAVOURITES = 200
const SYMBOL_ID = /^[0-9A-Za-z._-]{1,40}$/

export function readFavourites(storage: KeyValueStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(FAVOURITES_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return [...new Set(parsed.filter((id): id is string => typeof id === 'string' && SYMBOL_ID.test(id)))].slice(0, MAX_FAVOURITES)
  } catch {
    return []
  }
}

/** Adds or removes symbolId; returns the list now shown (the stored one when the write failed). */
export function toggleFavourite(storage: KeyValueStorage, symbolId: string): string[] {
  const current = readFavourites(storage)
  if (!SYMBOL_ID.test(symbolId)) return current
  const next = current.includes(symbolId) ? current.filter((id) => id !== symbolId) : [...current, symbolId].slice(-MAX_FAVOURITES)
  return storage.setItem(FAVOURITES_KEY, JSON.stringify(next)) ? next : current
}

/**
 * What a worker cache keeps: each entry carries when it was saved, its size and, for a page, when
 * it was made; past the caps the oldest saved go first (docs/decisions/offline.md "What the worker keeps").
 */
import type { Caps } from './policy'

export interface LedgerEntry {
  key: string
  /** When the worker saved it (ms). */
  savedAt: number
  /** Body bytes as kept. */
  bytes: number
  /** When the server made it (a page's render time), if known: a page's age counts from here. */
  madeAt?: number | null
}

/** The headers a kept answer carries its ledger in (the worker adds them; no server sends them). */
export const LEDGER_HEADERS = { savedAt: 'x-spot-saved-at', bytes: 'x-spot-bytes', madeAt: 'x-spot-made-at' } as const

/** Too old to serve: made (or, when that is unknown, saved) longer than `maxAgeMs` ago. */
export function isExpired(entry: Pick<LedgerEntry, 'savedAt' | 'madeAt'>, now: number, maxAgeMs: number): boolean {
  return now - (entry.madeAt ?? entry.savedAt) > maxAgeMs
}

/** Served at once, without waiting for the network: saved within `freshMs` and made less than `oldMs` ago. */
export function isFresh(entry: Pick<LedgerEntry, 'savedAt' | 'madeAt'>, now: number, freshMs: number, oldMs: number): boolean {
  return now - entry.savedAt < freshMs && now - (entry.madeAt ?? entry.savedAt) < oldMs
}

/** The keys to delete so the rest fits the caps: every expired entry, then the oldest saved. */
export function evictions(entries: readonly LedgerEntry[], now: number, caps: Caps, maxAgeMs = Infinity): string[] {
  const gone = new Set(entries.filter((e) => isExpired(e, now, maxAgeMs)).map((e) => e.key))
  const kept = entries.filter((e) => !gone.has(e.key)).sort((a, b) => a.savedAt - b.savedAt)
  let bytes = kept.reduce((sum, e) => sum + e.bytes, 0)
  let count = kept.length
  for (const entry of kept) {
    if (count <= caps.maxEntries && bytes <= caps.maxBytes) break
    gone.add(entry.key)
    count -= 1
    bytes -= entry.bytes
  }
  return [...gone]
}

/** Reads an entry's ledger from its headers; null for an entry the worker did not write (it is then dropped). */
export function readLedger(key: string, headers: { get(name: string): string | null }): LedgerEntry | null {
  const savedAt = whole(headers.get(LEDGER_HEADERS.savedAt))
  const bytes = whole(headers.get(LEDGER_HEADERS.bytes))
  if (savedAt === null || bytes === null) return null
  return { key, savedAt, bytes, madeAt: whole(headers.get(LEDGER_HEADERS.madeAt)) }
}

function whole(text: string | null): number | null {
  return text !== null && /^\d+$/.test(text) ? Number(text) : null
}

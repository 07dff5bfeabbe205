import { evictions, isExpired, isFresh, LEDGER_HEADERS, readLedger, type LedgerEntry } from './ledger'
import { FRESH_COPY_MS, OLD_PAGE_MS, PAGE_CAPS, PAGE_MAX_AGE_MS } from './policy'

const DAY = 24 * 60 * 60 * 1000
const NOW = 100 * DAY
const entry = (key: string, savedAt: number, bytes = 1000, madeAt: number | null = null): LedgerEntry => ({ key, savedAt, bytes, madeAt })

describe('what a worker cache keeps (docs/decisions/offline.md "What the worker keeps")', () => {
  it('expires a page 7 days after it was made, even when it was saved later', () => {
    expect(isExpired({ savedAt: NOW - 6 * DAY, madeAt: NOW - 7 * DAY - 1 }, NOW, PAGE_MAX_AGE_MS)).toBe(true)
    expect(isExpired({ savedAt: NOW - 6 * DAY, madeAt: NOW - 6 * DAY }, NOW, PAGE_MAX_AGE_MS)).toBe(false)
    // Made unknown (a static file): counted from its saving.
    expect(isExpired({ savedAt: NOW - 8 * DAY }, NOW, PAGE_MAX_AGE_MS)).toBe(true)
  })

  it('serves a copy at once only within the revalidate period after saving, and only of a page made recently', () => {
    expect(isFresh({ savedAt: NOW - FRESH_COPY_MS + 1, madeAt: NOW - 2 * 60_000 }, NOW, FRESH_COPY_MS, OLD_PAGE_MS)).toBe(true)
    expect(isFresh({ savedAt: NOW - FRESH_COPY_MS, madeAt: NOW - FRESH_COPY_MS }, NOW, FRESH_COPY_MS, OLD_PAGE_MS)).toBe(false)
    // Just saved, but an old render (an idle page the edge served stale): the network first.
    expect(isFresh({ savedAt: NOW - 1000, madeAt: NOW - OLD_PAGE_MS }, NOW, FRESH_COPY_MS, OLD_PAGE_MS)).toBe(false)
  })

  it('drops every expired entry, then the oldest saved until both the count and the bytes fit', () => {
    const caps = { maxEntries: 3, maxBytes: 10_000, maxEntryBytes: 5000 }
    const entries = [
      entry('a', NOW - 5, 4000),
      entry('b', NOW - 4, 4000),
      entry('c', NOW - 3, 4000),
      entry('d', NOW - 2, 1000),
      entry('old', NOW - 1, 10, NOW - 8 * DAY),
    ]
    // 4 fresh entries of 13 000 bytes: 'a' goes for the count (3 left, 9 000 bytes).
    expect(evictions(entries, NOW, caps, PAGE_MAX_AGE_MS).sort()).toEqual(['a', 'old'])
    // Bytes alone: two 6 000-byte entries over 10 000 drop the older.
    expect(evictions([entry('x', 1, 6000), entry('y', 2, 6000)], NOW, caps)).toEqual(['x'])
    expect(evictions([entry('x', 1), entry('y', 2)], NOW, caps)).toEqual([])
  })

  it('bounds the pages kept to the caps whatever comes in', () => {
    const many = Array.from({ length: 100 }, (_, i) => entry(`p${i}`, NOW - i, 500_000, NOW - i))
    const gone = new Set(evictions(many, NOW, PAGE_CAPS, PAGE_MAX_AGE_MS))
    const kept = many.filter((e) => !gone.has(e.key))
    expect(kept.length).toBeLessThanOrEqual(PAGE_CAPS.maxEntries)
    expect(kept.reduce((sum, e) => sum + e.bytes, 0)).toBeLessThanOrEqual(PAGE_CAPS.maxBytes)
    // The newest are the ones kept.
    expect(kept.map((e) => e.key)).toContain('p0')
  })

  it('reads a ledger only from whole numbers in its headers', () => {
    const headers = (h: Record<string, string>) => new Headers(h)
    expect(readLedger('k', headers({ [LEDGER_HEADERS.savedAt]: '5', [LEDGER_HEADERS.bytes]: '7', [LEDGER_HEADERS.madeAt]: '3' }))).toEqual(entry('k', 5, 7, 3))
    expect(readLedger('k', headers({ [LEDGER_HEADERS.savedAt]: '5', [LEDGER_HEADERS.bytes]: '7' }))).toEqual(entry('k', 5, 7, null))
    expect(readLedger('k', headers({ [LEDGER_HEADERS.savedAt]: '5' }))).toBeNull()
    expect(readLedger('k', headers({ [LEDGER_HEADERS.savedAt]: 'soon', [LEDGER_HEADERS.bytes]: '7' }))).toBeNull()
    expect(readLedger('k', headers({}))).toBeNull()
  })
})

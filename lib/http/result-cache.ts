import { RESULT_CACHE_MAX_ENTRIES, RESULT_CACHE_TTL_MS } from './constants'

interface Entry<V> {
  value: V
  expiresAt: number
}

/**
 * The in-memory result cache of SPEC §9: entries live 60000 ms by default, at most 20 are kept,
 * the least recently used goes first. Only successful results are ever stored (a failed
 * response never evicts or replaces a good one — SPEC §7 profile row).
 */
export class ResultCache<V = unknown> {
  private readonly entries = new Map<string, Entry<V>>()

  constructor(
    private readonly now: () => number = Date.now,
    readonly maxEntries: number = RESULT_CACHE_MAX_ENTRIES,
    readonly defaultTtlMs: number = RESULT_CACHE_TTL_MS,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    // Map keeps insertion order: re-inserting marks the entry most recently used.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.value
  }

  set(key: string, value: V, ttlMs: number = this.defaultTtlMs): void {
    this.entries.delete(key)
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs })
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  get size(): number {
    return this.entries.size
  }
}

import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from '@/lib/storage/keys'
import type { SymbolListResult } from '@/lib/symbols'
import { loadStoredList } from '@/lib/symbols/stale'
import type { Entry } from './symbol-entries'
import { copyOf, type SharedListStore } from './symbol-shared'

/**
 * The fleet side of the pair-list service (docs/decisions.md "One pair-list refresher per
 * fleet"): pulling the fleet's newer copy into this instance's storage (memory and disk), and
 * pushing this instance's copy after a live refresh or when Redis comes back.
 */
export function createFleetLists(shared: SharedListStore, { reuseMs, now }: { reuseMs: number; now: () => number }) {
  /**
   * Takes the fleet's copy when it is newer than this instance's (the conditional requests then
   * use its version and incremental cache). Returns the list when the newest copy is fresh enough
   * to count as live (fetched within the reuse window by whichever instance held the lease).
   */
  async function adopt(entry: Entry): Promise<SymbolListResult | undefined> {
    const copy = await shared.read(entry.key)
    const mine = copyOf(entry.storage)
    if (copy && copy.fetchedAt > (mine?.fetchedAt ?? 0)) {
      entry.storage.setItem(INCREMENTAL_CACHE_KEY, copy.incremental)
      entry.storage.setItem(SYMBOL_CACHE_KEY, copy.symbol)
      // The remembered good list is read again from the newer records (unless it is newer still).
      if ((entry.good?.provenance.fetchedAt ?? 0) < copy.fetchedAt) entry.good = undefined
    }
    const fetchedAt = Math.max(copy?.fetchedAt ?? 0, mine?.fetchedAt ?? 0)
    if (fetchedAt === 0 || now() - fetchedAt >= reuseMs) return undefined
    const last = entry.last?.result
    if (last && last.provenance.fetchedAt === fetchedAt && last.provenance.source !== 'cache' && last.provenance.source !== 'builtin') return last
    const stored = loadStoredList(entry.caches, now())
    // Only a live v3+all load writes these records, so a fresh copy is that list.
    return stored && { ...stored, provenance: { source: 'v3+all', fetchedAt: stored.provenance.fetchedAt, dropped: stored.provenance.dropped } }
  }

  /** Shares this instance's records (the fleet keeps the newer of the two). */
  async function push(entry: Entry): Promise<void> {
    const copy = copyOf(entry.storage)
    if (copy) await shared.write(entry.key, copy)
  }

  return { adopt, push, lease: (entry: Entry) => shared.lease(entry.key, reuseMs) }
}

export type FleetLists = ReturnType<typeof createFleetLists>

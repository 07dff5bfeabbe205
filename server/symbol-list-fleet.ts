import { systemTimers, type Timers } from '@/lib/engine-kit/environment'
import { SingleFlight } from '@/lib/http/single-flight'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from '@/lib/symbols/storage-keys'
import type { SymbolListResult } from '@/lib/symbols'
import { loadStoredList } from '@/lib/symbols/stale'
import { copyOf, type SharedListStore } from './symbol-list-shared'
import type { SymbolListSlot } from './symbol-list-slot'

/** How often an instance waiting for another's refresh looks at the fleet's copy. */
const FLEET_COPY_POLL_MS = 100

interface LookHooks {
  /** With a good list known, how long to wait for the lease holder's copy. */
  patienceMs: number
  /** Records a list taken from the fleet as the one pages get. */
  record: (result: SymbolListResult) => SymbolListResult
  /** After the wait: the last good list as a cached copy, if any. */
  lastGood: () => SymbolListResult | undefined
}

/**
 * The fleet side of the symbol-list service (docs/decisions/fleet.md "One refresher per fleet for
 * lists and tickers"): pulling the fleet's newer copy into this instance's storage (memory and
 * disk), and
 * pushing this instance's copy after a live refresh or when Redis comes back.
 */
export function createFleetLists(shared: SharedListStore, { reuseMs, now, timers = systemTimers }: { reuseMs: number; now: () => number; timers?: Timers }) {
  /**
   * Takes the fleet's copy when it is newer than this instance's (the conditional requests then
   * use its version and incremental cache). Returns the list when the newest copy is fresh enough
   * to count as live (fetched within the reuse window by whichever instance held the lease).
   */
  async function adopt(slot: SymbolListSlot): Promise<SymbolListResult | undefined> {
    const mine = copyOf(slot.storage)
    // The fleet's time first: the records only when they are newer than this instance's.
    const copy = await shared.readNewer(slot.key, mine?.fetchedAt ?? 0)
    if (copy) {
      slot.storage.setItem(INCREMENTAL_CACHE_KEY, copy.incremental)
      slot.storage.setItem(SYMBOL_CACHE_KEY, copy.symbol)
      // The last good list is read again from the newer records (unless it is newer still).
      slot.lastGood.forgetOlderThan(copy.fetchedAt)
    }
    const fetchedAt = Math.max(copy?.fetchedAt ?? 0, mine?.fetchedAt ?? 0)
    if (fetchedAt === 0 || now() - fetchedAt >= reuseMs) return undefined
    const last = slot.state.phase === 'answered' ? slot.state.result : undefined
    if (last && last.provenance.fetchedAt === fetchedAt && last.provenance.source !== 'cache' && last.provenance.source !== 'builtin') return last
    const stored = loadStoredList(slot.caches, now())
    // Only a live v3+all load writes these records, so a fresh copy is that list.
    return stored && { ...stored, provenance: { source: 'v3+all', fetchedAt: stored.provenance.fetchedAt, dropped: stored.provenance.dropped } }
  }

  /** Shares this instance's records (the fleet keeps the newer of the two). */
  async function push(slot: SymbolListSlot): Promise<void> {
    const copy = copyOf(slot.storage)
    if (copy) await shared.write(slot.key, copy)
  }

  /**
   * The fleet's fresh copy if there is one; else, when another instance holds this window's
   * lease, its copy as soon as it arrives (polled, at most patienceMs), then `lastGood()`.
   * Undefined: this instance refreshes itself (it holds the lease, Redis is away, or it has
   * nothing at all to show). One look per (upstream, language) at a time, shared by renders.
   */
  function look(slot: SymbolListSlot, hooks: LookHooks): Promise<SymbolListResult | undefined> {
    return asks.run(slot.key, () => follow(slot, hooks))
  }
  const asks = new SingleFlight<SymbolListResult | undefined>()

  async function follow(slot: SymbolListSlot, { patienceMs, record, lastGood }: LookHooks): Promise<SymbolListResult | undefined> {
    const fresh = await adopt(slot)
    if (fresh) return record(fresh)
    if ((await shared.lease(slot.key, reuseMs)) !== 'taken') return undefined
    for (let i = 0; i < Math.ceil(patienceMs / FLEET_COPY_POLL_MS); i++) {
      await new Promise<void>((resolve) => timers.setTimeout(resolve, FLEET_COPY_POLL_MS))
      const arrived = await adopt(slot)
      if (arrived) return record(arrived)
    }
    return lastGood()
  }

  return { look, push }
}

export type FleetLists = ReturnType<typeof createFleetLists>

import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from '@/lib/symbols/storage-keys'
import type { KeyValueStorage } from '@/lib/storage/storage'
import type { RedisLink } from './redis-link.cjs'
import { createRedisCopies } from './shared-copies'

/**
 * The symbol lists a fleet shares (docs/decisions/fleet.md "One refresher per fleet for lists and
 * tickers"): per
 * (upstream, language) the two SPEC §3 cache records as stored (the list, its version and the
 * incremental all-list cache), and a lease that lets one instance ask the upstream per window
 * (./shared-copies.ts). Without Redis each instance refreshes on its own, as the embedded default does.
 */
export interface SharedListCopy {
  symbol: string
  incremental: string
  /** When the list left the upstream (the symbol record's savedAt). */
  fetchedAt: number
}

export interface SharedListStore {
  /** The fleet's copy if newer than `than` (its time read first; the 258 kB of records only when newer). */
  readNewer(key: string, than: number): Promise<SharedListCopy | undefined>
  /** Stores the copy unless the fleet already holds a newer one. */
  write(key: string, copy: SharedListCopy): Promise<boolean>
  /** SET NX PX: 'mine' for the instance that may ask the upstream now, 'taken' for the others. */
  lease(key: string, ms: number): Promise<'mine' | 'taken' | 'unavailable'>
  onRecovered(fn: () => unknown): void
}

/** The storage's records as a shareable copy, if it holds both. */
export function copyOf(storage: KeyValueStorage): SharedListCopy | undefined {
  const symbol = storage.getItem(SYMBOL_CACHE_KEY)
  const incremental = storage.getItem(INCREMENTAL_CACHE_KEY)
  if (!symbol || !incremental) return undefined
  const fetchedAt = savedAt(symbol)
  return fetchedAt === undefined ? undefined : { symbol, incremental, fetchedAt }
}

function savedAt(record: string): number | undefined {
  try {
    const value = (JSON.parse(record) as { savedAt?: unknown }).savedAt
    return typeof value === 'number' ? value : undefined
  } catch {
    return undefined
  }
}

export function createRedisListStore(link: RedisLink, prefix: string): SharedListStore {
  const copies = createRedisCopies(link, {
    name: 'lists',
    copyKey: (key) => `${prefix}:pairs:${key}`,
    leaseKey: (key) => `${prefix}:lease:${key}`,
    fields: ['symbol', 'incremental'],
    timeField: 'fetchedAt',
  })
  return {
    async readNewer(key, than) {
      const copy = await copies.readNewer(key, than)
      return copy && { symbol: copy.fields.symbol, incremental: copy.fields.incremental, fetchedAt: copy.time }
    },
    write: (key, copy) => copies.write(key, { time: copy.fetchedAt, fields: { symbol: copy.symbol, incremental: copy.incremental } }),
    lease: (key, ms) => copies.lease(key, ms),
    onRecovered: (fn) => copies.onRecovered(fn),
  }
}

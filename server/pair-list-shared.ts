import { randomUUID } from 'node:crypto'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from '@/lib/symbols/storage-keys'
import type { KeyValueStorage } from '@/lib/storage/storage'
import { writeIfNewer, type RedisLink } from './redis-link.cjs'

/**
 * The pair lists a fleet shares (docs/decisions/fleet.md "One pair-list refresher per fleet"): per
 * (upstream, language) the two SPEC §3 cache records as stored (the list, its version and the
 * incremental all-list cache), and a lease that lets one instance ask the upstream per window.
 * Every method answers `undefined`/`'unavailable'` instead of failing: without Redis each
 * instance refreshes on its own, as the embedded default does.
 */
export interface SharedListCopy {
  symbol: string
  incremental: string
  /** When the list left the upstream (the symbol record's savedAt). */
  fetchedAt: number
}

export interface SharedListStore {
  read(key: string): Promise<SharedListCopy | undefined>
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
  const owner = `${process.pid}-${randomUUID()}`
  const listKey = (key: string) => `${prefix}:pairs:${key}`
  return {
    async read(key) {
      const hash = await link.run((c) => c.hGetAll(listKey(key)))
      if (!hash?.symbol || !hash.incremental) return undefined
      const fetchedAt = Number(hash.fetchedAt)
      return Number.isFinite(fetchedAt) ? { symbol: hash.symbol, incremental: hash.incremental, fetchedAt } : undefined
    },
    async write(key, copy) {
      const fields = { symbol: copy.symbol, incremental: copy.incremental }
      const done = await link.run((c) => writeIfNewer(c, listKey(key), { timeField: 'fetchedAt', time: copy.fetchedAt, fields }))
      return done !== undefined
    },
    async lease(key, ms) {
      const answer = await link.run((c) => c.set(`${prefix}:lease:${key}`, owner, { condition: 'NX', expiration: { type: 'PX', value: ms } }))
      if (answer === undefined) return 'unavailable'
      return answer === 'OK' ? 'mine' : 'taken'
    },
    onRecovered: (fn) => link.onRecovered(fn),
  }
}

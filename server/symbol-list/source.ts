import { join } from 'node:path'
import { createHttpClient } from '@/lib/http/client'
import type { Language } from '@/lib/i18n/languages'
import type { Monitor } from '@/lib/monitor/monitor'
import type { RegionConfig } from '@/lib/regions/config'
import type { KeyValueStorage } from '@/lib/storage/storage'
import { createSymbolCaches, createSymbolLoader, type SymbolListResult } from '@/lib/symbols'
import { isStale } from '@/lib/symbols/provenance'
import { asStale, loadStoredList } from '@/lib/symbols/stale'
import { INCREMENTAL_CACHE_KEY, SYMBOL_CACHE_KEY } from '@/lib/symbols/storage-keys'
import type { FeedCodec, FeedSource } from '../feeds/feed'
import { createFileStorage } from './file-storage'
import { createServerMonitor, timedFetch } from '../ops/observability'
import type { RedisLink } from '../fleet/redis-link.cjs'
import { createRedisCopies, type SharedCopies, type SharedCopy } from '../fleet/shared-copies'

/** What a list is read for: a region's page in a language (metrics are labelled by the region). */
export interface ListRead {
  region: RegionConfig
  language: Language
}

/** The two SPEC §3 cache records a fleet shares per (upstream, language): the list and its version, the incremental all-list cache. */
export type ListFields = 'symbol' | 'incremental'

/**
 * The symbol list of one (upstream, language) as the feed loads it (./feeds/feed.ts): the chain
 * over its own caches (they hold one language's list each, lib/symbols/storage-keys.ts: one
 * folder per source), the last good list on disk, and the records the fleet shares.
 */
export interface SymbolListSource extends FeedSource<SymbolListResult, ListRead, ListFields> {
  readonly language: string
  readonly storage: KeyValueStorage
}

export interface SourceOptions {
  /** Where the last good lists are kept across restarts. */
  dir: string
  fetch?: typeof fetch
  /** SPEC §9 8000 ms; tests pass less. */
  timeoutMs?: number
  now: () => number
  /** The freshest good list another language of the same upstream has (a failed load shows it rather than the built-in sample). */
  borrow: (read: ListRead) => SymbolListResult | undefined
}

export const listKey = (upstream: string, language: string) => `${upstream} ${language}`

/** One incident of the load in progress (SPEC §8 code; the message when it carries an error). */
interface LoadIncident {
  code: number
  message?: string
}

/** The server monitor, also noting each incident of the load in progress. */
function noting(monitor: Monitor, incidents: LoadIncident[]): Monitor {
  return {
    incident(code, detail) {
      incidents.push({ code: Number(code), message: typeof detail?.message === 'string' ? detail.message : undefined })
      monitor.incident(code, detail)
    },
    event: (name, detail) => monitor.event(name, detail),
  }
}

/** The storage's records as a shareable copy, if it holds both. */
function copyOf(storage: KeyValueStorage): SharedCopy<ListFields> | undefined {
  const symbol = storage.getItem(SYMBOL_CACHE_KEY)
  const incremental = storage.getItem(INCREMENTAL_CACHE_KEY)
  if (!symbol || !incremental) return undefined
  const time = savedAt(symbol)
  return time === undefined ? undefined : { time, fields: { symbol, incremental } }
}

function savedAt(record: string): number | undefined {
  try {
    const value = (JSON.parse(record) as { savedAt?: unknown }).savedAt
    return typeof value === 'number' ? value : undefined
  } catch {
    return undefined
  }
}

export function openListSource({ region, language }: ListRead, { dir, fetch, timeoutMs, now, borrow }: SourceOptions): SymbolListSource {
  const key = listKey(region.apiBaseUrl, language.code)
  const client = createHttpClient({ baseUrl: region.apiBaseUrl, fetch: timedFetch(fetch), language: { code: language.code, locale: language.locale } })
  const storage = createFileStorage(join(dir, encodeURIComponent(key).replace(/%/g, '_')))
  const caches = createSymbolCaches(storage)
  const incidents: LoadIncident[] = []
  const loader = createSymbolLoader({ client, storage, monitor: noting(createServerMonitor(region.id), incidents), now, language: language.code, timeoutMs })

  const codec: FeedCodec<SymbolListResult, ListFields> = {
    local: () => copyOf(storage),
    localTime: () => copyOf(storage)?.time ?? 0,
    // The fleet's newer records: the conditional requests then use its version and incremental cache.
    adopt(copy) {
      storage.setItem(INCREMENTAL_CACHE_KEY, copy.fields.incremental)
      storage.setItem(SYMBOL_CACHE_KEY, copy.fields.symbol)
      return {}
    },
    fresh(fetchedAt, last) {
      if (last && last.provenance.fetchedAt === fetchedAt && last.provenance.source !== 'cache' && last.provenance.source !== 'builtin') return last
      const stored = loadStoredList(caches, now())
      // Only a live v3+all load writes these records, so a fresh copy is that list.
      return stored && { ...stored, provenance: { source: 'v3+all', fetchedAt: stored.provenance.fetchedAt, dropped: stored.provenance.dropped } }
    },
  }

  return {
    upstream: region.apiBaseUrl,
    language: language.code,
    storage,
    codec,
    stored: () => loadStoredList(caches, now()),
    /** One run of the chain; a failure is told by its first incident with a message. */
    async load(read) {
      incidents.splice(0)
      const loaded = await loader.loadAlone()
      if (!isStale(loaded.provenance)) return { outcome: 'live', value: loaded }
      const first = incidents.find((incident) => incident.message) ?? incidents[0]
      const error = { code: first?.code, message: first?.message ?? `no live list (${loaded.provenance.source})` }
      const borrowed = loaded.provenance.source === 'builtin' ? borrow(read) : undefined
      return { outcome: 'failed', value: borrowed ? asStale(borrowed, now()) : loaded, error }
    },
  }
}

/** The symbol lists a fleet shares in Redis (docs/decisions/fleet.md "One refresher per fleet for lists and tickers"): per (upstream, language) the two records, and the window's lease. */
export function createRedisListStore(link: RedisLink, prefix: string): SharedCopies<ListFields> {
  return createRedisCopies(link, {
    name: 'lists',
    copyKey: (key) => `${prefix}:pairs:${key}`,
    leaseKey: (key) => `${prefix}:lease:${key}`,
    fields: ['symbol', 'incremental'],
    timeField: 'fetchedAt',
  })
}

import { join } from 'node:path'
import { createHttpClient } from '@/lib/http/client'
import { LANGUAGES, type Language } from '@/lib/i18n/languages'
import type { Monitor } from '@/lib/monitor/monitor'
import type { RegionConfig } from '@/lib/regions/config'
import type { KeyValueStorage } from '@/lib/storage/storage'
import { createSymbolCaches, createSymbolLoader, type SymbolCaches, type SymbolListResult, type SymbolLoader } from '@/lib/symbols'
import { loadStoredList } from '@/lib/symbols/stale'
import { createFileStorage } from './file-storage'
import { createLastGood, type LastGood } from './last-good'
import { createServerMonitor, timedFetch } from './observability'

/** One incident of the refresh in progress (SPEC §8 code; the message when it carries an error). */
export interface AttemptIncident {
  code: number
  message?: string
}

/** What pages were last given from a slot: nothing yet, or a list and when. */
export type SlotState = { phase: 'unasked' } | { phase: 'answered'; result: SymbolListResult; at: number }

/**
 * The symbol list of one (upstream, language): its loader over its own caches (they hold one
 * language's list each, lib/symbols/storage-keys.ts: one folder per slot), its last good list
 * (in memory, else on disk), the incidents of the refresh in progress, and what pages got.
 */
export interface SymbolListSlot {
  readonly key: string
  readonly upstream: string
  readonly language: string
  readonly storage: KeyValueStorage
  readonly caches: SymbolCaches
  readonly loader: SymbolLoader
  readonly lastGood: LastGood<SymbolListResult>
  readonly incidents: AttemptIncident[]
  state: SlotState
  /** Consecutive refreshes of this language that gave no live list. */
  failures: number
}

export interface SlotOptions {
  /** Where the last good lists are kept across restarts. */
  dir: string
  fetch?: typeof fetch
  /** SPEC §9 8000 ms; tests pass less. */
  timeoutMs?: number
  now: () => number
}

const slotKey = (upstream: string, language: string) => `${upstream} ${language}`

/** The server monitor, also noting each incident in `incidents` for /api/health. */
function noting(monitor: Monitor, incidents: AttemptIncident[]): Monitor {
  return {
    incident(code, detail) {
      incidents.push({ code: Number(code), message: typeof detail?.message === 'string' ? detail.message : undefined })
      monitor.incident(code, detail)
    },
    event: (name, detail) => monitor.event(name, detail),
  }
}

function createSlot(region: RegionConfig, language: Language, { dir, fetch, timeoutMs, now }: SlotOptions): SymbolListSlot {
  const key = slotKey(region.apiBaseUrl, language.code)
  const client = createHttpClient({ baseUrl: region.apiBaseUrl, fetch: timedFetch(fetch), language: { code: language.code, locale: language.locale } })
  const storage = createFileStorage(join(dir, encodeURIComponent(key).replace(/%/g, '_')))
  const caches = createSymbolCaches(storage)
  const incidents: AttemptIncident[] = []
  const loader = createSymbolLoader({ client, storage, monitor: noting(createServerMonitor(region.id), incidents), now, language: language.code, timeoutMs })
  const lastGood = createLastGood(
    (list: SymbolListResult) => list.provenance.fetchedAt,
    () => loadStoredList(caches, now()),
  )
  return { key, upstream: region.apiBaseUrl, language: language.code, storage, caches, loader, lastGood, incidents, state: { phase: 'unasked' }, failures: 0 }
}

/** The process's slots, one per (upstream, language), made on first use. */
export function createListSlots(options: SlotOptions) {
  const slots = new Map<string, SymbolListSlot>()

  function slotFor(region: RegionConfig, language: Language): SymbolListSlot {
    let slot = slots.get(slotKey(region.apiBaseUrl, language.code))
    if (!slot) slots.set((slot = createSlot(region, language, options)).key, slot)
    return slot
  }

  /** The slot of a region's language, if one was made. */
  const find = (region: RegionConfig, code: string) => slots.get(slotKey(region.apiBaseUrl, code))

  /**
   * The freshest good list another language of the same upstream has, in memory or on disk: after
   * a restart during an outage, a language never rendered still finds the lists other languages
   * stored before it.
   */
  function borrowed(slot: SymbolListSlot, region: RegionConfig): SymbolListResult | undefined {
    for (const code of region.languages) slotFor(region, LANGUAGES[code])
    let best: SymbolListResult | undefined
    for (const other of slots.values()) {
      if (other === slot || other.upstream !== slot.upstream) continue
      const candidate = other.lastGood.get()
      if (candidate && (!best || candidate.provenance.fetchedAt > best.provenance.fetchedAt)) best = candidate
    }
    return best
  }

  return {
    slotFor,
    find,
    borrowed,
    /** What answers without the upstream: this language's last good list, else another language's. */
    fallback: (slot: SymbolListSlot, region: RegionConfig) => slot.lastGood.get() ?? borrowed(slot, region),
    /** The slots made for a region's languages. */
    of: (region: RegionConfig) => region.languages.map((code) => find(region, code)).filter((s): s is SymbolListSlot => s !== undefined),
    all: () => [...slots.values()],
  }
}

export type SymbolListSlots = ReturnType<typeof createListSlots>

import { join } from 'node:path'
import { createHttpClient } from '@/lib/http/client'
import type { Language } from '@/lib/i18n/languages'
import type { RegionConfig } from '@/lib/regions/config'
import { createSymbolLoader, type SymbolListResult, type SymbolLoader } from '@/lib/symbols'
import { isStale } from '@/lib/symbols/provenance'
import { asStale } from '@/lib/symbols/stale'
import { createFileStorage } from './file-storage'
import { createServerMonitor, metrics, timedFetch } from './observability'

/**
 * Server-side pair lists: one loader per (upstream, language), shared by every page of the
 * process (docs/decisions.md "Server pair-list reuse", "Server cache survives restarts").
 */
export interface SymbolServiceOptions {
  /** Where the last good lists are kept across restarts. */
  dir: string
  /** A live result younger than this is reused without asking the upstream. */
  reuseMs?: number
  /** With a good list known, how long a render waits for a fresh one. */
  patienceMs?: number
  fetch?: typeof fetch
  /** SPEC §9 8000 ms; tests pass less. */
  timeoutMs?: number
}

export interface ListStatus {
  source: string
  fetchedAt: number
  ageMs: number
  pairs: number
  language: string
}

interface Entry {
  loader: SymbolLoader
  last?: { result: SymbolListResult; at: number }
  regionId: string
}

const isLive = (result: SymbolListResult) => !isStale(result.provenance)
const asCached = (result: SymbolListResult) => asStale(result, Date.now())

export function createSymbolService(options: SymbolServiceOptions) {
  const { dir, reuseMs = 10_000, patienceMs = 1500 } = options
  const entries = new Map<string, Entry>()

  function entryFor(region: RegionConfig, language: Language): Entry {
    const key = `${region.apiBaseUrl} ${language.code}`
    let entry = entries.get(key)
    if (!entry) {
      const client = createHttpClient({ baseUrl: region.apiBaseUrl, fetch: timedFetch(options.fetch), language: { code: language.code, locale: language.locale } })
      // The caches hold one language's list each (lib/storage/keys.ts): one folder per loader.
      const storage = createFileStorage(join(dir, encodeURIComponent(key).replace(/%/g, '_')))
      const loader = createSymbolLoader({ client, storage, monitor: createServerMonitor(region.id), now: Date.now, language: language.code, timeoutMs: options.timeoutMs })
      entry = { loader, regionId: region.id }
      entries.set(key, entry)
    }
    return entry
  }

  /**
   * A language never loaded has no cache of its own; when its chain ends at the built-in sample,
   * the same upstream's freshest list in another language is the better stale copy.
   */
  function borrowIfBuiltin(entry: Entry, region: RegionConfig, result: SymbolListResult): SymbolListResult {
    if (result.provenance.source !== 'builtin') return result
    const borrowed = bestOtherList(entry, region)
    return borrowed ? asCached(borrowed) : result
  }

  /** The freshest good list another language of the same upstream has. */
  function bestOtherList(entry: Entry, region: RegionConfig): SymbolListResult | undefined {
    let best: SymbolListResult | undefined
    for (const [key, other] of entries) {
      const candidate = other.last?.result
      if (other === entry || !candidate || !key.startsWith(`${region.apiBaseUrl} `) || candidate.provenance.source === 'builtin') continue
      if (!best || candidate.provenance.fetchedAt > best.provenance.fetchedAt) best = candidate
    }
    return best
  }

  function record(entry: Entry, region: RegionConfig, result: SymbolListResult): SymbolListResult {
    entry.last = { result, at: Date.now() }
    const { source, fetchedAt } = result.provenance
    metrics.loads.inc({ source, region: region.id })
    metrics.cacheAge.set({ region: region.id }, Math.max(0, (Date.now() - fetchedAt) / 1000))
    if (!isLive(result)) metrics.stalePages.inc({ region: region.id, source })
    return result
  }

  /** The pair list for a region's page in a language, from the best source available. Never rejects. */
  async function getSymbolList(region: RegionConfig, language: Language): Promise<SymbolListResult> {
    const entry = entryFor(region, language)
    const previous = entry.last
    if (previous && isLive(previous.result) && Date.now() - previous.at < reuseMs) return previous.result
    const loading = entry.loader.load().then((loaded) => record(entry, region, borrowIfBuiltin(entry, region, loaded)))
    // What answers if the upstream is slow: this language's last good list, else another's.
    const fallback = previous && previous.result.provenance.source !== 'builtin' ? previous.result : bestOtherList(entry, region)
    if (!fallback) return loading
    // A slow or hung upstream must not hold a render for the chain's 2 × 8000 ms: after
    // patienceMs the last good list answers (as a cached copy) and the load goes on.
    let timer: ReturnType<typeof setTimeout> | undefined
    const patience = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), patienceMs)))
    const first = await Promise.race([loading, patience])
    clearTimeout(timer)
    if (first) return first
    metrics.stalePages.inc({ region: region.id, source: 'slow-upstream' })
    return asCached(fallback)
  }

  /** What /api/health reports: per region, the freshest list its pages were rendered from. */
  function status(): Record<string, ListStatus> {
    const byRegion: Record<string, ListStatus> = {}
    for (const [key, entry] of entries) {
      const last = entry.last
      if (!last) continue
      const previous = byRegion[entry.regionId]
      if (previous && previous.fetchedAt >= last.result.provenance.fetchedAt) continue
      byRegion[entry.regionId] = {
        source: last.result.provenance.source,
        fetchedAt: last.result.provenance.fetchedAt,
        ageMs: Date.now() - last.result.provenance.fetchedAt,
        pairs: last.result.symbols.length,
        language: key.split(' ')[1] ?? '',
      }
    }
    return byRegion
  }

  return { getSymbolList, status, isLive }
}

export type SymbolService = ReturnType<typeof createSymbolService>

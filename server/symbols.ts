import { join } from 'node:path'
import { createHttpClient } from '@/lib/http/client'
import { LANGUAGES, type Language } from '@/lib/i18n/languages'
import type { RegionConfig } from '@/lib/regions/config'
import { createSymbolLoader, type SymbolListResult, type SymbolLoader } from '@/lib/symbols'
import { createFileStorage } from './file-storage'
import { processSingleton } from './global'
import { createServerMonitor, metrics, timedFetch } from './observability'
import { getSiteConfig } from './site-config'

/**
 * Server-side pair lists: one loader per (upstream, language), shared by every page of the
 * process. A burst of page renders inside REUSE_MS shares one live result instead of each
 * asking the upstream (docs/decisions.md "Server pair-list reuse").
 */
const REUSE_MS = 10_000
/** How long a render waits for a fresh list when it already has a good one (docs/decisions.md). */
const PATIENCE_MS = 1500

interface Entry {
  loader: SymbolLoader
  last?: { result: SymbolListResult; at: number }
  regionId: string
}

const state = processSingleton('symbols', () => ({
  dir: process.env.SYMBOL_CACHE_DIR ?? join(process.cwd(), '.next', 'cache', 'spot-symbols'),
  entries: new Map<string, Entry>(),
}))

function entryFor(region: RegionConfig, language: Language): Entry {
  const key = `${region.apiBaseUrl} ${language.code}`
  let entry = state.entries.get(key)
  if (!entry) {
    const client = createHttpClient({ baseUrl: region.apiBaseUrl, fetch: timedFetch(), language: { code: language.code, locale: language.locale } })
    // The caches hold one language's list each (lib/storage/keys.ts): one folder per loader.
    const storage = createFileStorage(join(state.dir, encodeURIComponent(key).replace(/%/g, '_')))
    const loader = createSymbolLoader({ client, storage, monitor: createServerMonitor(region.id), now: Date.now, language: language.code })
    entry = { loader, regionId: region.id }
    state.entries.set(key, entry)
  }
  return entry
}

const isLive = (result: SymbolListResult) => result.provenance.source === 'v3+all' || result.provenance.source === 'v2'

/** The pair list for a region's page in a language, from the best source available. Never rejects. */
export async function getSymbolList(region: RegionConfig, language: Language): Promise<SymbolListResult> {
  const entry = entryFor(region, language)
  const previous = entry.last
  if (previous && isLive(previous.result) && Date.now() - previous.at < REUSE_MS) return previous.result
  const loading = entry.loader.load().then((loaded) => record(entry, region, borrowIfBuiltin(entry, region, loaded)))
  if (!previous || previous.result.provenance.source === 'builtin') return loading
  // A slow or hung upstream must not hold a render for the chain's 2 × 8000 ms: after
  // PATIENCE_MS the last good list answers (marked as a cached copy) and the load goes on.
  const patience = new Promise<null>((resolve) => setTimeout(() => resolve(null), PATIENCE_MS).unref?.())
  const first = await Promise.race([loading, patience])
  if (first) return first
  metrics.stalePages.inc({ region: region.id, source: 'slow-upstream' })
  return { ...previous.result, provenance: { ...previous.result.provenance, source: 'cache', ageMs: Date.now() - previous.result.provenance.fetchedAt } }
}

function record(entry: Entry, region: RegionConfig, result: SymbolListResult): SymbolListResult {
  entry.last = { result, at: Date.now() }
  const { source, fetchedAt } = result.provenance
  metrics.loads.inc({ source, region: region.id })
  metrics.cacheAge.set({ region: region.id }, Math.max(0, (Date.now() - fetchedAt) / 1000))
  if (!isLive(result)) metrics.stalePages.inc({ region: region.id, source })
  return result
}

/**
 * A language that was never loaded has no cache of its own; when its chain ends at the built-in
 * sample, the same upstream's list in another language is the better stale copy (the pairs are
 * the same; only display names may differ).
 */
function borrowIfBuiltin(entry: Entry, region: RegionConfig, result: SymbolListResult): SymbolListResult {
  if (result.provenance.source !== 'builtin') return result
  let best: SymbolListResult | undefined
  for (const [key, other] of state.entries) {
    const candidate = other.last?.result
    if (other === entry || !candidate || !key.startsWith(`${region.apiBaseUrl} `) || candidate.provenance.source === 'builtin') continue
    if (!best || candidate.provenance.fetchedAt > best.provenance.fetchedAt) best = candidate
  }
  if (!best) return result
  return { ...best, provenance: { ...best.provenance, source: 'cache', ageMs: Date.now() - best.provenance.fetchedAt } }
}

/** What /api/health reports: the last list each region's pages were rendered from. */
export function symbolListStatus(): Record<string, { source: string; fetchedAt: number; ageMs: number; pairs: number; language: string }> {
  const status: Record<string, { source: string; fetchedAt: number; ageMs: number; pairs: number; language: string }> = {}
  for (const [key, entry] of state.entries) {
    const last = entry.last
    if (!last) continue
    const previous = status[entry.regionId]
    if (previous && previous.fetchedAt >= last.result.provenance.fetchedAt) continue
    status[entry.regionId] = {
      source: last.result.provenance.source,
      fetchedAt: last.result.provenance.fetchedAt,
      ageMs: Date.now() - last.result.provenance.fetchedAt,
      pairs: last.result.symbols.length,
      language: key.split(' ')[1] ?? '',
    }
  }
  return status
}

/** Whether the main region's upstream gives a live list right now (build-time prerender gate). */
export async function upstreamIsLive(): Promise<boolean> {
  const main = getSiteConfig().regions.main
  return isLive(await getSymbolList(main, LANGUAGES[main.defaultLanguage]))
}

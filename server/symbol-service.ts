import { join } from 'node:path'
import { createHttpClient } from '@/lib/http/client'
import { createFailureBackoff } from '@/lib/http/failure-backoff'
import { withPatience } from '@/lib/http/patience'
import { LANGUAGES, type Language } from '@/lib/i18n/languages'
import type { RegionConfig } from '@/lib/regions/config'
import { builtinSymbolList, createSymbolCaches, createSymbolLoader, type SymbolListResult } from '@/lib/symbols'
import { isStale } from '@/lib/symbols/provenance'
import { asStale, loadStoredList } from '@/lib/symbols/stale'
import { seedOf, type SymbolCacheSeed } from '@/lib/symbols/seed'
import { createFileStorage } from './file-storage'
import { createServerMonitor, metrics, timedFetch } from './observability'
import { attemptMonitor, type Entry, type SymbolServiceOptions, type Upstream } from './symbol-entries'
import { describeRegion } from './symbol-status'
import { createFleetLists } from './symbol-fleet'

export type { SymbolServiceOptions } from './symbol-entries'

/**
 * Server-side pair lists: one loader per (upstream, language), shared by every page of the
 * process; one refresh at a time per upstream, failures backed off (docs/decisions.md "Server
 * pair-list reuse", "Server cache survives restarts", "Pair-list refresh: one at a time per
 * upstream, failures backed off").
 */
const isLive = (result: SymbolListResult) => !isStale(result.provenance)

export function createSymbolService(options: SymbolServiceOptions) {
  const { dir, reuseMs = 10_000, patienceMs = 1500, refreshMs = 60_000, now = Date.now, random = Math.random } = options
  const entries = new Map<string, Entry>()
  const upstreams = new Map<string, Upstream>()
  const fleet = options.shared && createFleetLists(options.shared, { reuseMs, now })
  // Written while Redis was away: shared again as soon as it answers (the fleet keeps the newer).
  options.shared?.onRecovered(() => Promise.all([...entries.values()].map((entry) => fleet?.push(entry))))

  function upstreamFor(region: RegionConfig): Upstream {
    let upstream = upstreams.get(region.apiBaseUrl)
    if (!upstream) upstreams.set(region.apiBaseUrl, (upstream = { backoff: createFailureBackoff({ now, random }) }))
    return upstream
  }

  function entryFor(region: RegionConfig, language: Language): Entry {
    const key = `${region.apiBaseUrl} ${language.code}`
    let entry = entries.get(key)
    if (!entry) {
      const client = createHttpClient({ baseUrl: region.apiBaseUrl, fetch: timedFetch(options.fetch), language: { code: language.code, locale: language.locale } })
      // The caches hold one language's list each (lib/symbols/storage-keys.ts): one folder per loader.
      const storage = createFileStorage(join(dir, encodeURIComponent(key).replace(/%/g, '_')))
      const created: Entry = { key, upstream: region.apiBaseUrl, language: language.code, storage, caches: createSymbolCaches(storage), failures: 0 }
      const monitor = attemptMonitor(createServerMonitor(region.id), created)
      created.loader = createSymbolLoader({ client, storage, monitor, now, language: language.code, timeoutMs: options.timeoutMs })
      entries.set(key, (entry = created))
    }
    return entry
  }

  /** This language's last good list: in memory, else the one stored on disk (read once found). */
  function goodOf(entry: Entry): SymbolListResult | undefined {
    entry.good ??= loadStoredList(entry.caches, now())
    return entry.good
  }

  /**
   * The freshest good list another language of the same upstream has, in memory or on disk: after
   * a restart during an outage, a language never rendered still finds the lists other languages
   * stored before it.
   */
  function bestOtherList(entry: Entry, region: RegionConfig): SymbolListResult | undefined {
    for (const code of region.languages) entryFor(region, LANGUAGES[code])
    let best: SymbolListResult | undefined
    for (const other of entries.values()) {
      if (other === entry || other.upstream !== entry.upstream) continue
      const candidate = goodOf(other)
      if (candidate && (!best || candidate.provenance.fetchedAt > best.provenance.fetchedAt)) best = candidate
    }
    return best
  }

  /** What answers without the upstream: this language's last good list, else another language's. */
  function fallbackFor(entry: Entry, region: RegionConfig): SymbolListResult | undefined {
    return goodOf(entry) ?? bestOtherList(entry, region)
  }

  /** Notes the list pages get; `loaded` when it came out of a load (counted in spot_symbol_loads_total). */
  function record(entry: Entry, region: RegionConfig, result: SymbolListResult, loaded = true): SymbolListResult {
    entry.last = { result, at: now() }
    const { source, fetchedAt } = result.provenance
    if (source !== 'builtin' && (!entry.good || fetchedAt >= entry.good.provenance.fetchedAt)) entry.good = result
    if (loaded) metrics.loads.inc({ source, region: region.id })
    metrics.cacheAge.set({ region: region.id }, Math.max(0, (now() - fetchedAt) / 1000))
    if (!isLive(result)) metrics.stalePages.inc({ region: region.id, source })
    return result
  }

  /** The list when the upstream may not be asked: the fallback as a cached copy, else the built-in sample. */
  function withoutUpstream(entry: Entry, region: RegionConfig): SymbolListResult {
    const fallback = fallbackFor(entry, region)
    return record(entry, region, fallback ? asStale(fallback, now()) : builtinSymbolList(now()), false)
  }

  /** One refresh at a time per upstream; after a failure, none until the backed-off time. */
  async function refresh(entry: Entry, region: RegionConfig): Promise<SymbolListResult> {
    const upstream = upstreamFor(region)
    while (upstream.busy) await upstream.busy
    if (!upstream.backoff.mayAttempt()) return withoutUpstream(entry, region)
    entry.attempt = []
    const run = entry.loader!.load()
    const busy: Promise<void> = run.then(() => {
      if (upstream.busy === busy) upstream.busy = undefined
    })
    upstream.busy = busy
    const loaded = await run
    if (isLive(loaded)) {
      upstream.backoff.succeeded()
      entry.failures = 0
      await fleet?.push(entry)
    } else {
      const first = entry.attempt.find((incident) => incident.message) ?? entry.attempt[0]
      upstream.backoff.failed({ code: first?.code, message: first?.message ?? `no live list (${loaded.provenance.source})` })
      entry.failures += 1
    }
    const fallback = loaded.provenance.source === 'builtin' ? bestOtherList(entry, region) : undefined
    return record(entry, region, fallback ? asStale(fallback, now()) : loaded)
  }

  /** The pair list for a region's page in a language, from the best source available. Never rejects. */
  async function getSymbolList(region: RegionConfig, language: Language): Promise<SymbolListResult> {
    const entry = entryFor(region, language)
    const previous = entry.last
    if (previous && isLive(previous.result) && now() - previous.at < reuseMs) return previous.result
    const shared = await fleet?.look(entry, {
      patienceMs,
      settle: (result) => record(entry, region, result, false),
      lastGood: () => (fallbackFor(entry, region) ? withoutUpstream(entry, region) : undefined),
    })
    if (shared) return shared
    const fallback = fallbackFor(entry, region)
    if (fallback && !upstreamFor(region).backoff.mayAttempt()) return withoutUpstream(entry, region)
    const loading = (entry.pending ??= refresh(entry, region).finally(() => (entry.pending = undefined)))
    if (!fallback) return loading
    // Not the chain's 2 × 8000 ms: after patienceMs the last good list answers as a cached copy.
    return withPatience(loading, patienceMs, () => {
      metrics.stalePages.inc({ region: region.id, source: 'slow-upstream' })
      return asStale(fallback, now())
    })
  }

  /** What /api/health reports for a region: its languages' lists and its upstream's failures. */
  function status(region: RegionConfig) {
    const mine = region.languages.map((code) => entries.get(`${region.apiBaseUrl} ${code}`)).filter((e): e is Entry => e !== undefined)
    return describeRegion(region, mine, upstreamFor(region).backoff.state(), { now: now(), refreshMs })
  }

  /** The region's languages worth asking for now: the default one, and each loaded one whose list is not live or is past its refresh time. */
  function dueLanguages(region: RegionConfig): RegionConfig['languages'][number][] {
    return region.languages.filter((code) => {
      const last = entries.get(`${region.apiBaseUrl} ${code}`)?.last
      if (!last) return code === region.defaultLanguage
      return !isLive(last.result) || now() - last.result.provenance.fetchedAt > refreshMs
    })
  }

  /** The browser's cache seed for a rendered list: only a live list of this process's own last load has one. */
  function cacheSeed(region: RegionConfig, language: Language, result: SymbolListResult): SymbolCacheSeed | undefined {
    return seedOf(entryFor(region, language).storage, result)
  }

  return { getSymbolList, status, isLive, dueLanguages, cacheSeed }
}

export type SymbolService = ReturnType<typeof createSymbolService>

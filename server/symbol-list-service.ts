import type { Language } from '@/lib/i18n/languages'
import type { RegionConfig } from '@/lib/regions/config'
import { builtinSymbolList, type SymbolListResult } from '@/lib/symbols'
import { isStale } from '@/lib/symbols/provenance'
import { seedOf, type SymbolCacheSeed } from '@/lib/symbols/seed'
import { asStale } from '@/lib/symbols/stale'
import { metrics } from './observability'
import { createFleetLists } from './symbol-list-fleet'
import type { SharedListStore } from './symbol-list-shared'
import { createListSlots, type SymbolListSlot } from './symbol-list-slot'
import { describeRegion } from './symbol-list-status'
import { createRefresher } from './refresh'
import { createUpstreams, type Attempt } from './upstream'

export interface SymbolListServiceOptions {
  /** Where the last good lists are kept across restarts. */
  dir: string
  /** A live result younger than this is reused without asking the upstream. */
  reuseMs?: number
  /** With a good list known, how long a render waits for a fresh one. */
  patienceMs?: number
  /** A list older than this is past its refresh time (the pair pages' revalidate period). */
  refreshMs?: number
  fetch?: typeof fetch
  /** SPEC §9 8000 ms; tests pass less. */
  timeoutMs?: number
  now?: () => number
  random?: () => number
  /** Fleet mode: the symbol lists and refresh leases every instance shares (absent: this process alone). */
  shared?: SharedListStore
}

/**
 * Server-side symbol lists: one slot per (upstream, language), shared by every page of the
 * process; one refresh at a time per upstream, failures backed off (docs/decisions/pages.md "Server
 * symbol-list reuse", "Server symbol-list reuse").
 */
const isLive = (result: SymbolListResult) => !isStale(result.provenance)

export function createSymbolListService(options: SymbolListServiceOptions) {
  const { reuseMs = 10_000, patienceMs = 1500, refreshMs = 60_000, now = Date.now, random = Math.random } = options
  const slots = createListSlots({ dir: options.dir, fetch: options.fetch, timeoutMs: options.timeoutMs, now })
  const upstreamOf = createUpstreams({ now, random })
  const refreshed = createRefresher<SymbolListResult>(patienceMs)
  const fleet = options.shared && createFleetLists(options.shared, { reuseMs, now })
  // Written while Redis was away: shared again as soon as it answers (the fleet keeps the newer).
  options.shared?.onRecovered(() => Promise.all(slots.all().map((slot) => fleet?.push(slot))))

  /** Notes the list pages get; `fromLoad` when it came out of a load (counted in spot_symbol_loads_total). */
  function record(slot: SymbolListSlot, region: RegionConfig, result: SymbolListResult, { fromLoad }: { fromLoad: boolean }): SymbolListResult {
    slot.state = { phase: 'answered', result, at: now() }
    const { source, fetchedAt } = result.provenance
    if (source !== 'builtin') slot.lastGood.keep(result)
    if (fromLoad) metrics.loads.inc({ source, region: region.id })
    metrics.cacheAge.set({ region: region.id }, Math.max(0, (now() - fetchedAt) / 1000))
    if (!isLive(result)) metrics.stalePages.inc({ region: region.id, source })
    return result
  }

  /** The list when the upstream may not be asked: the fallback as a cached copy, else the built-in sample. */
  function withoutUpstream(slot: SymbolListSlot, region: RegionConfig): SymbolListResult {
    const fallback = slots.fallback(slot, region)
    return record(slot, region, fallback ? asStale(fallback, now()) : builtinSymbolList(now()), { fromLoad: false })
  }

  /** One run of the chain; a failure is told by its first incident with a message. */
  async function attempt(slot: SymbolListSlot): Promise<Attempt<SymbolListResult>> {
    slot.incidents.splice(0)
    const loaded = await slot.loader.load()
    if (isLive(loaded)) return { outcome: 'live', value: loaded }
    const first = slot.incidents.find((incident) => incident.message) ?? slot.incidents[0]
    return { outcome: 'failed', value: loaded, error: { code: first?.code, message: first?.message ?? `no live list (${loaded.provenance.source})` } }
  }

  async function refresh(slot: SymbolListSlot, region: RegionConfig): Promise<SymbolListResult> {
    const done = await upstreamOf(region.apiBaseUrl).refresh(() => attempt(slot))
    if (done.outcome === 'backed-off') return withoutUpstream(slot, region)
    if (done.outcome === 'live') {
      slot.failures = 0
      await fleet?.push(slot)
    } else slot.failures += 1
    const fallback = done.value.provenance.source === 'builtin' ? slots.borrowed(slot, region) : undefined
    return record(slot, region, fallback ? asStale(fallback, now()) : done.value, { fromLoad: true })
  }

  /** The symbol list for a region's page in a language, from the best source available. Never rejects. */
  async function getSymbolList(region: RegionConfig, language: Language): Promise<SymbolListResult> {
    const slot = slots.slotFor(region, language)
    const { state } = slot
    if (state.phase === 'answered' && isLive(state.result) && now() - state.at < reuseMs) return state.result
    const shared = await fleet?.look(slot, {
      patienceMs,
      record: (result) => record(slot, region, result, { fromLoad: false }),
      lastGood: () => (slots.fallback(slot, region) ? withoutUpstream(slot, region) : undefined),
    })
    if (shared) return shared
    const fallback = slots.fallback(slot, region)
    return refreshed(
      slot.key,
      upstreamOf(region.apiBaseUrl),
      () => refresh(slot, region),
      fallback && {
        backedOff: () => withoutUpstream(slot, region),
        // Not the chain's 2 × 8000 ms: after patienceMs the last good list answers as a cached copy.
        slow: () => {
          metrics.stalePages.inc({ region: region.id, source: 'slow-upstream' })
          return asStale(fallback, now())
        },
      },
    )
  }

  /** What /api/health reports for a region: its languages' lists and its upstream's failures. */
  function status(region: RegionConfig) {
    return describeRegion(region, slots.of(region), upstreamOf(region.apiBaseUrl).backoff.state(), { now: now(), refreshMs })
  }

  /** The region's languages worth asking for now: the default one, and each answered one whose list is not live or is past its refresh time. */
  function dueLanguages(region: RegionConfig): RegionConfig['languages'][number][] {
    return region.languages.filter((code) => {
      const state = slots.find(region, code)?.state
      if (state?.phase !== 'answered') return code === region.defaultLanguage
      return !isLive(state.result) || now() - state.result.provenance.fetchedAt > refreshMs
    })
  }

  /** The browser's cache seed for a rendered list: only a live list of this process's own last load has one. */
  function cacheSeed(region: RegionConfig, language: Language, result: SymbolListResult): SymbolCacheSeed | undefined {
    return seedOf(slots.slotFor(region, language).storage, result)
  }

  /**
   * The list the last ask answered, without asking again (a resource derived from the page's list
   * must not refresh it: docs/decisions/pages.md "The whole list is one immutable resource"); a
   * language never asked is asked now.
   */
  function lastSymbolList(region: RegionConfig, language: Language): Promise<SymbolListResult> {
    const { state } = slots.slotFor(region, language)
    return state.phase === 'answered' ? Promise.resolve(state.result) : getSymbolList(region, language)
  }

  return { getSymbolList, lastSymbolList, status, isLive, dueLanguages, cacheSeed }
}

export type SymbolListService = ReturnType<typeof createSymbolListService>

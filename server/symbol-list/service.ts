import { LANGUAGES, type Language } from '@/lib/i18n/languages'
import type { RegionConfig } from '@/lib/regions/config'
import { builtinSymbolList, type SymbolListResult } from '@/lib/symbols'
import { isStale } from '@/lib/symbols/provenance'
import { seedOf, type SymbolCacheSeed } from '@/lib/symbols/seed'
import { asStale } from '@/lib/symbols/stale'
import type { SharedCopies } from '../fleet/shared-copies'
import { createFeed } from '../feeds/feed'
import { metrics } from '../ops/observability'
import { listKey, openListSource, type ListFields, type ListRead, type SymbolListSource } from './source'
import { describeRegion } from './status'

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
  shared?: SharedCopies<ListFields>
}

/** How often an instance waiting for another's refresh looks at the fleet's copy. */
const FLEET_COPY_POLL_MS = 100

const isLive = (result: SymbolListResult) => !isStale(result.provenance)

/**
 * Server-side symbol lists: a feed (./feeds/feed.ts) keyed by (upstream, language), shared by
 * every page of the process (docs/decisions/pages.md "Server symbol-list reuse"). Its
 * configuration: a live list answered within `reuseMs` is reused; a render that cannot wait gets
 * the last good list as a cached copy (another language's of the same upstream when its own has
 * none), else the built-in sample; in fleet mode it waits at most `patienceMs` for the lease
 * holder's copy, polled every 100 ms.
 */
export function createSymbolListService(options: SymbolListServiceOptions) {
  const { reuseMs = 10_000, patienceMs = 1500, refreshMs = 60_000, now = Date.now, random = Math.random } = options
  const sources = { dir: options.dir, fetch: options.fetch, timeoutMs: options.timeoutMs, now, borrow }
  const feed = createFeed<SymbolListResult, ListRead, ListFields, SymbolListSource>({
    reuseMs,
    patienceMs,
    pollMs: FLEET_COPY_POLL_MS,
    waitUnknownMs: patienceMs,
    now,
    random,
    shared: options.shared,
    fetchedAt: (list) => list.provenance.fetchedAt,
    open: (_key, read) => openListSource(read, sources),
    reuse: ({ answered }) => (answered && isLive(answered.value) && now() - answered.at < reuseMs ? answered.value : undefined),
    keeps: (list) => list.provenance.source !== 'builtin',
    borrow: (_view, read) => borrow(read),
    // Not the chain's 2 × 8000 ms: the last good list answers as a cached copy.
    stale: (lastGood) => (lastGood ? asStale(lastGood, now()) : builtinSymbolList(now())),
    answered(list, { region }, how) {
      if (how === 'slow') return void metrics.stalePages.inc({ region: region.id, source: 'slow-upstream' })
      const { source, fetchedAt } = list.provenance
      if (how === 'load') metrics.loads.inc({ source, region: region.id })
      metrics.cacheAge.set({ region: region.id }, Math.max(0, (now() - fetchedAt) / 1000))
      if (!isLive(list)) metrics.stalePages.inc({ region: region.id, source })
    },
  })
  const keyOf = (region: RegionConfig, code: string) => listKey(region.apiBaseUrl, code)

  /**
   * The freshest good list another language of the same upstream has, in memory or on disk: after
   * a restart during an outage, a language never rendered still finds the lists other languages
   * stored before it.
   */
  function borrow({ region, language }: ListRead): SymbolListResult | undefined {
    for (const code of region.languages) feed.open(keyOf(region, code), { region, language: LANGUAGES[code] })
    let best: SymbolListResult | undefined
    for (const other of feed.views()) {
      if (other.key === keyOf(region, language.code) || other.source.upstream !== region.apiBaseUrl) continue
      const candidate = other.lastGood.get()
      if (candidate && (!best || candidate.provenance.fetchedAt > best.provenance.fetchedAt)) best = candidate
    }
    return best
  }

  /** The symbol list for a region's page in a language, from the best source available. Never rejects. */
  function getSymbolList(region: RegionConfig, language: Language): Promise<SymbolListResult> {
    return feed.read(keyOf(region, language.code), { region, language })
  }

  /** The lists read for a region's languages. */
  const viewsOf = (region: RegionConfig) => region.languages.flatMap((code) => feed.find(keyOf(region, code)) ?? [])

  /** What /api/health reports for a region: its languages' lists and its upstream's failures. */
  function status(region: RegionConfig) {
    return describeRegion(region, viewsOf(region), feed.upstream(region.apiBaseUrl).backoff.state(), { now: now(), refreshMs })
  }

  /** The region's languages worth asking for now: the default one, and each answered one whose list is not live or is past its refresh time. */
  function dueLanguages(region: RegionConfig): RegionConfig['languages'][number][] {
    return region.languages.filter((code) => {
      const answered = feed.find(keyOf(region, code))?.answered
      if (!answered) return code === region.defaultLanguage
      return !isLive(answered.value) || now() - answered.value.provenance.fetchedAt > refreshMs
    })
  }

  /** The browser's cache seed for a rendered list: only a live list of this process's own last load has one. */
  function cacheSeed(region: RegionConfig, language: Language, result: SymbolListResult): SymbolCacheSeed | undefined {
    return seedOf(feed.open(keyOf(region, language.code), { region, language }).source.storage, result)
  }

  /**
   * The list the last ask answered, without asking again (a resource derived from the page's list
   * must not refresh it: docs/decisions/pages.md "The whole list is one immutable resource"); a
   * language never asked is asked now.
   */
  function lastSymbolList(region: RegionConfig, language: Language): Promise<SymbolListResult> {
    const answered = feed.find(keyOf(region, language.code))?.answered
    return answered ? Promise.resolve(answered.value) : getSymbolList(region, language)
  }

  return { getSymbolList, lastSymbolList, status, isLive, dueLanguages, cacheSeed }
}

export type SymbolListService = ReturnType<typeof createSymbolListService>

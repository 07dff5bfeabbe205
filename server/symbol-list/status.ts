import type { FailureBackoffState } from '@/lib/http/failure-backoff'
import type { RegionConfig } from '@/lib/regions/config'
import { isStale } from '@/lib/symbols/provenance'
import type { SymbolListResult } from '@/lib/symbols'
import type { FeedView } from '../feeds/feed'
import type { SymbolListSource } from './source'

type ListView = FeedView<SymbolListResult, SymbolListSource>

/**
 * What /api/health says about one region's symbol lists (docs/decisions/pages.md "Health, liveness and
 * readiness"): each language's list on its own, so one language's good list never hides
 * another's failures, and the upstream's remembered failures.
 */
export interface LanguageListStatus {
  language: string
  source: string
  fetchedAt: string
  ageMs: number
  pairs: number
  /** Older than the refresh period (the pair pages' revalidate time). */
  pastRefresh: boolean
  consecutiveFailures: number
}

export interface RegionListStatus {
  status: 'ok' | 'degraded'
  /** The list of the region's default language, else its worst-off language's; null before any render. */
  source: string | null
  ageMs: number | null
  pastRefresh: boolean
  /** Whether some list of the region is usable (not the built-in sample): what readiness asks. */
  usable: boolean
  lastError: { code: number | null; message: string; at: string } | null
  consecutiveFailures: number
  nextRetryAt: string | null
  languages: LanguageListStatus[]
}

const iso = (ms: number) => new Date(ms).toISOString()

function describeLanguage(list: ListView, now: number, refreshMs: number): LanguageListStatus | undefined {
  if (!list.answered) return undefined
  const result = list.answered.value
  const ageMs = Math.max(0, now - result.provenance.fetchedAt)
  return {
    language: list.source.language,
    source: result.provenance.source,
    fetchedAt: iso(result.provenance.fetchedAt),
    ageMs,
    pairs: result.symbols.length,
    pastRefresh: ageMs > refreshMs,
    consecutiveFailures: list.failures,
  }
}

const isHealthy = (list: LanguageListStatus) => !isStale({ source: list.source as never }) && !list.pastRefresh && list.consecutiveFailures === 0

export function describeRegion(
  region: RegionConfig,
  lists: ListView[],
  upstream: FailureBackoffState,
  { now, refreshMs }: { now: number; refreshMs: number },
): RegionListStatus {
  const languages = lists.map((list) => describeLanguage(list, now, refreshMs)).filter((l): l is LanguageListStatus => l !== undefined)
  const shown = languages.find((l) => l.language === region.defaultLanguage) ?? languages.find((l) => !isHealthy(l)) ?? languages[0]
  const failing = upstream.consecutiveFailures > 0
  const ok = languages.length > 0 && languages.every(isHealthy) && !failing
  return {
    status: ok ? 'ok' : 'degraded',
    source: shown?.source ?? null,
    ageMs: shown?.ageMs ?? null,
    pastRefresh: shown?.pastRefresh ?? false,
    usable: lists.some((list) => list.lastGood.peek() !== undefined),
    lastError: upstream.lastError ? { code: upstream.lastError.code ?? null, message: upstream.lastError.message, at: iso(upstream.lastError.at) } : null,
    consecutiveFailures: upstream.consecutiveFailures,
    nextRetryAt: failing ? iso(upstream.nextAttemptAt) : null,
    languages,
  }
}

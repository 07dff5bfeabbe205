import type { FailureBackoffState } from '@/lib/http/failure-backoff'
import type { RegionConfig } from '@/lib/regions/config'
import { isStale } from '@/lib/symbols/provenance'
import type { SymbolListSlot } from './symbol-list-slot'

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

function describeLanguage(slot: SymbolListSlot, now: number, refreshMs: number): LanguageListStatus | undefined {
  if (slot.state.phase !== 'answered') return undefined
  const { result } = slot.state
  const ageMs = Math.max(0, now - result.provenance.fetchedAt)
  return {
    language: slot.language,
    source: result.provenance.source,
    fetchedAt: iso(result.provenance.fetchedAt),
    ageMs,
    pairs: result.symbols.length,
    pastRefresh: ageMs > refreshMs,
    consecutiveFailures: slot.failures,
  }
}

const isHealthy = (list: LanguageListStatus) => !isStale({ source: list.source as never }) && !list.pastRefresh && list.consecutiveFailures === 0

export function describeRegion(
  region: RegionConfig,
  slots: SymbolListSlot[],
  upstream: FailureBackoffState,
  { now, refreshMs }: { now: number; refreshMs: number },
): RegionListStatus {
  const languages = slots.map((slot) => describeLanguage(slot, now, refreshMs)).filter((l): l is LanguageListStatus => l !== undefined)
  const shown = languages.find((l) => l.language === region.defaultLanguage) ?? languages.find((l) => !isHealthy(l)) ?? languages[0]
  const failing = upstream.consecutiveFailures > 0
  const ok = languages.length > 0 && languages.every(isHealthy) && !failing
  return {
    status: ok ? 'ok' : 'degraded',
    source: shown?.source ?? null,
    ageMs: shown?.ageMs ?? null,
    pastRefresh: shown?.pastRefresh ?? false,
    usable: slots.some((slot) => slot.lastGood.peek() !== undefined),
    lastError: upstream.lastError ? { code: upstream.lastError.code ?? null, message: upstream.lastError.message, at: iso(upstream.lastError.at) } : null,
    consecutiveFailures: upstream.consecutiveFailures,
    nextRetryAt: failing ? iso(upstream.nextAttemptAt) : null,
    languages,
  }
}

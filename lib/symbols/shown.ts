import { NORMAL_PAGE_MAX_AGE_MS } from '../page-age'
import type { Provenance, SymbolSource } from './provenance'

/**
 * What a symbol list's label says when it is shown, not when it was produced (docs/decisions/pages.md
 * "Provenance labels tell the age when shown"). A list from the upstream is "live" as long as a
 * page is in normal service (its revalidate period plus expireTime: lib/page-age.ts); older, it
 * is a cached copy (a page kept through an outage, a browser that kept it), labelled as such with
 * its age. The built-in sample is never live and has no age: it never came from the upstream.
 */
export const LIVE_MAX_AGE_MS = NORMAL_PAGE_MAX_AGE_MS

export type ShownState = 'live' | 'stale' | 'sample'

export interface ShownProvenance {
  state: ShownState
  /** The source to name: the list's own, or 'cache' once it is too old to be live. */
  source: SymbolSource
  /** Age when shown; null for the built-in sample. */
  ageMs: number | null
}

/** `now` null: no clock yet (the server render); the age the list had then is used. */
export function provenanceAsShown(provenance: Pick<Provenance, 'source' | 'fetchedAt' | 'ageMs'>, now: number | null): ShownProvenance {
  if (provenance.source === 'builtin') return { state: 'sample', source: 'builtin', ageMs: null }
  const ageMs = now === null ? (provenance.ageMs ?? 0) : Math.max(0, now - provenance.fetchedAt)
  if (provenance.source === 'cache' || ageMs > LIVE_MAX_AGE_MS) return { state: 'stale', source: 'cache', ageMs }
  return { state: 'live', source: provenance.source, ageMs }
}

/** Rank in the SPEC §4 chain: a list from the upstream, then a cached copy, then the sample. */
function rank(source: SymbolSource): number {
  return source === 'builtin' ? 0 : source === 'cache' ? 1 : 2
}

/**
 * The chain's rule where lists meet after loading (the browser's shown list vs its own load):
 * a list from the upstream now replaces what is shown; a cached copy replaces the built-in
 * sample whatever their ages, and another cached copy or a live list only when it is newer;
 * the built-in sample never replaces a list. A list that keeps its place after a failed load is
 * relabelled a cached copy with its real age (it is no longer what the upstream says now).
 */
export function preferList<T extends { provenance: Provenance }>(current: T | undefined, incoming: T, now: number, isEmpty: (list: T) => boolean): T {
  if (!current || rank(incoming.provenance.source) === 2) return incoming
  const incomingWins =
    !isEmpty(incoming) &&
    (rank(incoming.provenance.source) > rank(current.provenance.source) ||
      (rank(incoming.provenance.source) === 1 && incoming.provenance.fetchedAt > current.provenance.fetchedAt))
  if (incomingWins) return incoming
  if (current.provenance.source === 'builtin') return current
  const { fetchedAt, dropped } = current.provenance
  return { ...current, provenance: { source: 'cache', fetchedAt, ageMs: Math.max(0, now - fetchedAt), dropped } }
}

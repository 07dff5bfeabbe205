import fc from 'fast-check'
import type { Provenance, SymbolSource } from './provenance'
import { LIVE_MAX_AGE_MS, preferList, provenanceAsShown } from './shown'

const T0 = Date.UTC(2026, 10, 21, 12)
const MIN = 60_000

type List = { provenance: Provenance; pairs: number }
const list = (source: SymbolSource, fetchedAt: number, pairs = 600): List => ({ provenance: { source, fetchedAt, dropped: 0 }, pairs })
const prefer = (current: List | undefined, incoming: List, now: number) => preferList(current, incoming, now, (l) => l.pairs === 0)

describe('provenance as shown (the label tells the age and source when shown)', () => {
  it('a page rendered from the live list 44 minutes ago is a cached copy, 44 minutes old', () => {
    expect(provenanceAsShown(list('v3+all', T0).provenance, T0 + 44 * MIN)).toEqual({ state: 'stale', source: 'cache', ageMs: 44 * MIN })
  })

  it('a live or backup list is live for 15 min after it left the upstream, not a millisecond more', () => {
    expect(LIVE_MAX_AGE_MS).toBe(15 * 60_000)
    expect(provenanceAsShown(list('v3+all', T0).provenance, T0 + LIVE_MAX_AGE_MS)).toEqual({ state: 'live', source: 'v3+all', ageMs: LIVE_MAX_AGE_MS })
    expect(provenanceAsShown(list('v2', T0).provenance, T0 + 30_000)).toEqual({ state: 'live', source: 'v2', ageMs: 30_000 })
    expect(provenanceAsShown(list('v2', T0).provenance, T0 + LIVE_MAX_AGE_MS + 1).state).toBe('stale')
  })

  it('the server render (no clock yet) uses the age the list had when rendered', () => {
    expect(provenanceAsShown(list('v3+all', T0).provenance, null)).toEqual({ state: 'live', source: 'v3+all', ageMs: 0 })
    expect(provenanceAsShown({ ...list('cache', T0).provenance, ageMs: 5 * MIN }, null)).toEqual({ state: 'stale', source: 'cache', ageMs: 5 * MIN })
  })

  it('a cached copy is stale at any age, and a clock behind the server never gives a negative age', () => {
    expect(provenanceAsShown(list('cache', T0).provenance, T0)).toEqual({ state: 'stale', source: 'cache', ageMs: 0 })
    expect(provenanceAsShown(list('v3+all', T0).provenance, T0 - 5000).ageMs).toBe(0)
  })

  it('the built-in sample is never live and has no age, though it is stamped "now"', () => {
    for (const now of [null, T0, T0 + 1, T0 + 600 * MIN]) {
      expect(provenanceAsShown(list('builtin', T0).provenance, now)).toEqual({ state: 'sample', source: 'builtin', ageMs: null })
    }
  })
})

describe('preferList (the chain rule where lists meet)', () => {
  it('a cached list beats the built-in sample whatever their ages', () => {
    // The sample stamped "now" (an hour after the cached list was saved) must not hide it.
    const shown = prefer(list('builtin', T0 + 60 * MIN, 2), list('cache', T0), T0 + 60 * MIN)
    expect(shown).toEqual(list('cache', T0))
  })

  it('the built-in sample never replaces a list, and the kept list says how old it is', () => {
    expect(prefer(list('v3+all', T0), list('builtin', T0 + 44 * MIN, 2), T0 + 44 * MIN)).toEqual({
      pairs: 600,
      provenance: { source: 'cache', fetchedAt: T0, ageMs: 44 * MIN, dropped: 0 },
    })
    expect(prefer(list('cache', T0), list('builtin', T0 + MIN, 2), T0 + MIN).provenance).toEqual({ source: 'cache', fetchedAt: T0, ageMs: MIN, dropped: 0 })
  })

  it('the sample kept over the sample is still labelled the sample, never a cached copy', () => {
    expect(prefer(list('builtin', T0, 2), list('builtin', T0 + MIN, 2), T0 + MIN).provenance.source).toBe('builtin')
  })

  it('cached copies: the newer one wins; an older one leaves the shown list, relabelled', () => {
    expect(prefer(list('v3+all', T0), list('cache', T0 + 10, 650), T0 + 20).pairs).toBe(650)
    expect(prefer(list('v3+all', T0), list('cache', T0 - 1), T0 + 5).provenance).toEqual({ source: 'cache', fetchedAt: T0, ageMs: 5, dropped: 0 })
    expect(prefer(list('builtin', T0, 2), list('cache', T0, 0), T0).pairs).toBe(2) // an empty list replaces nothing
  })

  it('a list from the upstream now always wins; with nothing shown, anything is shown', () => {
    expect(prefer(list('cache', T0 + 5), list('v2', T0 + 1, 3), T0 + 6)).toEqual(list('v2', T0 + 1, 3))
    expect(prefer(undefined, list('builtin', T0, 2), T0)).toEqual(list('builtin', T0, 2))
  })

  it('property: the shown source never gets worse, and the sample is only shown when both are the sample', () => {
    const rank = { builtin: 0, cache: 1, v2: 2, 'v3+all': 2 } as const
    const arb = fc.record({
      source: fc.constantFrom<SymbolSource>('v3+all', 'v2', 'cache', 'builtin'),
      at: fc.integer({ min: 0, max: 10 * 60 * MIN }),
      pairs: fc.integer({ min: 1, max: 900 }),
    })
    fc.assert(
      fc.property(arb, arb, (a, b) => {
        const now = T0 + 20 * 60 * MIN
        const shown = prefer(list(a.source, T0 + a.at, a.pairs), list(b.source, T0 + b.at, b.pairs), now)
        expect(rank[shown.provenance.source]).toBeGreaterThanOrEqual(Math.min(rank[a.source], 1))
        expect(shown.provenance.source === 'builtin').toBe(a.source === 'builtin' && b.source === 'builtin')
      }),
    )
  })
})

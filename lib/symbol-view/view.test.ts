import { builtinSymbolList } from '../symbols/builtin'
import { isStale } from '../symbols/provenance'
import { LIVE_MAX_AGE_MS } from '../symbols/shown'
import { filterSymbols, keepUnchanged, LIST_REFRESH_MS, preferBetter, firstRevalidation, toSymbolListView, type SymbolListView } from './view'

const T0 = Date.UTC(2026, 10, 21)

function view(source: SymbolListView['provenance']['source'], fetchedAt: number, pairs = 2): SymbolListView {
  const base = toSymbolListView(builtinSymbolList(fetchedAt))
  return { ...base, pairCount: pairs, provenance: { ...base.provenance, source, fetchedAt } }
}

describe('symbol list view', () => {
  it('projects the built-in list into rows under USDT', () => {
    const v = toSymbolListView(builtinSymbolList(T0))
    expect(v.groups.map((g) => g.tokenId)).toEqual(['USDT'])
    expect(v.groups[0]?.rows.map((r) => `${r.base}/${r.quote}`)).toEqual(['BTC/USDT', 'ETH/USDT'])
    expect(v.pairCount).toBe(2)
  })

  it('filters by tab, tag and search (base, quote, full name, joined pair)', () => {
    const v = toSymbolListView(builtinSymbolList(T0))
    const tab = { kind: 'quote' as const, tokenId: 'USDT' }
    expect(filterSymbols(v, { tab, tag: null, query: 'eth' }).map((r) => r.symbolId)).toEqual(['ETHUSDT'])
    expect(filterSymbols(v, { tab, tag: null, query: 'bitcoin' }).map((r) => r.symbolId)).toEqual(['BTCUSDT'])
    expect(filterSymbols(v, { tab, tag: null, query: 'btc/usdt' }).map((r) => r.symbolId)).toEqual(['BTCUSDT'])
    expect(filterSymbols(v, { tab, tag: 'no-such-tag', query: '' })).toEqual([])
    expect(filterSymbols(v, { tab: { kind: 'fiat' }, tag: null, query: '' })).toEqual([])
  })

  it('never replaces a list with the built-in sample or an older cached copy', () => {
    const live = view('v3+all', T0)
    expect(preferBetter(live, view('builtin', T0 + 60_000), T0 + 60_000)).toMatchObject({
      pairCount: 2,
      provenance: { source: 'cache', fetchedAt: T0, ageMs: 60_000 },
    })
    expect(preferBetter(live, view('cache', T0 - 1), T0 + 5).provenance).toMatchObject({ source: 'cache', fetchedAt: T0 })
    expect(preferBetter(live, view('cache', T0 + 10, 600), T0 + 20).pairCount).toBe(600)
    expect(preferBetter(live, view('v2', T0 + 10, 3), T0 + 20).provenance.source).toBe('v2')
    expect(preferBetter(undefined, view('builtin', T0), T0).provenance.source).toBe('builtin')
  })

  it("shows the browser's cached list over the built-in sample, even a sample stamped later", () => {
    const sample = view('builtin', T0 + 3_600_000)
    expect(preferBetter(sample, view('cache', T0, 600), T0 + 3_600_000)).toMatchObject({ pairCount: 600, provenance: { source: 'cache', fetchedAt: T0 } })
    expect(preferBetter(sample, view('builtin', T0 + 3_700_000), T0 + 3_700_000).provenance.source).toBe('builtin')
  })

  it('calls cached and built-in lists stale', () => {
    expect(isStale(view('cache', T0).provenance)).toBe(true)
    expect(isStale(view('builtin', T0).provenance)).toBe(true)
    expect(isStale(view('v2', T0).provenance)).toBe(false)
  })
})

describe('keepUnchanged', () => {
  const fresh = () => toSymbolListView(builtinSymbolList(T0))

  it('keeps every row, group and the group list of an unchanged list; the provenance is the new one', () => {
    const before = fresh()
    const again = { ...fresh(), provenance: { ...before.provenance, fetchedAt: T0 + 60_000 } }
    const kept = keepUnchanged(before, again)
    expect(kept.groups).toBe(before.groups)
    expect(kept.provenance.fetchedAt).toBe(T0 + 60_000)
  })

  it('takes a changed row as new, keeps its unchanged neighbours, and a group with a new row or order is new', () => {
    const before = fresh()
    const changed = fresh()
    const [btc, eth] = changed.groups[0]!.rows
    changed.groups[0]!.rows = [{ ...btc!, volume: '1' }, eth!]
    const kept = keepUnchanged(before, changed)
    expect(kept.groups).not.toBe(before.groups)
    expect(kept.groups[0]!.rows[0]).toBe(changed.groups[0]!.rows[0])
    expect(kept.groups[0]!.rows[1]).toBe(before.groups[0]!.rows[1])
    const reordered = fresh()
    reordered.groups[0]!.rows.reverse()
    const moved = keepUnchanged(before, reordered)
    expect(moved.groups[0]).not.toBe(before.groups[0])
    expect(moved.groups[0]!.rows.map((r) => r.symbolId)).toEqual(['ETHUSDT', 'BTCUSDT'])
    expect(moved.groups[0]!.rows[0]).toBe(before.groups[0]!.rows[1])
  })

  it('compares tags and leverage by value', () => {
    const before = fresh()
    const tagged = fresh()
    tagged.groups[0]!.rows[0] = { ...tagged.groups[0]!.rows[0]!, tags: [...tagged.groups[0]!.rows[0]!.tags, 'new'] }
    expect(keepUnchanged(before, tagged).groups[0]!.rows[0]!.tags).toContain('new')
    const levered = fresh()
    levered.groups[0]!.rows[1] = { ...levered.groups[0]!.rows[1]!, leveraged: { direction: 'LONG', ratio: 3 } }
    expect(keepUnchanged(before, levered).groups[0]!.rows[1]!.leveraged).toEqual({ direction: 'LONG', ratio: 3 })
    expect(keepUnchanged(levered, { ...levered }).groups).toBe(levered.groups)
  })
})

describe('firstRevalidation', () => {
  const now = 1_800_000_000_000
  it.each([
    ['a live list rendered 10 s ago waits for the next refresh', 'v3+all', now - 10_000, 'at-refresh'],
    ['a live v2 list rendered 59.999 s ago waits', 'v2', now - 59_999, 'at-refresh'],
    ['a live list exactly one refresh old is asked about once the page is quiet', 'v3+all', now - LIST_REFRESH_MS, 'after-quiet'],
    ['a live list still labelled live (120 s) is asked about once the page is quiet', 'v2', now - LIVE_MAX_AGE_MS, 'after-quiet'],
    ['a list labelled a cached copy by its age (120.001 s) is asked about at once', 'v3+all', now - LIVE_MAX_AGE_MS - 1, 'on-mount'],
    ['a live list 44 minutes old is asked about at once', 'v3+all', now - 44 * 60_000, 'on-mount'],
    ["a list from the future (the browser's clock behind) waits for the refresh", 'v3+all', now + 3_600_000, 'at-refresh'],
    ['a cached copy is asked about at once, however young', 'cache', now - 1000, 'on-mount'],
    ['the built-in sample is asked about at once', 'builtin', now, 'on-mount'],
  ] as const)('%s', (_name, source, fetchedAt, expected) => {
    expect(firstRevalidation({ source, fetchedAt }, now)).toBe(expected)
  })
})

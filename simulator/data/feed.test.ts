import { DATA_EPOCH } from './pairs'
import { CHANGE_INTERVAL_MS, createFeed, PROTECTED_PAIRS, type FeedState } from './feed'
import { TEST_START } from '../testkit'

const MIN = CHANGE_INTERVAL_MS
const symbols = (s: FeedState) => s.groups.flatMap((g) => g.pairs.map((p) => p.symbolId))
const snapshot = (s: FeedState) => JSON.stringify({ groups: s.groups, modified: [...s.modifiedAt], version: s.version })

describe('change feed', () => {
  it('starts from the generated data with the fixed initial lastModifiedTime', () => {
    const state = createFeed(1, TEST_START).at(TEST_START + MIN - 1)
    expect(state.changes).toEqual([])
    expect(state.version).toBe('v0-s1')
    expect(state.lastModifiedTime).toBe(DATA_EPOCH)
    expect(new Set(state.modifiedAt.values())).toEqual(new Set([DATA_EPOCH]))
  })

  it('makes one change per minute: listing, delisting, status change, in turn', () => {
    const feed = createFeed(1, TEST_START)
    const before = symbols(feed.at(TEST_START))
    const state = feed.at(TEST_START + 3 * MIN)
    expect(state.changes.map((c) => [c.k, c.kind, c.at])).toEqual([
      [1, 'listing', TEST_START + MIN],
      [2, 'delisting', TEST_START + 2 * MIN],
      [3, 'status', TEST_START + 3 * MIN],
    ])
    const [listing, delisting, status] = state.changes
    const after = symbols(state)
    expect(after).toContain(listing?.symbolId)
    expect(before).not.toContain(listing?.symbolId)
    expect(after).not.toContain(delisting?.symbolId)
    expect(state.modifiedAt.get(listing?.symbolId ?? '')).toBe(TEST_START + MIN)
    expect(state.modifiedAt.has(delisting?.symbolId ?? '')).toBe(false)
    expect(state.modifiedAt.get(status?.symbolId ?? '')).toBe(TEST_START + 3 * MIN)
    expect(state.lastModifiedTime).toBe(TEST_START + 3 * MIN)
    expect(state.version).toBe('v3-s1')
  })

  it('lists in each group in turn and tags new listings', () => {
    const state = createFeed(1, TEST_START).at(TEST_START + 24 * MIN)
    const listings = state.changes.filter((c) => c.kind === 'listing')
    expect(listings.map((c) => c.detail)).toEqual(state.groups.map((g) => `listed in ${g.quote.id}`))
    const usdt = state.groups[0]?.pairs.at(-1)
    expect(usdt).toMatchObject({ symbolId: 'ZORAUSDT', onlineTime: TEST_START + MIN, label: 'NEW' })
    expect(usdt?.tags).toContain('new')
  })

  it('never touches the protected first pairs of a group', () => {
    const feed = createFeed(7, TEST_START)
    const protectedBefore = feed.at(TEST_START).groups.map((g) => JSON.stringify(g.pairs.slice(0, PROTECTED_PAIRS)))
    const state = feed.at(TEST_START + 300 * MIN)
    expect(state.groups.map((g) => JSON.stringify(g.pairs.slice(0, PROTECTED_PAIRS)))).toEqual(protectedBefore)
    expect(state.changes).toHaveLength(300)
  })

  it('is a pure function of seed, start and clock', () => {
    const stepwise = createFeed(3, TEST_START)
    for (let m = 0; m <= 20; m++) stepwise.at(TEST_START + m * MIN)
    const direct = createFeed(3, TEST_START).at(TEST_START + 20 * MIN)
    expect(snapshot(stepwise.at(TEST_START + 20 * MIN))).toBe(snapshot(direct))
    // A clock that moves back replays from the start.
    expect(snapshot(stepwise.at(TEST_START + 5 * MIN))).toBe(snapshot(createFeed(3, TEST_START).at(TEST_START + 5 * MIN)))
    expect(snapshot(createFeed(4, TEST_START).at(TEST_START + 20 * MIN))).not.toBe(snapshot(direct))
  })
})

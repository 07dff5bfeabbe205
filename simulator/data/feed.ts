/**
 * The clock-driven change feed. Every CHANGE_INTERVAL_MS of clock time after start one change
 * happens, in turn: a listing, a delisting, a status change. The state at a given clock reading
 * is a pure function of (seed, start, clock): it is the initial data with changes 1…k replayed,
 * and each change draws from its own seeded stream.
 *
 * Delisted pairs vanish from symbol_list_v3, symbol_list_v2 and the full symbol_list_all. The
 * all-list delta (`last_modified_at`) cannot express a deletion, so a client's incremental cache
 * keeps the record; that is harmless because the merge starts from the v3 pairs.
 */
import { DATA_EPOCH, generateGroups, makePair, type FullPair, type QuoteGroup } from './pairs'
import { SIM_ICON_ORIGIN, withIconOrigin } from './icons'
import { eligible } from './quotes'
import { mulberry32, randomInt, subSeed } from './prng'
import { LISTED_TOKENS, UPCOMING_TOKENS } from './tokens'

export const CHANGE_INTERVAL_MS = 60_000
/** The first pairs of every group (BTCUSDT, ETHUSDT, …) never change, so demos keep their anchors. */
export const PROTECTED_PAIRS = 5
const KINDS = ['listing', 'delisting', 'status'] as const

export interface Change {
  /** 1-based change number; change k happens at start + k × CHANGE_INTERVAL_MS. */
  k: number
  at: number
  kind: (typeof KINDS)[number]
  symbolId: string
  detail: string
}

export interface FeedState {
  groups: readonly QuoteGroup[]
  /** lastModifiedTime per listed symbolId. */
  modifiedAt: ReadonlyMap<string, number>
  version: string
  /** The largest lastModifiedTime of the listed pairs. */
  lastModifiedTime: number
  changes: readonly Change[]
}

export interface Feed {
  at(nowMs: number): FeedState
}

interface Mutable {
  groups: QuoteGroup[]
  modifiedAt: Map<string, number>
  changes: Change[]
}

/** `iconOrigin`: the origin the pairs' icon URLs name (the serving simulator's main host; docs/decisions/pages.md "Icons"). */
export function createFeed(seed: number, startMs: number, iconOrigin: string = SIM_ICON_ORIGIN): Feed {
  // Initial pairs share one fixed lastModifiedTime; a clock set before the data epoch moves it back.
  const initialModified = Math.min(DATA_EPOCH, startMs)
  const initial = (): Mutable => {
    const groups = generateGroups(seed).map((g) => ({ ...g, pairs: g.pairs.map((p) => withIconOrigin(p, iconOrigin)) }))
    const modifiedAt = new Map(groups.flatMap((g) => g.pairs.map((p) => [p.symbolId, initialModified] as const)))
    return { groups, modifiedAt, changes: [] }
  }
  let state = initial()

  return {
    at(nowMs) {
      const due = Math.max(0, Math.floor((nowMs - startMs) / CHANGE_INTERVAL_MS))
      // Replaying from scratch keeps a clock that moved back (an injected one) consistent.
      if (due < state.changes.length) state = initial()
      while (state.changes.length < due) {
        const k = state.changes.length + 1
        state.changes.push(applyChange(seed, state, k, startMs + k * CHANGE_INTERVAL_MS, iconOrigin))
      }
      return {
        groups: state.groups,
        modifiedAt: state.modifiedAt,
        version: `v${state.changes.length}-s${seed}`,
        lastModifiedTime: Math.max(...state.modifiedAt.values()),
        changes: state.changes,
      }
    },
  }
}

function applyChange(seed: number, state: Mutable, k: number, at: number, iconOrigin: string): Change {
  const kind = KINDS[(k - 1) % KINDS.length] ?? 'status'
  const ordinal = Math.floor((k - 1) / KINDS.length)
  const rng = mulberry32(subSeed(seed, 'change', k))
  const change = (symbolId: string, detail: string): Change => ({ k, at, kind, symbolId, detail })

  if (kind === 'listing') {
    const group = state.groups[ordinal % state.groups.length] ?? fail()
    const pair = withIconOrigin(listingFor(seed, group, ordinal, at), iconOrigin)
    group.pairs.push(pair)
    state.modifiedAt.set(pair.symbolId, at)
    return change(pair.symbolId, `listed in ${group.quote.id}`)
  }

  // Delistings and status changes walk the groups too, skipping any left with only protected pairs.
  const groups = state.groups.filter((g) => g.pairs.length > PROTECTED_PAIRS)
  const group = groups[ordinal % groups.length] ?? fail()
  const index = randomInt(rng, PROTECTED_PAIRS, group.pairs.length - 1)
  const pair = group.pairs[index] ?? fail()
  if (kind === 'delisting') {
    group.pairs.splice(index, 1)
    state.modifiedAt.delete(pair.symbolId)
    return change(pair.symbolId, `delisted from ${group.quote.id}`)
  }
  const [updated, detail] = flipStatus(pair, ordinal)
  group.pairs[index] = updated
  state.modifiedAt.set(pair.symbolId, at)
  return change(pair.symbolId, detail)
}

function flipStatus(pair: FullPair, ordinal: number): [FullPair, string] {
  switch (ordinal % 3) {
    case 0: {
      const tradeStatus = pair.tradeStatus === 1 ? 2 : 1
      return [{ ...pair, tradeStatus }, `tradeStatus ${pair.tradeStatus} → ${tradeStatus}`]
    }
    case 1:
      return [{ ...pair, showStatus: !pair.showStatus }, `showStatus → ${!pair.showStatus}`]
    default: {
      const isBanBuy = !pair.isBanBuy
      const flagged = isBanBuy || pair.isBanSell
      return [{ ...pair, isBanBuy, noticeVisible: flagged, mark: flagged ? 'ST' : null }, `isBanBuy → ${isBanBuy}`]
    }
  }
}

// The next token the group does not list yet: the rest of the known tokens, then the upcoming
// ones, then synthetic names once a group has listed everything.
function listingFor(seed: number, group: QuoteGroup, ordinal: number, at: number): FullPair {
  const listed = new Set(group.pairs.map((p) => p.baseTokenId))
  const candidates = [...LISTED_TOKENS, ...UPCOMING_TOKENS]
  const known = candidates.find((t) => !listed.has(t.id) && eligible(t, group.quote))
  const rank = known ? Math.max(60, LISTED_TOKENS.indexOf(known)) : 150
  const token = known ?? { id: `NEW${ordinal}`, fullName: `New Listing ${ordinal}`, usd: 0.5, tags: [] }
  return makePair(seed, { token, quote: group.quote, rank, onlineTime: at })
}

function fail(): never {
  throw new Error('change feed: no group or pair to change')
}

/**
 * The book grouped by one of the pair's `digitMerge` steps (issue 51 item 3): a view of the full
 * book, never a second subscription. Bids are rounded down to the step and asks up; the sizes of
 * the levels that fall in one group are summed exactly (units, ./book-decimal.ts); each row
 * carries its cumulative total from the touch. The sides come best first, so the levels of a
 * group are neighbours and one pass groups them.
 */
import { toStep, toUnits } from './book-decimal'
import type { Level } from './order-book'

export interface GroupRow {
  price: bigint
  size: bigint
  /** The sizes from the best row to this one. */
  total: bigint
}

export interface GroupedSide {
  rows: readonly GroupRow[]
  /** True when the whole depth the book holds fits in fewer rows than were asked for (a coarse step folds it). */
  folded: boolean
}

/** The first `rows` groups of a side at `step` (units > 0). */
export function groupSide(side: 'bids' | 'asks', levels: readonly Level[], step: bigint, rows: number): GroupedSide {
  const out: GroupRow[] = []
  const direction = side === 'bids' ? 'down' : 'up'
  let total = 0n
  let current: GroupRow | null = null
  for (const [price, size] of levels) {
    const at = toStep(price, step, direction)
    if (current && current.price === at) {
      total += size
      current.size += size
      current.total = total
      continue
    }
    if (out.length === rows) return { rows: out, folded: false }
    total += size
    current = { price: at, size, total }
    out.push(current)
  }
  return { rows: out, folded: out.length < rows && levels.length > out.length }
}

/** The steps a pair offers as units, finest first, with their text; bad entries left out. */
export function mergeSteps(steps: readonly string[]): { text: string; units: bigint }[] {
  const out: { text: string; units: bigint }[] = []
  for (const text of steps) {
    const units = toUnits(text)
    if (units !== undefined && units > 0n && !out.some((s) => s.units === units)) out.push({ text, units })
  }
  return out.sort((a, b) => (a.units < b.units ? -1 : a.units > b.units ? 1 : 0))
}

/** The spread between the best ask and the best bid, and the mid price's double (for its percentage), or null with a side empty. */
export function spreadOf(bids: readonly Level[], asks: readonly Level[]): { spread: bigint; midTwice: bigint } | null {
  const bid = bids[0]
  const ask = asks[0]
  return bid && ask ? { spread: ask[0] - bid[0], midTwice: ask[0] + bid[0] } : null
}

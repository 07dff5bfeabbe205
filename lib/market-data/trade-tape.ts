/**
 * Recent trades (issue 51 item 4): the latest TAPE_LENGTH, newest first, each trade exactly once
 * by its id whatever the order they arrive in, from the REST answer (`list`: `execId`, `price`,
 * `size`, `side`, `time`) and the stream (`data`: `i`, `p`, `v`, `S`, `T`). Prices and sizes stay
 * the wire's decimal strings; a trade that is not well formed, or another pair's, is left out.
 */
import { readPlainDecimal } from './decimal-text'

export const TAPE_LENGTH = 50
/** Ids remembered past the tape, so a late copy of a trade that already fell off is not shown again. */
const IDS_KEPT = 500

export interface Trade {
  id: string
  /** Trade time, ms. */
  time: number
  price: string
  size: string
  /** The taker's side. */
  side: 'Buy' | 'Sell'
}

const decimal = (v: unknown): v is string => typeof v === 'string' && readPlainDecimal(v) !== undefined && !v.startsWith('-')

function trade(id: unknown, time: unknown, price: unknown, size: unknown, side: unknown): Trade | undefined {
  const t = typeof time === 'string' && /^\d+$/.test(time) ? Number(time) : time
  if (typeof id !== 'string' || id === '' || typeof t !== 'number' || !Number.isFinite(t)) return undefined
  if (!decimal(price) || !decimal(size) || (side !== 'Buy' && side !== 'Sell')) return undefined
  return { id, time: t, price, size, side }
}

/** The stream's `data` (ascending in time) as trades of `symbol`. */
export function tradesOfPush(data: unknown, symbol: string): Trade[] {
  if (!Array.isArray(data)) return []
  const out: Trade[] = []
  for (const d of data as Record<string, unknown>[]) {
    if (d && d.s === symbol) {
      const t = trade(d.i, d.T, d.p, d.v, d.S)
      if (t) out.push(t)
    }
  }
  return out
}

/** The REST answer's `result.list` (newest first) as trades of `symbol`. */
export function tradesOfAnswer(result: unknown, symbol: string): Trade[] {
  const list = (result as { list?: unknown } | null)?.list
  if (!Array.isArray(list)) return []
  const out: Trade[] = []
  for (const d of list as Record<string, unknown>[]) {
    if (d && d.symbol === symbol) {
      const t = trade(d.execId, d.time, d.price, d.size, d.side)
      if (t) out.push(t)
    }
  }
  return out
}

/** Newer first: by time, then by id (numeric ids by value, as the exchange numbers them). */
function newerFirst(a: Trade, b: Trade): number {
  if (a.time !== b.time) return b.time - a.time
  const numeric = /^\d+$/.test(a.id) && /^\d+$/.test(b.id)
  if (numeric && a.id.length !== b.id.length) return b.id.length - a.id.length
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

export interface TradeTape {
  /** The latest trades, newest first. A new array only when something changed. */
  trades(): readonly Trade[]
  /** Adds trades in any order; answers whether the tape changed. */
  add(trades: readonly Trade[]): boolean
}

export function createTradeTape(length = TAPE_LENGTH): TradeTape {
  let tape: readonly Trade[] = []
  const seen = new Set<string>()
  return {
    trades: () => tape,
    add(trades) {
      const fresh = trades.filter((t) => {
        if (seen.has(t.id)) return false
        seen.add(t.id)
        return true
      })
      // Forget the oldest ids (a Set iterates in insertion order).
      for (const id of seen) {
        if (seen.size <= Math.max(IDS_KEPT, length)) break
        seen.delete(id)
      }
      if (fresh.length === 0) return false
      const next = [...tape, ...fresh].sort(newerFirst).slice(0, length)
      const changed = next.length !== tape.length || next.some((t, i) => t !== tape[i])
      if (changed) tape = next
      return changed
    },
  }
}

import { fastPairFields } from './fast-pair'
import type { PairFields } from './fields'
import type { PairCodec } from './schema-pair'

/** How many reasons a decode keeps for the monitor: enough to diagnose, not a log flood. */
export const MAX_PROBLEMS = 5

export interface DecodedPairs {
  pairs: PairFields[]
  dropped: number
  /** symbolIds of dropped records that still named themselves: the merge must not call them "missing". */
  droppedIds: string[]
  problems: string[]
}

function nameOf(raw: unknown, codec: PairCodec): string | undefined {
  if (raw === null || typeof raw !== 'object') return undefined
  const id = (raw as Record<string, unknown>)[codec.style === 'short' ? 'si' : 'symbolId']
  return typeof id === 'string' && id !== '' ? id : undefined
}

/**
 * Decodes a list of pairs where each bad pair is dropped and counted and the rest survives
 * (WIRE.md). A symbolId seen twice in one list keeps its first record: a pair has one quote
 * token, and a symbol map cannot hold two. `seen` is shared across the groups of one answer.
 */
export function decodePairs(list: readonly unknown[], codec: PairCodec, seen: Set<string> = new Set()): DecodedPairs {
  const out: DecodedPairs = { pairs: [], dropped: 0, droppedIds: [], problems: [] }
  const drop = (raw: unknown, reason: string) => {
    out.dropped++
    const id = nameOf(raw, codec)
    if (id !== undefined && !seen.has(id)) out.droppedIds.push(id)
    if (out.problems.length < MAX_PROBLEMS) out.problems.push(`${id ?? '?'}: ${reason}`)
  }
  for (const raw of list) {
    let pair = fastPairFields(raw, codec)
    if (pair === undefined) {
      const parsed = codec.schema.safeParse(raw)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        drop(raw, issue ? `${issue.path.join('.') || '(pair)'} ${issue.message}` : 'invalid')
        continue
      }
      pair = parsed.data
    }
    if (seen.has(pair.symbolId)) {
      drop(raw, 'duplicate symbolId')
      continue
    }
    seen.add(pair.symbolId)
    out.pairs.push(pair)
  }
  return out
}

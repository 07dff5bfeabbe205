import { deriveCollections, type SymbolCollections } from './derive'
import type { PairFields } from './fields'
import type { QuoteTokenGroup } from './types'

import type { Provenance } from './provenance'

export type { Provenance, SymbolSource } from './provenance'

export interface SymbolListResult extends SymbolCollections {
  provenance: Provenance
}

/** Why an answer that arrived cannot be used: its shape, an empty list, a version hit without cached groups. */
export class SymbolAnswerError extends Error {
  override name = 'SymbolAnswerError'
  constructor(
    readonly endpoint: string,
    readonly reason: 'invalid' | 'empty' | 'version-hit-without-cache',
    detail = '',
  ) {
    super(`${endpoint}: ${reason}${detail ? ` (${detail})` : ''}`)
  }
}

/**
 * Completes, derives and stamps a list. An empty list is refused: it is never shown nor stored
 * (it would hide every pair), and the chain moves on to the next source.
 */
export function buildResult(endpoint: string, groups: readonly QuoteTokenGroup<PairFields>[], provenance: Provenance): SymbolListResult {
  const { collections, dropped } = deriveCollections(groups)
  if (collections.symbols.length === 0) throw new SymbolAnswerError(endpoint, 'empty')
  return { ...collections, provenance: { ...provenance, dropped: provenance.dropped + dropped } }
}

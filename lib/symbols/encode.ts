import { isImpliedValue } from './defaults'
import type { PairFields } from './fields'
import type { PairCodec } from './schema-pair'

/**
 * PairFields → the compact short-key form the caches store: long names would roughly double
 * the stored size (SPEC §9 budget, bench goal ≤ 1.5 MB for 3000 pairs). Only the fields the
 * list owns are written, and a field whose value is what the record would default to anyway is
 * left out — safe because the lists own disjoint fields (schema-pair.ts), so a missing field
 * can never let the other list's value show through the merge.
 */
export function encodeCompactPair(fields: PairFields, codec: PairCodec): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of codec.fields) {
    const value = fields[field.name]
    if (value === undefined || (!field.required && isImpliedValue(field.name, value, fields))) continue
    out[field.key] = value
  }
  return out
}

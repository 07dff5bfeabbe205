import { z } from 'zod/mini'
import { isDecimalString, isStepList, isStepString } from './decimal'
import { FIELD_NAMES, PAIR_FIELDS, REQUIRED_FIELDS, isNullableKind, type FieldKind, type FieldList, type PairField, type PairFields } from './fields'

/**
 * zod schemas (zod/mini: cheap to build where the browser loads them) of one trading pair, built from the field table (fields.ts). Output is always
 * SPEC §3 long names with only the fields the list carried; defaults come later (defaults.ts),
 * because a default laid over the all-list record during the merge would erase real values.
 *
 * Each compact list reads only the fields WIRE.md gives it (v3 the fast-changing ones, the
 * all-list the rest, both `si`); anything else in a compact pair is an unknown key, ignored.
 * So the merge is a disjoint union and a field's owner alone decides its value.
 */

const decimal = z.string().check(z.refine(isDecimalString, 'not a decimal string'))

const KIND_SCHEMAS: Record<FieldKind, z.ZodMiniType> = {
  id: z.string().check(z.minLength(1)),
  text: z.string(),
  textOrNull: z.nullable(z.string()),
  textList: z.array(z.string()),
  decimal,
  decimalOrNull: z.nullable(decimal),
  step: z.string().check(z.refine(isStepString, 'not a step (a decimal > 0 with at most 20 places)')),
  steps: z.string().check(z.refine((value) => value === '' || isStepList(value), 'not a comma list of steps')),
  flag: z.boolean(),
  number: z.number(),
  direction: z.nullable(z.enum(['LONG', 'SHORT'])),
}

/** How a list names its keys: the compact lists use WIRE.md short keys, v2 the long names. */
export type KeyStyle = 'short' | 'long'

export interface FieldCodec {
  name: PairField
  key: string
  kind: FieldKind
  required: boolean
}

/** What a symbol list needs to decode its pairs: the fields it reads, and the zod schema of them. */
export interface PairCodec {
  style: KeyStyle
  fields: readonly FieldCodec[]
  schema: z.ZodMiniType<PairFields>
}

/**
 * A value the list did not really send: absent, null where null is no value of its own, or an
 * empty digitMerge. Such a field takes its default later.
 */
export function isUnsent(kind: FieldKind, value: unknown): boolean {
  return value === undefined || (value === null && !isNullableKind(kind)) || (kind === 'steps' && value === '')
}

function pairCodec(style: KeyStyle, lists: readonly FieldList[], required: readonly PairField[]): PairCodec {
  const fields = FIELD_NAMES.filter((name) => lists.includes(PAIR_FIELDS[name].list)).map((name): FieldCodec => ({
    name,
    key: style === 'short' ? PAIR_FIELDS[name].short : name,
    kind: PAIR_FIELDS[name].kind,
    required: required.includes(name),
  }))
  const shape: Record<string, z.ZodMiniType> = {}
  for (const f of fields) shape[f.key] = f.required ? KIND_SCHEMAS[f.kind] : z.nullish(KIND_SCHEMAS[f.kind])
  // z.object strips unknown keys: WIRE.md says they are ignored, never an error.
  const schema = z.pipe(
    z.object(shape),
    z.transform((raw: Record<string, unknown>): PairFields => {
      const out: Record<string, unknown> = {}
      for (const f of fields) if (!isUnsent(f.kind, raw[f.key])) out[f.name] = raw[f.key]
      return out as PairFields
    }),
  )
  return { style, fields, schema }
}

/** A v3 pair: the fast-changing fields, only `si` required. */
export const V3_PAIR = pairCodec('short', ['both', 'v3'], ['symbolId'])
/** A symbol_list_all pair: the slow-changing fields; si, bp, qp and mpp required (WIRE.md). */
export const ALL_PAIR = pairCodec('short', ['both', 'all'], REQUIRED_FIELDS)
/** A v2 pair: every field, long names, the same required fields. */
export const V2_PAIR = pairCodec('long', ['both', 'v3', 'all'], REQUIRED_FIELDS)

export const compactV3PairSchema = V3_PAIR.schema
export const compactAllPairSchema = ALL_PAIR.schema
export const fullPairSchema = V2_PAIR.schema

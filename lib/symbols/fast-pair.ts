import { isDecimalString, isStepList, isStepString } from './decimal'
import { isNullableKind, type FieldKind, type PairField, type PairFields } from './fields'
import type { PairCodec } from './schema-pair'

/**
 * Hand-written twin of the zod pair schema for the hot path: an answer holds thousands of
 * pairs and zod alone costs several times a JSON.parse (scripts/bench-symbols.ts). It only says
 * "valid, here are the fields" or "not sure" — every pair it refuses goes through zod, which
 * then decides and explains. A property test keeps the two in agreement.
 */

function isStringArray(value: unknown): boolean {
  if (!Array.isArray(value)) return false
  for (const item of value) if (typeof item !== 'string') return false
  return true
}

const CHECKS: Record<FieldKind, (value: unknown) => boolean> = {
  id: (v) => typeof v === 'string' && v.length > 0,
  text: (v) => typeof v === 'string',
  textOrNull: (v) => v === null || typeof v === 'string',
  textList: isStringArray,
  decimal: isDecimalString,
  decimalOrNull: (v) => v === null || isDecimalString(v),
  step: isStepString,
  steps: (v) => v === '' || isStepList(v),
  flag: (v) => typeof v === 'boolean',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  direction: (v) => v === null || v === 'LONG' || v === 'SHORT',
}

interface CompiledField {
  name: PairField
  key: string
  required: boolean
  check: (value: unknown) => boolean
  /** null is "not sent" (the field is optional and null is no value of its own). */
  nullIsUnsent: boolean
  /** "" is "not sent" (digitMerge). */
  emptyIsUnsent: boolean
  /** An array value is copied: zod copies arrays, so no caller can alias the parsed answer. */
  copy: boolean
}

interface CompiledCodec {
  fields: CompiledField[]
  /**
   * Every field of the list, undefined. Adding 26 keys one by one with computed names turns a V8
   * object into a slow "dictionary" object (and every later copy of it); a copy of this template
   * already has them all, so the pair stays a fast object. Unsent fields stay undefined.
   */
  template: Record<string, undefined>
}

// Compiled once per codec: the hot loop then does no table lookups.
const compiled = new WeakMap<PairCodec, CompiledCodec>()

function compile(codec: PairCodec): CompiledCodec {
  let done = compiled.get(codec)
  if (!done) {
    const fields = codec.fields.map((f) => ({
      name: f.name,
      key: f.key,
      required: f.required,
      check: CHECKS[f.kind],
      nullIsUnsent: !f.required && !isNullableKind(f.kind),
      emptyIsUnsent: !f.required && f.kind === 'steps',
      copy: f.kind === 'textList',
    }))
    done = { fields, template: Object.fromEntries(fields.map((f) => [f.name, undefined])) }
    compiled.set(codec, done)
  }
  return done
}

/** The pair's fields when every present field is valid and every required one present; else undefined. */
export function fastPairFields(raw: unknown, codec: PairCodec): PairFields | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined
  const source = raw as Record<string, unknown>
  const { fields, template } = compile(codec)
  const out: Record<string, unknown> = { ...template }
  for (const field of fields) {
    const value = source[field.key]
    if (!field.required && (value === undefined || (value === null && field.nullIsUnsent) || (value === '' && field.emptyIsUnsent))) continue
    if (!field.check(value)) return undefined
    out[field.name] = field.copy ? (value as unknown[]).slice() : value
  }
  return out as PairFields
}

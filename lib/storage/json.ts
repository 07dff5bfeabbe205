import type { z } from 'zod/mini'
import type { KeyValueStorage, StorageProblemHandler } from './storage'

export type JsonRead<T> = { status: 'absent' } | { status: 'ok'; value: T } | { status: 'corrupt'; reason: string }

/**
 * Per storage and key: the last text that was read (or written already checked) and its checked
 * value. Reading the same text again with the same schema returns that value without a second
 * parse and schema check: the browser's 600-pair records cost tens of milliseconds on a phone
 * each time (docs/decisions/pages.md "Rendering without long tasks"). The values are shared between
 * reads, so callers treat them as read-only (the symbol chain builds new objects).
 */
const checked = new WeakMap<KeyValueStorage, Map<string, { text: string; schema: unknown; value: unknown }>>()

function remember(storage: KeyValueStorage, key: string, text: string, schema: unknown, value: unknown): void {
  let byKey = checked.get(storage)
  if (!byKey) checked.set(storage, (byKey = new Map()))
  byKey.set(key, { text, schema, value })
}

/**
 * Reads a JSON record and checks it with its schema. A record that does not parse or does not
 * fit is removed — only that key, which is ours — so one bad write cannot break every later load.
 */
export function readJson<T>(storage: KeyValueStorage, key: string, schema: z.ZodMiniType<T>, onProblem?: StorageProblemHandler): JsonRead<T> {
  const text = storage.getItem(key)
  if (text === null) return { status: 'absent' }
  const known = checked.get(storage)?.get(key)
  if (known && known.schema === schema && known.text === text) return { status: 'ok', value: known.value as T }
  let reason: string
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    if (parsed.success) {
      remember(storage, key, text, schema, parsed.data)
      return { status: 'ok', value: parsed.data }
    }
    reason = parsed.error.issues[0]?.message ?? 'does not fit its schema'
  } catch (error) {
    reason = error instanceof Error ? error.message : String(error)
  }
  storage.removeItem(key)
  onProblem?.({ kind: 'corrupt', key, detail: reason })
  return { status: 'corrupt', reason }
}

/** Writes a record as JSON. Nothing (null/undefined) is never written: an empty answer must not replace a good one. */
export function writeJson(storage: KeyValueStorage, key: string, value: unknown): boolean {
  if (value === null || value === undefined) return false
  return storage.setItem(key, JSON.stringify(value))
}

/**
 * Writes a JSON value (plain JSON data, as JSON.parse gives) whose checked form `checkedValue`
 * the caller already has from `schema`, so the next readJson of it needs no parse or check.
 */
export function writeCheckedJson<T>(storage: KeyValueStorage, key: string, schema: z.ZodMiniType<T>, value: unknown, checkedValue: T): boolean {
  if (value === null || value === undefined) return false
  const text = JSON.stringify(value)
  if (!storage.setItem(key, text)) return false
  remember(storage, key, text, schema, checkedValue)
  return true
}

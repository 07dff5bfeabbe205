import type { z } from 'zod/mini'
import type { KeyValueStorage, StorageProblemHandler } from './storage'

export type JsonRead<T> = { status: 'absent' } | { status: 'ok'; value: T } | { status: 'corrupt'; reason: string }

/**
 * Reads a JSON record and checks it with its schema. A record that does not parse or does not
 * fit is removed — only that key, which is ours — so one bad write cannot break every later load.
 */
export function readJson<T>(storage: KeyValueStorage, key: string, schema: z.ZodMiniType<T>, onProblem?: StorageProblemHandler): JsonRead<T> {
  const text = storage.getItem(key)
  if (text === null) return { status: 'absent' }
  let reason: string
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    if (parsed.success) return { status: 'ok', value: parsed.data }
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

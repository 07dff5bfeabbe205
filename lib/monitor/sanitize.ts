import {
  MAX_DETAIL_KEY_LENGTH,
  MAX_DETAIL_KEYS,
  MAX_DETAIL_STRING_LENGTH,
  MAX_EVENT_NAME_LENGTH,
  type DetailValue,
  type MonitorBatchEvent,
} from './batch-limits'

/**
 * Turns whatever an engine logs into an event that fits the batch schema: strings cut to their
 * bound, nested values flattened to (cut) JSON, errors to "Name: message", at most 20 keys.
 * Cutting beats dropping: a long error message still says what failed.
 */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

function flatten(value: unknown): DetailValue | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined
  if (value === null || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string') return cut(value, MAX_DETAIL_STRING_LENGTH)
  if (typeof value === 'bigint') return cut(value.toString(), MAX_DETAIL_STRING_LENGTH)
  if (value instanceof Error) return cut(`${value.name}: ${value.message}`, MAX_DETAIL_STRING_LENGTH)
  let json: string | undefined
  try {
    json = JSON.stringify(value)
  } catch {
    json = Object.prototype.toString.call(value) // cycles, throwing getters
  }
  return json === undefined ? undefined : cut(json, MAX_DETAIL_STRING_LENGTH)
}

export function sanitizeDetail(detail: Record<string, unknown> | undefined): Record<string, DetailValue> | undefined {
  if (!detail || typeof detail !== 'object') return undefined
  const out: Record<string, DetailValue> = {}
  let count = 0
  for (const [key, value] of Object.entries(detail)) {
    if (count >= MAX_DETAIL_KEYS) break
    const flat = flatten(value)
    if (flat === undefined) continue
    out[cut(key, MAX_DETAIL_KEY_LENGTH)] = flat
    count++
  }
  return count ? out : undefined
}

export function toBatchEvent(
  entry: { type: 'incident'; code: number } | { type: 'event'; name: string },
  detail: Record<string, unknown> | undefined,
  at: number,
): MonitorBatchEvent {
  const clean = sanitizeDetail(detail)
  const time = Number.isSafeInteger(Math.floor(at)) && at >= 0 ? Math.floor(at) : 0
  if (entry.type === 'incident') {
    const code = Number.isSafeInteger(entry.code) && entry.code >= 0 ? entry.code : 0
    return clean ? { type: 'incident', code, detail: clean, at: time } : { type: 'incident', code, at: time }
  }
  const name = cut(String(entry.name), MAX_EVENT_NAME_LENGTH) || 'unnamed'
  return clean ? { type: 'event', name, detail: clean, at: time } : { type: 'event', name, at: time }
}

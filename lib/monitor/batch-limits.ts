/**
 * Bounds of a client monitor batch (SPEC §7), shared by the browser, which builds batches within
 * them, and the collector's zod schema (./batch.ts). Kept free of zod so the browser bundle does
 * not carry a schema library just to know these numbers.
 */
import type { MarketingParams } from './marketing'

/** A request body larger than this is refused by the collector; the client never builds one. */
export const MAX_BATCH_BYTES = 32 * 1024
export const MAX_BATCH_EVENTS = 50
export const MAX_EVENT_NAME_LENGTH = 64
export const MAX_DETAIL_KEYS = 20
export const MAX_DETAIL_KEY_LENGTH = 64
export const MAX_DETAIL_STRING_LENGTH = 256
export const MAX_PAGE_LENGTH = 512

export type DetailValue = string | number | boolean | null

export type MonitorBatchEvent =
  | { type: 'incident'; code: number; detail?: Record<string, DetailValue>; at: number }
  | { type: 'event'; name: string; detail?: Record<string, DetailValue>; at: number }

export interface MonitorBatch {
  events: MonitorBatchEvent[]
  marketing?: MarketingParams
  /** Path of the page (no query: it may carry personal data). */
  page?: string
  /** Events this client dropped (offline queue full) since its last delivered batch. */
  dropped?: number
}

import { z } from 'zod'
import { MARKETING_KEYS, MAX_MARKETING_VALUE_LENGTH, type MarketingKey } from '../monitor/marketing'

/**
 * The wire shape of a client monitor batch (SPEC §7: "a monitoring client posts batched custom
 * events to a collector host"), shared by the browser (which builds it within these bounds)
 * and the server collector (which parses untrusted input with it).
 */

import {
  MAX_BATCH_EVENTS,
  MAX_DETAIL_KEY_LENGTH,
  MAX_DETAIL_KEYS,
  MAX_DETAIL_STRING_LENGTH,
  MAX_EVENT_NAME_LENGTH,
  MAX_PAGE_LENGTH,
  type MonitorBatch,
  type MonitorBatchEvent,
} from '../monitor/batch-limits'

export * from '../monitor/batch-limits'

const detailSchema = z
  .record(z.string().max(MAX_DETAIL_KEY_LENGTH), z.union([z.string().max(MAX_DETAIL_STRING_LENGTH), z.number(), z.boolean(), z.null()]))
  .refine((detail) => Object.keys(detail).length <= MAX_DETAIL_KEYS, { message: `at most ${MAX_DETAIL_KEYS} detail keys` })

const at = z.number().int().nonnegative()

export const monitorEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('incident'), code: z.number().int().nonnegative(), detail: detailSchema.optional(), at }),
  z.strictObject({ type: z.literal('event'), name: z.string().min(1).max(MAX_EVENT_NAME_LENGTH), detail: detailSchema.optional(), at }),
])

const marketingSchema = z.strictObject(
  Object.fromEntries(MARKETING_KEYS.map((key) => [key, z.string().max(MAX_MARKETING_VALUE_LENGTH).optional()])) as Record<
    MarketingKey,
    z.ZodOptional<z.ZodString>
  >,
)

export const monitorBatchSchema = z.strictObject({
  events: z.array(monitorEventSchema).min(1).max(MAX_BATCH_EVENTS),
  marketing: marketingSchema.optional(),
  /** Path of the page (no query: it may carry personal data). */
  page: z.string().max(MAX_PAGE_LENGTH).optional(),
  /** Events this client dropped (offline queue full) since its last delivered batch. */
  dropped: z.number().int().nonnegative().optional(),
})

// The hand-written types of ./batch-limits.ts and the schema must describe the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const _eventShape: Same<z.infer<typeof monitorEventSchema>, MonitorBatchEvent> = true
const _batchShape: Same<z.infer<typeof monitorBatchSchema>, MonitorBatch> = true
void _eventShape
void _batchShape

import { z } from 'zod'
import { MARKETING_KEYS, MAX_MARKETING_VALUE_LENGTH, type MarketingKey } from './marketing'

/**
 * The wire shape of a client monitor batch (SPEC §7: "a monitoring client posts batched custom
 * events to a collector host"), shared by the browser (which builds it within these bounds)
 * and the server collector (which parses untrusted input with it).
 */

/** A request body larger than this is refused by the collector; the client never builds one. */
export const MAX_BATCH_BYTES = 32 * 1024
export const MAX_BATCH_EVENTS = 50
export const MAX_EVENT_NAME_LENGTH = 64
export const MAX_DETAIL_KEYS = 20
export const MAX_DETAIL_KEY_LENGTH = 64
export const MAX_DETAIL_STRING_LENGTH = 256
export const MAX_PAGE_LENGTH = 512

const detailSchema = z
  .record(z.string().max(MAX_DETAIL_KEY_LENGTH), z.union([z.string().max(MAX_DETAIL_STRING_LENGTH), z.number(), z.boolean(), z.null()]))
  .refine((detail) => Object.keys(detail).length <= MAX_DETAIL_KEYS, { message: `at most ${MAX_DETAIL_KEYS} detail keys` })

const at = z.number().int().nonnegative()

export const monitorEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('incident'), code: z.number().int().nonnegative(), detail: detailSchema.optional(), at }),
  z.strictObject({ type: z.literal('event'), name: z.string().min(1).max(MAX_EVENT_NAME_LENGTH), detail: detailSchema.optional(), at }),
])

const marketingSchema = z.strictObject(
  Object.fromEntries(MARKETING_KEYS.map((key) => [key, z.string().max(MAX_MARKETING_VALUE_LENGTH).optional()])) as Record<MarketingKey, z.ZodOptional<z.ZodString>>,
)

export const monitorBatchSchema = z.strictObject({
  events: z.array(monitorEventSchema).min(1).max(MAX_BATCH_EVENTS),
  marketing: marketingSchema.optional(),
  /** Path of the page (no query: it may carry personal data). */
  page: z.string().max(MAX_PAGE_LENGTH).optional(),
  /** Events this client dropped (offline queue full) since its last delivered batch. */
  dropped: z.number().int().nonnegative().optional(),
})

export type MonitorBatchEvent = z.infer<typeof monitorEventSchema>
export type MonitorBatch = z.infer<typeof monitorBatchSchema>
export type DetailValue = string | number | boolean | null

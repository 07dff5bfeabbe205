import { z } from 'zod'
import type { MonitorBatchEvent } from '../monitor/batch-limits'
import { PAGE_TYPES, WEB_VITAL_EVENT, WEB_VITAL_METRICS, type PageType, type WebVitalMetric } from '../monitor/web-vitals'

/**
 * The collector's check of a `web_vital` event (docs/decisions/client-wiring.md "Web vitals
 * through the client monitor"): a known metric, a value in its bounds and a known page type, or
 * the event is not measured. Labels come only from these lists: client input never makes a series.
 */
export const WEB_VITAL_MAX: Record<WebVitalMetric, number> = { LCP: 60_000, INP: 60_000, TTFB: 60_000, CLS: 10 }

const detailSchema = z
  .strictObject({ metric: z.enum(WEB_VITAL_METRICS), value: z.number().nonnegative(), page_type: z.enum(PAGE_TYPES) })
  .refine((detail) => detail.value <= WEB_VITAL_MAX[detail.metric], { message: 'value out of bounds' })

export interface WebVital {
  metric: WebVitalMetric
  /** Milliseconds (LCP, INP, TTFB) or the layout-shift score (CLS), as the browser sent it. */
  value: number
  pageType: PageType
}

/** null: not a web-vital event; 'invalid': one that fails the check. */
export function readWebVital(event: MonitorBatchEvent): WebVital | 'invalid' | null {
  if (event.type !== 'event' || event.name !== WEB_VITAL_EVENT) return null
  const parsed = detailSchema.safeParse(event.detail)
  if (!parsed.success) return 'invalid'
  return { metric: parsed.data.metric, value: parsed.data.value, pageType: parsed.data.page_type }
}

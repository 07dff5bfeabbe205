import type { NextRequest } from 'next/server'
import { MAX_BATCH_BYTES, monitorBatchSchema } from '@/lib/monitor/batch'
import { metricLabel } from '@/lib/monitor/event-names'
import { createRateLimiter } from '@/lib/monitor/rate-limit'
import { processSingleton } from '@/server/global'
import { logger, metrics } from '@/server/observability'
import { getSiteConfig } from '@/server/site-config'

export const dynamic = 'force-dynamic'

// 30 batches at once, then one every 2 s per client: a page sends one every 5 s at most.
const limiter = processSingleton('monitor-rate', () => createRateLimiter({ capacity: 30, perSecond: 0.5, now: Date.now }))

/**
 * The embedded monitoring collector (SPEC §7, issue #6): validates a batch with the same zod
 * schema the browser builds it with, bounds its size and rate, logs each event as one JSON
 * line and counts it in /api/metrics. Anything else is refused with a status, never thrown.
 */
export async function POST(request: NextRequest) {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_BATCH_BYTES) return new Response(null, { status: 413 })
  // The client's address is only known behind a trusted proxy; otherwise all share one bucket.
  const client = getSiteConfig().trustProxy ? (request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? 'direct') : 'direct'
  if (!limiter.take(client)) return new Response(null, { status: 429, headers: { 'Retry-After': '2' } })

  const text = await request.text()
  if (text.length > MAX_BATCH_BYTES) return new Response(null, { status: 413 })
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return Response.json({ error: 'body is not JSON' }, { status: 400 })
  }
  const parsed = monitorBatchSchema.safeParse(json)
  if (!parsed.success) return Response.json({ error: 'invalid batch', issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`) }, { status: 400 })

  const { events, marketing, page, dropped } = parsed.data
  for (const event of events) {
    metrics.monitorEvents.inc({ type: event.type, code: metricLabel(event) })
    logger.info({ monitor: event, page, marketing, dropped }, 'client monitor')
  }
  return new Response(null, { status: 204 })
}

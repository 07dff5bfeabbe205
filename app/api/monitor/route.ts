import type { NextRequest } from 'next/server'
import { MAX_BATCH_BYTES, monitorBatchSchema } from '@/lib/collector/batch'
import { MONITOR_SESSION_COOKIE, collectorKey } from '@/lib/collector/collector-key'
import { metricLabel } from '@/lib/collector/event-names'
import { readWebVital } from '@/lib/collector/web-vitals'
import { BodyTooLargeError, readCapped } from '@/lib/http/body'
import { resolveRegion } from '@/lib/regions/host'
import { asResource } from '@/lib/regions/security-headers'
import { declaredTooLarge } from '@/lib/x-api/body'
import { metrics } from '@/server/ops/observability'
import { monitorCollector } from '@/server/ops/monitor-collector'
import { getSiteConfig } from '@/server/config/site-config'
import { observeWebVital } from '@/server/ops/web-vitals-metrics'

export const dynamic = 'force-dynamic'

/**
 * The embedded monitoring collector (SPEC §7; docs/decisions/client-wiring.md "A refused batch is
 * dropped"): validates a batch with the same zod
 * schema the browser builds it with, bounds its size and rate (per client and in total), counts
 * it in /api/metrics and logs one summary per interval, never a line per event
 * (docs/decisions/client-wiring.md "Collector bounds"). Refused batches are counted too.
 */
async function collect(request: NextRequest): Promise<Response> {
  const collector = monitorCollector()
  if (declaredTooLarge(request.headers.get('content-length'), MAX_BATCH_BYTES)) {
    collector.refused('too_large')
    return new Response(null, { status: 413, headers: { Connection: 'close' } })
  }
  const { key, issueSession } = collectorKey({
    forwardedFor: request.headers.get('x-forwarded-for'),
    sessionCookie: request.cookies.get(MONITOR_SESSION_COOKIE)?.value,
    trust: getSiteConfig(),
    newSessionId: () => crypto.randomUUID(),
  })
  const headers = new Headers()
  if (issueSession) headers.append('Set-Cookie', `${MONITOR_SESSION_COOKIE}=${issueSession}; Path=/api/monitor; HttpOnly; SameSite=Strict; Max-Age=86400`)
  const admission = collector.gate.admit(key)
  if (admission !== 'accepted') {
    collector.refused(admission)
    headers.set('Retry-After', '2')
    return new Response(null, { status: 429, headers })
  }

  let text: string
  try {
    text = new TextDecoder().decode(request.body ? await readCapped(request.body, MAX_BATCH_BYTES) : new Uint8Array())
  } catch (error) {
    collector.refused(error instanceof BodyTooLargeError ? 'too_large' : 'invalid')
    return new Response(null, { status: error instanceof BodyTooLargeError ? 413 : 400, headers })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    collector.refused('invalid')
    return Response.json({ error: 'body is not JSON' }, { status: 400, headers })
  }
  const parsed = monitorBatchSchema.safeParse(json)
  if (!parsed.success) {
    collector.refused('invalid')
    return Response.json(
      { error: 'invalid batch', issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`) },
      { status: 400, headers },
    )
  }

  const { events, dropped } = parsed.data
  // Web vitals are labelled with the region of the host the beacon went to, never one the body names.
  const { region } = resolveRegion({ host: request.headers.get('host'), forwardedHost: request.headers.get('x-forwarded-host') }, getSiteConfig())
  const labels = events.map((event) => {
    const code = metricLabel(event)
    metrics.monitorEvents.inc({ type: event.type, code })
    const vital = readWebVital(event)
    if (vital) observeWebVital(vital, region)
    return `${event.type}:${code}`
  })
  collector.accepted(labels, dropped ?? 0)
  return new Response(null, { status: 204, headers })
}

/** The middleware skips this route (a body before any code could refuse it): its answers set the resource headers themselves. */
export async function POST(request: NextRequest) {
  return asResource(await collect(request))
}

import { metrics } from '@/server/observability'

export const dynamic = 'force-dynamic'

/** Prometheus text format: incidents by code, loads by source, upstream latency, cache age, stale pages. */
export async function GET() {
  return new Response(await metrics.registry.metrics(), {
    headers: { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' },
  })
}

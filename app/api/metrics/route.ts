import { metrics } from '@/server/ops/observability'

export const dynamic = 'force-dynamic'

/** Prometheus text format, scraped by deploy/prometheus.yml: the symbol lists (incidents, loads, source and age), upstream latency, pages and answers, Redis, the collector. */
export async function GET() {
  return new Response(await metrics.registry.metrics(), {
    headers: { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' },
  })
}

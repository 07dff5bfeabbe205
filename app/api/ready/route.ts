import { symbolListStatus } from '@/server/symbols'

export const dynamic = 'force-dynamic'

/**
 * Readiness: 200 when every enabled region has a usable symbol list (live, or a cached copy),
 * 503 otherwise. An upstream outage the cache covers keeps the instance in the load balancer
 * (docs/decisions/pages.md "Health, liveness and readiness").
 */
export async function GET() {
  const lists = await symbolListStatus('ready')
  const missing = Object.entries(lists)
    .filter(([, list]) => !list.usable)
    .map(([region]) => region)
  const ready = missing.length === 0
  return Response.json({ status: ready ? 'ready' : 'not-ready', missing }, { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
}

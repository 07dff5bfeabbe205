import { redisReadiness } from '@/server/fleet/fleet'
import { metrics } from '@/server/ops/observability'
import { getSiteConfig } from '@/server/config/site-config'
import { symbolListStatus } from '@/server/symbol-list/symbols'

export const dynamic = 'force-dynamic'

/**
 * Readiness: 200 when every enabled region has a usable symbol list (live, or a cached copy),
 * 503 otherwise. An upstream outage the cache covers keeps the instance in the load balancer
 * (docs/decisions/pages.md "Health, liveness and readiness"). In fleet mode it also waits, a few
 * seconds at most, for the Redis link made at start, and only then asks for the lists, so they and
 * the first page a balancer sends are read from the fleet's copies (docs/decisions/fleet.md "A new
 * instance reads the shared cache from its first request").
 */
export async function GET() {
  // Lists are asked only once the link is ready: asked while it connects, they would come from
  // the upstream, not from the fleet's copies, and be written back in a burst on connection.
  const lists = redisReadiness(getSiteConfig()) === 'connecting' ? {} : await symbolListStatus('ready')
  const missing = Object.entries(lists)
    .filter(([, list]) => !list.usable)
    .map(([region]) => region)
  // Asked again after the lists: commands that timed out while they loaded may have opened the breaker.
  const redis = redisReadiness(getSiteConfig())
  const ready = missing.length === 0 && redis !== 'connecting'
  metrics.ready.set(ready ? 1 : 0)
  return Response.json(
    { status: ready ? 'ready' : 'not-ready', missing, ...(redis ? { redis } : {}) },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  )
}

import { getSiteConfig } from '@/server/config/site-config'
import { redisHealth } from '@/server/fleet/fleet'
import { symbolListStatus } from '@/server/symbol-list/symbols'

export const dynamic = 'force-dynamic'

/**
 * Per region, the symbol list in use and its upstream's failures; `status` is `ok` only when every
 * enabled region's lists are live, within their refresh time and the upstream is not failing.
 * Always HTTP 200: liveness and readiness are /api/live and /api/ready
 * (docs/decisions/pages.md "Health, liveness and readiness").
 */
export async function GET() {
  const lists = await symbolListStatus('health')
  const regions = Object.fromEntries(
    Object.values(getSiteConfig().regions).map((region) => {
      const symbolList = lists[region.id] ?? null
      // `pairList` is the field's old name, kept beside it until 0.3.0 (docs/decisions/fleet.md "Renamed metrics keep their old names for one release").
      return [region.id, { enabled: region.enabled, symbolList, pairList: symbolList }]
    }),
  )
  // Fleet mode: Redis away is degraded (the instance serves from its own memory and disk).
  const redis = redisHealth(getSiteConfig())
  const status = Object.values(lists).every((list) => list.status === 'ok') && redis?.status !== 'degraded' ? 'ok' : 'degraded'
  return Response.json({ status, uptimeS: Math.round(process.uptime()), regions, redis }, { headers: { 'Cache-Control': 'no-store' } })
}

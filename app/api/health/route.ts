import type { NextRequest } from 'next/server'
import { getSiteConfig } from '@/server/config/site-config'
import { redisHealth } from '@/server/fleet/fleet'
import { symbolListStatus } from '@/server/symbol-list/symbols'

export const dynamic = 'force-dynamic'

/**
 * Per region, the symbol list in use and its upstream's failures; `status` is `ok` only when every
 * enabled region's lists are live, within their refresh time and the upstream is not failing.
 * Always HTTP 200: liveness and readiness are /api/live and /api/ready
 * (docs/decisions/pages.md "Health, liveness and readiness"). Through the edge's public door
 * (nginx sets `X-Edge-Door: public`) the status alone: the detail names upstream errors, and stays
 * on the instance's own port and the edge's loopback door (docs/decisions/fleet.md "The edge against
 * hostile clients").
 */
export async function GET(request: NextRequest) {
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
  if (request.headers.get('x-edge-door') === 'public') return Response.json({ status }, { headers: { 'Cache-Control': 'no-store' } })
  return Response.json({ status, uptimeS: Math.round(process.uptime()), regions, redis }, { headers: { 'Cache-Control': 'no-store' } })
}

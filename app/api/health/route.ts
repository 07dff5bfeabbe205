import { getSiteConfig } from '@/server/site-config'
import { symbolListStatus } from '@/server/symbols'

export const dynamic = 'force-dynamic'

/** Liveness plus, per region, where its pair list came from and how old it is (issue #5). */
export function GET() {
  const lists = symbolListStatus()
  const regions = Object.fromEntries(
    Object.values(getSiteConfig().regions).map((region) => [region.id, { enabled: region.enabled, pairList: lists[region.id] ?? null }]),
  )
  return Response.json({ status: 'ok', uptimeS: Math.round(process.uptime()), regions }, { headers: { 'Cache-Control': 'no-store' } })
}

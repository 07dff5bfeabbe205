export const dynamic = 'force-dynamic'

/** Liveness: the process answers. Nothing upstream is asked (docs/decisions/pages.md "Health, liveness and readiness"). */
export function GET() {
  return Response.json({ status: 'ok', uptimeS: Math.round(process.uptime()) }, { headers: { 'Cache-Control': 'no-store' } })
}

import { resolveSiteContext } from '@/server/site-config'
import { getCurrentSymbolCacheSeed } from '@/server/symbols'
import { seedText } from '@/lib/symbols/seed-text'

// Read per request from the server's own stored records: never prerendered, never an upstream call.
export const dynamic = 'force-dynamic'

/**
 * The pair-list seed a markets page refers to (docs/decisions.md "The browser starts from the
 * page's pair list"): the two cache records of this language's last good live load, which the
 * browser writes into its own caches so that its first revalidation is conditional. 404 when
 * the server has no live list to seed from (the browser then loads the list in full).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ region: string; lang: string }> }) {
  const { region, lang } = await params
  const site = resolveSiteContext(region, lang)
  const seed = site && getCurrentSymbolCacheSeed(site.region, site.language)
  const common = { 'X-Robots-Tag': 'noindex' }
  if (!seed) return Response.json({ error: 'no pair-list seed' }, { status: 404, headers: { ...common, 'Cache-Control': 'no-store' } })
  // A minute, like the page's own revalidation: the records do not change in between unless the list does.
  return new Response(seedText(seed), { headers: { ...common, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=60' } })
}

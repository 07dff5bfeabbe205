import { gunzipSync } from 'node:zlib'
import { WHOLE_LIST_VERSION, wholeListPath } from '@/lib/symbol-view/whole-list'
import { resolveSiteContext } from '@/server/config/site-config'
import { currentWholeListVersion, wholeListAt } from '@/server/pages/whole-list'

export const dynamic = 'force-dynamic'

/** A year: the URL names its text, which never changes (docs/decisions/pages.md "The whole list is one immutable resource"). */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** A version this process no longer has (or never had): nothing is kept, so a later request may find it elsewhere. */
const GONE = 'private, no-cache, no-store, max-age=0, must-revalidate'

/** `/{lang}/markets/list/current`: a short-lived redirect to the current version, never kept. */
const CURRENT = 'current'

/**
 * The markets page's whole list of one version, on the region's own host (the middleware maps the
 * host to the route's region). A version that is not the current list's nor one kept is never
 * answered with another list under its URL: behind the fleet's edge (which says so in
 * `X-Edge-Door`) it is a 404, so the edge asks every other instance and then `current`; alone, a
 * 307 to the current version (no-store), so the browser gets the current list without an error
 * (docs/decisions/fleet.md "A version of the whole list at any instance").
 */
export async function GET(request: Request, { params }: { params: Promise<{ region: string; lang: string; version: string }> }) {
  const { region, lang, version } = await params
  const site = resolveSiteContext(region, lang)
  const toCurrent = async () =>
    new Response(null, {
      status: 307,
      headers: { Location: wholeListPath(lang, await currentWholeListVersion(site!.region, site!.language)), 'Cache-Control': GONE },
    })
  if (site && version === CURRENT) return toCurrent()
  const gzip = site && WHOLE_LIST_VERSION.test(version) ? await wholeListAt(site.region, site.language, version) : undefined
  if (gzip === undefined) {
    if (site && WHOLE_LIST_VERSION.test(version) && !request.headers.has('x-edge-door')) return toCurrent()
    return new Response('This version of the list is gone.\n', { status: 404, headers: { 'Cache-Control': GONE, 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  // Kept compressed; inflated here, as Next drops a route's own Content-Encoding and compresses what it sends.
  return new Response(new Uint8Array(gunzipSync(gzip)), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': IMMUTABLE, 'X-Robots-Tag': 'noindex' },
  })
}

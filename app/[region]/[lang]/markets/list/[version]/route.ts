import { gunzipSync } from 'node:zlib'
import { WHOLE_LIST_VERSION } from '@/lib/symbol-view/whole-list'
import { resolveSiteContext } from '@/server/config/site-config'
import { wholeListAt } from '@/server/pages/whole-list'

export const dynamic = 'force-dynamic'

/** A year: the URL names its text, which never changes (docs/decisions/pages.md "The whole list is one immutable resource"). */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** A version this process no longer has (or never had): nothing is kept, so a later request may find it elsewhere. */
const GONE = 'private, no-cache, no-store, max-age=0, must-revalidate'

/**
 * The markets page's whole list of one version, on the region's own host (the middleware maps the
 * host to the route's region). A version that is not the current list's nor one kept answers 404,
 * never another list under this URL; the browser then loads the list through its own chain.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ region: string; lang: string; version: string }> }) {
  const { region, lang, version } = await params
  const site = resolveSiteContext(region, lang)
  const gzip = site && WHOLE_LIST_VERSION.test(version) ? await wholeListAt(site.region, site.language, version) : undefined
  if (gzip === undefined)
    return new Response('This version of the list is gone.\n', { status: 404, headers: { 'Cache-Control': GONE, 'Content-Type': 'text/plain; charset=utf-8' } })
  // Kept compressed; inflated here, as Next drops a route's own Content-Encoding and compresses what it sends.
  return new Response(new Uint8Array(gunzipSync(gzip)), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': IMMUTABLE, 'X-Robots-Tag': 'noindex' },
  })
}

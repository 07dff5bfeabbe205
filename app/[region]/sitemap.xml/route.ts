import { LANGUAGES } from '@/lib/i18n/languages'
import { pairPath } from '@/lib/symbol-view/pairs'
import { isRegionId } from '@/lib/regions/regions'
import { getSiteConfig } from '@/server/config/site-config'
import { getSymbolList } from '@/server/symbol-list/symbols'

export const revalidate = 600

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The region's markets page and pair pages in each of its languages; absolute URLs from
 * configuration only (the region's REGION_<ID>_PUBLIC_URL, never the Host).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ region: string }> }) {
  const { region } = await params
  if (!isRegionId(region)) return new Response('Not found', { status: 404 })
  const site = getSiteConfig().regions[region]
  const list = await getSymbolList(site, LANGUAGES[site.defaultLanguage])
  const paths = ['', ...list.symbols.filter((pair) => pair.showStatus && !pair.isTest).map(pairPath)]
  const url = (code: string, path: string) => escapeXml(`${site.publicUrl}/${code}${path}`)
  // hreflang alternates live in each page's <head>; repeating them here would multiply the
  // sitemap by the language count (16 × 16 × 600 links on the main site).
  const entries = paths.flatMap((path) => site.languages.map((code) => `<url><loc>${url(code, path)}</loc></url>`))
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } })
}

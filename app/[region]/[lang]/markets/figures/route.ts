import { formatLocale } from '@/lib/i18n/format-locale'
import { packFiguresText } from '@/lib/symbol-view/packed'
import { toSymbolListView } from '@/lib/symbol-view/view'
import { marketFiguresFor } from '@/server/tickers/market'
import { resolveSiteContext } from '@/server/config/site-config'
import { lastSymbolList } from '@/server/symbol-list/symbols'

export const dynamic = 'force-dynamic'

/** Shared by every visitor of a region and language for half a minute, the markets page's poll period: drawn rows follow live tickers. */
const ROW_FIGURES_MAX_AGE_S = 30

/**
 * Every row's figures (price, change, turnover) as the markets page's own are formatted, packed:
 * the page carries only its first rows' (docs/decisions/pages.md "The whole list is one immutable
 * resource"). Short-lived and the same for everyone, so the browser and the edge share it.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ region: string; lang: string }> }) {
  const { region, lang } = await params
  const site = resolveSiteContext(region, lang)
  if (!site) return new Response('Not found\n', { status: 404, headers: { 'Cache-Control': 'private, no-store', 'Content-Type': 'text/plain; charset=utf-8' } })
  const list = await lastSymbolList(site.region, site.language)
  const figures = await marketFiguresFor(site.region, toSymbolListView(list), formatLocale(site.language))
  return new Response(packFiguresText(figures), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': `public, max-age=${ROW_FIGURES_MAX_AGE_S}`, 'X-Robots-Tag': 'noindex' },
  })
}

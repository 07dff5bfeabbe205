import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SymbolList } from '@/components/symbol-list/SymbolList'
import { toSymbolListView } from '@/lib/symbol-view/view'
import { packFiguresText, packViewText } from '@/lib/symbol-view/packed'
import { firstRowsOf, rowFiguresPath, wholeListPath } from '@/lib/symbol-view/whole-list'
import { regionDisplayName } from '@/lib/i18n/region-name'
import { resolveSiteContext } from '@/server/config/site-config'
import { pageAlternates } from '@/server/pages/seo'
import { getSymbolList } from '@/server/symbol-list/symbols'
import { wholeListOf } from '@/server/pages/whole-list'
import { marketFiguresFor } from '@/server/tickers/market'
import { formatLocale } from '@/lib/i18n/format-locale'
import { RenderTimeMark } from '@/components/offline/RenderTimeMark'
import { renderTime } from '@/server/pages/render-time'

// ISR: the list is re-read at most once a minute per region and language (docs/decisions/pages.md "What the build prerenders").
export const revalidate = 60

type Params = Promise<{ region: string; lang: string }>

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { region, lang } = await params
  const site = resolveSiteContext(region, lang)
  if (!site) return {}
  const t = await getTranslations({ locale: site.language.code, namespace: 'Metadata' })
  const list = await getSymbolList(site.region, site.language)
  // Each regional site its own title and description (docs/decisions/pages.md "Titles and descriptions per region").
  const regionName = regionDisplayName(site.region.id, site.language.locale) ?? t('siteName')
  const title = t('marketsTitle', { region: regionName })
  return {
    title,
    description: t('marketsDescription', { count: list.symbols.length, region: regionName }),
    ...pageAlternates(site, ''),
  }
}

export default async function MarketsPage({ params }: { params: Params }) {
  const { region, lang } = await params
  const site = resolveSiteContext(region, lang)
  if (!site) notFound()
  setRequestLocale(site.language.code)
  const t = await getTranslations('Markets')
  const list = await getSymbolList(site.region, site.language)
  // The page carries the rows it draws first; the whole list is a resource of its own, named by its
  // version, which the browser and the edge keep (docs/decisions/pages.md "The whole list is one immutable resource").
  const first = firstRowsOf(toSymbolListView(list))
  const figures = await marketFiguresFor(site.region, first, formatLocale(site.language))
  const code = site.language.code
  const whole = wholeListOf(site.region, site.language, list)
  return (
    <section>
      <RenderTimeMark renderedAt={renderTime()} />
      <h1>{t('title')}</h1>
      {/* Packed: the page embeds arrays, not named fields, as JSON text (lib/symbol-view/packed.ts). */}
      <SymbolList
        initial={packViewText(first)}
        lang={code}
        figures={packFiguresText(figures)}
        whole={{ url: wholeListPath(code, whole.version), figuresUrl: rowFiguresPath(code), seeded: whole.seeded }}
      />
    </section>
  )
}

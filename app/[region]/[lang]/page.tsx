import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { SymbolList } from '@/components/symbol-list/SymbolList'
import { toSymbolListView } from '@/lib/symbol-view/view'
import { packFiguresText, packViewText } from '@/lib/symbol-view/packed'
import { regionDisplayName } from '@/lib/i18n/region-name'
import { resolveSiteContext } from '@/server/site-config'
import { pageAlternates } from '@/server/seo'
import { getSymbolCacheSeedText, getSymbolList } from '@/server/symbols'
import { marketFiguresFor } from '@/server/market'
import { formatLocale } from '@/lib/i18n/format-locale'
import { SavedCopyNotice } from '@/components/offline/SavedCopyNotice'
import { renderTime } from '@/server/render-time'

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
  const view = toSymbolListView(list)
  const figures = await marketFiguresFor(site.region, view, formatLocale(site.language))
  return (
    <section>
      <SavedCopyNotice renderedAt={renderTime()} />
      <h1>{t('title')}</h1>
      {/* Packed: the page embeds arrays, not named fields, as JSON text (lib/symbol-view/packed.ts). */}
      <SymbolList
        initial={packViewText(view)}
        seed={getSymbolCacheSeedText(site.region, site.language, list)}
        lang={site.language.code}
        figures={packFiguresText(figures)}
      />
    </section>
  )
}

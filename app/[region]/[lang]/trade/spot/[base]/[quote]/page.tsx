import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'
import { MissingPair } from '@/components/NotFoundView'
import { cache } from 'react'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { PairDetails, PairHeading } from '@/components/pair/PairDetails'
import { PairMarket } from '@/components/market/PairMarket'
import { bookLabelsOf } from '@/components/book/labels'
import { chartIntlLocale } from '@/lib/market-data/chart-locale'
import { chartTimeFormatsOf } from '@/lib/market-data/chart-time'
import { figuresOf } from '@/lib/market-data/figures'
import { ProvenanceBadge } from '@/components/ProvenanceBadge'
import { OpenInApp } from '@/components/webview/OpenInApp'
import { sameCoinPairs } from '@/lib/symbol-view/related'
import { formatLocale } from '@/lib/i18n/format-locale'
import { findPair, isCanonicalSpelling, mostTraded, pairPath } from '@/lib/symbol-view/pairs'
import { isStale } from '@/lib/symbols/provenance'
import { pageAlternates, absoluteUrl } from '@/server/pages/seo'
import { resolveSiteContext } from '@/server/config/site-config'
import { getSymbolList } from '@/server/symbol-list/symbols'
import { getTickers } from '@/server/tickers/market'
import { forgetUnconfirmedPair, noteUnconfirmedPair } from '@/server/pages/unconfirmed-pairs'
import { pairJsonLd } from '@/server/pages/json-ld'
import { RenderTimeMark } from '@/components/offline/RenderTimeMark'
import { renderTime } from '@/server/pages/render-time'

// ISR (docs/decisions/pages.md "What the build prerenders"): prerendered for the most traded pairs, the rest on first request, then cached
// and regenerated at most every 300 s, the period the capacity sheet is planned for (docs/decisions/pages.md "Pair pages revalidate every 300 s").
export const revalidate = 300
export const dynamicParams = true
const PRERENDERED_PAIRS = 10

type Params = Promise<{ region: string; lang: string; base: string; quote: string }>

export async function generateStaticParams({ params }: { params: { region: string; lang: string } }) {
  const site = resolveSiteContext(params.region, params.lang)
  if (!site) return []
  const list = await getSymbolList(site.region, site.language)
  return mostTraded(list, PRERENDERED_PAIRS).map((pair) => ({ base: pair.baseTokenName, quote: pair.quoteTokenName }))
}

/**
 * The pair, or a decision: a 404 when a live list says the pair does not exist; a 308 to the
 * canonical path when the URL spells a real pair's names in another letter case. Neither answer
 * is stored (docs/decisions/pages.md "Only 200 pages are stored"). When the list is a cached copy
 * or the built-in sample, "not in this list" proves nothing: the pair is noted, and the not-found
 * answer leaves the server as a 503 with Retry-After (server/pages/page-responses.ts); ISR keeps any
 * last good page, as a 404 replaces nothing (docs/decisions/pages.md "Pair pages and stale data").
 * Once per render: the metadata and the page share it (React's cache, keyed by the route's strings).
 * Null: the page renders the not-found page itself (MissingPair).
 */
const loadPair = cache(async (region: string, lang: string, base: string, quote: string) => {
  const site = resolveSiteContext(region, lang)
  if (!site) notFound()
  const list = await getSymbolList(site.region, site.language)
  const wanted = { base: decodeURIComponent(base), quote: decodeURIComponent(quote) }
  const pair = findPair(list, wanted.base, wanted.quote)
  if (pair && !isCanonicalSpelling(pair, wanted.base, wanted.quote)) permanentRedirect(`/${site.language.code}${pairPath(pair)}`)
  if (pair) return { list, pair }
  if (isStale(list.provenance)) noteUnconfirmedPair(site.region.id, site.language.code, base, quote, list.provenance.source)
  else forgetUnconfirmedPair(site.region.id, site.language.code, base, quote)
  return null
})

/**
 * The pair's title and description; none for a pair the list lacks (the not-found page names
 * itself; Next adds `noindex` to a 404). Never notFound() here: thrown outside the layout it leaves
 * Next 16 an empty `__next_error__` shell (docs/decisions/pages.md "The 404 page is rendered on the server").
 */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { region, lang, base, quote } = await params
  const site = resolveSiteContext(region, lang)
  if (!site) return {}
  const found = await loadPair(region, lang, base, quote)
  if (!found) return {}
  const { pair } = found
  const t = await getTranslations({ locale: site.language.code, namespace: 'Metadata' })
  const title = t('pairTitle', { base: pair.baseTokenName, quote: pair.quoteTokenName })
  const description = t('pairDescription', {
    base: pair.baseTokenName,
    baseName: pair.tokenFullName,
    quote: pair.quoteTokenName,
    priceStep: pair.minPricePrecision,
    minQuantity: pair.minTradeQuantity,
  })
  const alternates = pageAlternates(site, pairPath(pair))
  return { title, description, ...alternates, openGraph: { ...alternates.openGraph, title, description, images: [{ url: pair.iconUrl }] } }
}

export default async function PairPage({ params }: { params: Params }) {
  const { region, lang, base, quote } = await params
  const site = resolveSiteContext(region, lang)
  if (!site) notFound()
  setRequestLocale(site.language.code)
  const [found, market] = await Promise.all([loadPair(region, lang, base, quote), getTickers(site.region)])
  if (!found) return <MissingPair home={`/${site.language.code}`} />
  const { list, pair } = found
  const t = await getTranslations('Metadata')
  const tBook = await getTranslations('Book')
  const jsonLd = pairJsonLd(
    pair,
    absoluteUrl(site, site.language.code, pairPath(pair)),
    t('pairTitle', { base: pair.baseTokenName, quote: pair.quoteTokenName }),
  )
  return (
    <article className="pair-page" data-symbol={pair.symbolId}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <RenderTimeMark renderedAt={renderTime()} />
      <PairHeading pair={pair} />
      <ProvenanceBadge provenance={list.provenance} />
      <OpenInApp symbolId={pair.symbolId} />
      <PairMarket
        pair={{
          symbolId: pair.symbolId,
          baseTokenName: pair.baseTokenName,
          quoteTokenName: pair.quoteTokenName,
          minPricePrecision: pair.minPricePrecision,
          digitMergeSteps: pair.digitMergeSteps,
          quantityPrecision: pair.quantityPrecision,
        }}
        figures={figuresOf(market.tickers[pair.symbolId], pair.minPricePrecision, formatLocale(site.language))}
        locale={formatLocale(site.language)}
        chartTimes={chartTimeFormatsOf(chartIntlLocale(site.language.chartLocale))}
        bookLabels={bookLabelsOf(tBook, pair.baseTokenName, pair.quoteTokenName)}
      />
      <PairDetails pair={pair} lang={site.language.code} locale={formatLocale(site.language)} related={sameCoinPairs(list, pair)} />
    </article>
  )
}

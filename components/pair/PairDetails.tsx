import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import type { DerivedSymbol } from '@/lib/symbols/derive'
import type { RelatedPair } from '@/lib/symbol-view/related'
import { pairPath } from '@/lib/symbol-view/pairs'
import { PairIcon } from './PairIcon'
import { formatPercent } from '../format'
import { formatDecimal } from '@/lib/market-data/format'

/** The pair's name and marks, the page's heading: first on the page, above its price. A server component. */
export async function PairHeading({ pair }: { pair: DerivedSymbol }) {
  const t = await getTranslations('Pair')
  const tm = await getTranslations('Markets')
  return (
    <header className="pair-head">
      <PairIcon className="icon icon-night" coin={pair.baseTokenName} src={pair.iconUrl} />
      <PairIcon className="icon icon-day" coin={pair.baseTokenName} src={pair.iconDayUrl} />
      <h1>
        {pair.baseTokenName}/{pair.quoteTokenName}
      </h1>
      {pair.ltDirection ? (
        <p className="mark">{t('leveragedToken', { underlying: pair.ltUnderlying ?? '', direction: t(pair.ltDirection === 'LONG' ? 'long' : 'short') })}</p>
      ) : null}
      {pair.isTest ? <p className="mark">{tm('testPair')}</p> : null}
      {pair.isBanBuy ? <p className="mark warn">{tm('banBuy')}</p> : null}
      {pair.isBanSell ? <p className="mark warn">{tm('banSell')}</p> : null}
    </header>
  )
}

/** Everything a trader (or a crawler without JavaScript) needs about a pair; a server component. */
export async function PairDetails({ pair, lang, locale, related = [] }: { pair: DerivedSymbol; lang: string; locale: string; related?: RelatedPair[] }) {
  const t = await getTranslations('Pair')
  const tm = await getTranslations('Markets')
  const decimals = (count: number) => t('decimals', { count })
  // Limits and steps come as the upstream's decimal strings: grouped here like every other figure
  // (docs/decisions/pages.md "Figures as text").
  const figure = (value: string) => formatDecimal(value, locale)
  const rows: [string, string, string?][] = [
    [t('fullName'), pair.tokenFullName],
    [t('pricePrecision'), decimals(pair.pricePrecision)],
    [t('quantityPrecision'), decimals(pair.quantityPrecision)],
    [t('amountPrecision'), decimals(pair.amountPrecision)],
    [t('priceStep'), figure(pair.minPricePrecision), 'price-step'],
    [t('minQuantity'), `${figure(pair.minTradeQuantity)} ${pair.baseTokenName}`],
    [t('maxQuantity'), `${figure(pair.maxTradeQuantity)} ${pair.baseTokenName}`],
    [t('minAmount'), `${figure(pair.minTradeAmount)} ${pair.quoteTokenName}`],
    [t('maxAmount'), `${figure(pair.maxTradeAmount)} ${pair.quoteTokenName}`],
    [t('digitMerge'), pair.digitMergeSteps.map(figure).join(' · ')],
    [t('limitPriceLimit'), formatPercent(locale, pair.limitOrderPriceLimitPercentage)],
    [t('marketPriceLimit'), formatPercent(locale, pair.marketOrderPriceLimitPercentage)],
    [t('tags'), pair.tags.join(', ') || '—'],
    [t('leverage'), leverage(pair, t('baseLeverage'), t('quoteLeverage'))],
    [t('loanEnabled'), pair.loanEnabled ? t('yes') : t('no')],
    [t('tradeStatus'), pair.tradeStatus === 1 ? tm('trading') : tm('suspended')],
    [t('onlineTime'), onlineDateFormat(locale).format(pair.onlineTime)],
  ]
  return (
    <>
      <h2>{t('overview')}</h2>
      <dl className="pair-facts">
        {rows.map(([label, value, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>
              {/* Isolated: "3.7 BTC3L" keeps its order inside a right-to-left page. */}
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {related.length > 0 ? (
        <nav aria-labelledby="other-pairs" className="other-pairs">
          <h2 id="other-pairs">{t('otherPairs', { base: pair.baseTokenName })}</h2>
          <ul>
            {related.map((other) => (
              <li key={other.symbolId}>
                <Link prefetch={false} href={`/${lang}${pairPath(other)}`}>
                  {other.baseTokenName}/{other.quoteTokenName}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p>
        <Link href={`/${lang}`}>{t('backToMarkets')}</Link>
      </p>
    </>
  )
}

const onlineDateFormats = new Map<string, Intl.DateTimeFormat>()

/** The listing date's format per locale, made once: an Intl formatter costs more to make than a page's other figures together. */
function onlineDateFormat(locale: string): Intl.DateTimeFormat {
  let format = onlineDateFormats.get(locale)
  if (!format) onlineDateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC', numberingSystem: 'latn' })))
  return format
}

function leverage(pair: DerivedSymbol, baseLabel: string, quoteLabel: string): string {
  const parts = [
    pair.baseTokenLeverageRatio ? `${baseLabel} ${pair.baseTokenLeverageRatio}×` : '',
    pair.quoteTokenLeverageRatio ? `${quoteLabel} ${pair.quoteTokenLeverageRatio}×` : '',
  ]
  return parts.filter(Boolean).join(', ') || '—'
}

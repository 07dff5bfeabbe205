'use client'

import { useTranslations } from 'next-intl'
import { NO_DATA } from '@/lib/market-data/constants'
import type { Figures } from '@/lib/market-data/figures'
import { Change } from './Change'
import { useLiveFigures } from './useLiveFigures'
import { useLiveState } from './useLiveState'

export interface PairPriceProps {
  symbol: string
  base: string
  quote: string
  /** The pair's price step (minPricePrecision). */
  step: string
  /** The figures as of the server render (formatted there). */
  initial: Figures
  locale: string
  /** Extra websocket topics (the chart's live candle). */
  topics?: readonly string[]
}

/**
 * The pair's last price, 24h change, high, low, volume and turnover with their time. The server
 * render carries them as of render time (crawlers read them without JavaScript); in the browser
 * they stay live (useLiveFigures), and say so: "Live · price as of …" while fresh figures arrive,
 * "Offline · price as of …" with the figures dimmed once they stop, on one line whatever it says,
 * so the change moves nothing (docs/decisions/client-wiring.md "An honest live state").
 */
export function PairPrice({ symbol, base, quote, step, initial, locale, topics }: PairPriceProps) {
  const t = useTranslations('Market')
  const [figures, feed] = useLiveFigures(symbol, step, initial, locale, topics)
  const { state } = useLiveState()
  const asOf = figures.time ? (
    <time dateTime={figures.time.iso} data-testid="price-time">
      {state === 'waiting' ? t('asOf', { time: figures.time.text }) : t('priceAsOf', { time: figures.time.text })}
    </time>
  ) : (
    t('noData')
  )
  const rows: [string, string, string][] = [
    [t('high24h'), figures.high ?? NO_DATA, 'high'],
    [t('low24h'), figures.low ?? NO_DATA, 'low'],
    [t('volume24h', { coin: base }), figures.volume ?? NO_DATA, 'volume'],
    [t('turnover24h', { coin: quote }), figures.turnover, 'turnover'],
  ]
  return (
    <section className="pair-price" aria-label={t('lastPrice')} data-testid="pair-price" data-live={state}>
      {feed}
      <p className="last">
        <span className="label">{t('lastPrice')}</span>{' '}
        <bdi className="price" data-testid="last-price">
          {figures.last}
        </bdi>{' '}
        <span className="unit">{quote}</span> <Change change={figures.change} />
      </p>
      <dl className="pair-stats">
        {rows.map(([label, value, id]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={`stat-${id}`}>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <p className="as-of" data-testid="live-state">
        {/* Always there, so a screen reader hears the word change; the time beside it ticks silently. */}
        <span className="live-mark" role="status">
          {state === 'live' ? t('live') : state === 'stale' ? t('offline') : ''}
        </span>
        {state === 'waiting' ? null : ' · '}
        {asOf}
      </p>
    </section>
  )
}

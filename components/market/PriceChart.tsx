'use client'

import { useEffect, useRef, useState } from 'react'
import { useTranslations } from 'next-intl'
import { chartIntlLocale } from '@/lib/market-data/chart-locale'
import { CHART_INTERVALS, parseKlineAnswer, type Candle, type ChartInterval } from '@/lib/market-data/kline'
import { useMarketSource } from './useMarketSource'

type Chart = import('lightweight-charts').IChartApi
type Series = import('lightweight-charts').ISeriesApi<'Candlestick'>

const bar = (c: Candle) => ({ time: (c.start / 1000) as import('lightweight-charts').UTCTimestamp, open: c.open, high: c.high, low: c.low, close: c.close })
const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()
const colours = () => ({ upColor: cssVar('--rise'), downColor: cssVar('--fall'), wickUpColor: cssVar('--rise'), wickDownColor: cssVar('--fall'), borderVisible: false })

/**
 * Candles from the kline endpoint of the data origin, with a live last candle from the page's
 * websocket (useLiveTickers forwards kline pushes as `market-candle` events). lightweight-charts
 * is imported in an effect, after the first paint, so it is a chunk of its own that only this
 * page loads (docs/decisions.md "Price chart").
 */
export function PriceChart(props: { symbol: string; step: string; locale: string; chartLocale: string; interval: ChartInterval; onInterval: (i: ChartInterval) => void }) {
  const { symbol, step, locale, chartLocale, interval, onInterval } = props
  const t = useTranslations('Market')
  const box = useRef<HTMLDivElement>(null)
  const [chart, setChart] = useState<{ chart: Chart; series: Series } | null>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const origin = useMarketSource()

  useEffect(() => {
    let made: Chart | undefined
    let observer: MutationObserver | undefined
    let live = true
    // The chart and the decimal formatting (bignumber.js) are chunks of their own, loaded after the first paint.
    Promise.all([import('lightweight-charts'), import('@/lib/market-data/format')]).then(
      ([{ createChart, CandlestickSeries }, { formatPrice, stepDecimals }]) => {
        if (!live || !box.current) return
        const decimals = stepDecimals(step)
        made = createChart(box.current, {
          autoSize: true,
          layout: { background: { color: 'transparent' }, textColor: cssVar('--muted') },
          grid: { vertLines: { color: cssVar('--line') }, horzLines: { color: cssVar('--line') } },
          localization: { locale: chartIntlLocale(chartLocale), priceFormatter: (p: number) => formatPrice(p.toFixed(decimals), step, locale) },
          timeScale: { timeVisible: true },
        })
        const series = made.addSeries(CandlestickSeries, colours())
        // The user's rise/fall colours apply to the chart at once.
        observer = new MutationObserver(() => series.applyOptions(colours()))
        observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-updown', 'data-theme'] })
        setChart({ chart: made, series })
      },
      () => live && setState('error'),
    )
    return () => {
      live = false
      observer?.disconnect()
      made?.remove()
    }
  }, [step, locale, chartLocale])

  useEffect(() => {
    if (!chart || !origin) return
    const controller = new AbortController()
    fetch(`${origin}/v5/market/kline?category=spot&symbol=${encodeURIComponent(symbol)}&interval=${interval}&limit=200`, { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`kline: HTTP ${res.status}`))))
      .then((body: unknown) => {
        chart.series.setData(parseKlineAnswer(body).map(bar))
        chart.chart.timeScale().fitContent()
        setState('ready')
      })
      .catch(() => !controller.signal.aborted && setState((s) => (s === 'ready' ? s : 'error')))
    const onCandle = (e: Event) => {
      const { detail } = e as CustomEvent<{ interval: string; symbol: string; candle: Candle }>
      if (detail.interval === interval && detail.symbol === symbol) chart.series.update(bar(detail.candle))
    }
    window.addEventListener('market-candle', onCandle)
    return () => {
      controller.abort()
      window.removeEventListener('market-candle', onCandle)
    }
  }, [chart, origin, symbol, interval])

  return (
    <section className="price-chart" aria-label={t('chart')}>
      <div role="group" aria-label={t('chartInterval')} className="intervals">
        {CHART_INTERVALS.map((i) => (
          <button key={i.code} type="button" aria-pressed={interval === i.code} onClick={() => onInterval(i.code)}>
            {i.label}
          </button>
        ))}
      </div>
      <div ref={box} className="chart-box" data-testid="price-chart" data-state={state} />
      {state === 'loading' ? <p className="chart-note">{t('chartLoading')}</p> : null}
      {state === 'error' ? <p className="chart-note">{t('chartError')}</p> : null}
    </section>
  )
}

'use client'

import { useEffect, useRef, useState } from 'react'
import { useTranslations } from 'next-intl'
import { formatCrosshairTime, formatTickMark, type ChartTimeFormats } from '@/lib/market-data/chart-time'
import { CHART_INTERVALS, parseKlineAnswer, type Candle, type ChartInterval } from '@/lib/market-data/kline'
import { useMarketSource } from './useMarketSource'

type Chart = import('lightweight-charts').IChartApi
type Series = import('lightweight-charts').ISeriesApi<'Candlestick'>

const bar = (c: Candle) => ({ time: (c.start / 1000) as import('lightweight-charts').UTCTimestamp, open: c.open, high: c.high, low: c.low, close: c.close })
const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()
const colours = () => ({ upColor: cssVar('--rise'), downColor: cssVar('--fall'), wickUpColor: cssVar('--rise'), wickDownColor: cssVar('--fall'), borderVisible: false })

type Lib = typeof import('lightweight-charts') & typeof import('@/lib/market-data/format')

/**
 * Candles from the kline endpoint of the data origin, with a live last candle from the page's
 * websocket (useLiveTickers forwards kline pushes as `market-candle` events). lightweight-charts
 * is imported in an effect, after the first paint, so it is a chunk of its own that only this
 * page loads; the chart is made only once its first candles are here, so its first frame already
 * draws them (one full draw, not an empty one and then another; docs/decisions.md "Price chart").
 */
export function PriceChart(props: { symbol: string; step: string; locale: string; chartTimes: ChartTimeFormats; interval: ChartInterval; onInterval: (i: ChartInterval) => void }) {
  const { symbol, step, locale, chartTimes, interval, onInterval } = props
  const t = useTranslations('Market')
  const box = useRef<HTMLDivElement>(null)
  const [lib, setLib] = useState<Lib | null>(null)
  const [candles, setCandles] = useState<readonly Candle[] | null>(null)
  /** The candles now in the chart: a made chart starts with them, later ones replace them. */
  const latest = useRef<readonly Candle[] | null>(null)
  const shown = useRef<readonly Candle[] | null>(null)
  const [chart, setChart] = useState<{ chart: Chart; series: Series } | null>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const origin = useMarketSource()

  // The chart and the decimal formatting (bignumber.js) are chunks of their own, loaded after the first paint.
  useEffect(() => {
    let live = true
    Promise.all([import('lightweight-charts'), import('@/lib/market-data/format')]).then(
      ([charts, format]) => live && setLib({ ...charts, ...format }),
      () => live && setState('error'),
    )
    return () => {
      live = false
    }
  }, [])

  useEffect(() => {
    if (!origin) return
    const controller = new AbortController()
    fetch(`${origin}/v5/market/kline?category=spot&symbol=${encodeURIComponent(symbol)}&interval=${interval}&limit=200`, { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`kline: HTTP ${res.status}`))))
      .then((body: unknown) => {
        const list = parseKlineAnswer(body)
        latest.current = list
        setCandles(list)
      })
      .catch(() => !controller.signal.aborted && setState((s) => (s === 'ready' ? s : 'error')))
    return () => controller.abort()
  }, [origin, symbol, interval])

  const haveCandles = candles !== null
  useEffect(() => {
    if (!lib || !haveCandles || !box.current) return
    const decimals = lib.stepDecimals(step)
    const made = lib.createChart(box.current, {
      autoSize: true,
      layout: { background: { color: 'transparent' }, textColor: cssVar('--muted') },
      grid: { vertLines: { color: cssVar('--line') }, horzLines: { color: cssVar('--line') } },
      localization: {
        locale: chartTimes.locale,
        priceFormatter: (p: number) => lib.formatPrice(p.toFixed(decimals), step, locale),
        // Time labels from the server's formats: the library's own build an ICU date formatter per label.
        ...(chartTimes.tickMarks[1] ? { timeFormatter: (time: unknown) => (typeof time === 'number' ? (formatCrosshairTime(chartTimes, time) ?? '') : String(time)) } : {}),
      },
      timeScale: { timeVisible: true, tickMarkFormatter: (time: unknown, type: number) => (typeof time === 'number' ? formatTickMark(chartTimes, time, type) : null) },
    })
    const series = made.addSeries(lib.CandlestickSeries, colours())
    // In the same task as the chart is made, before its first frame.
    show(made, series, latest.current)
    // The user's rise/fall colours apply to the chart at once.
    const observer = new MutationObserver(() => series.applyOptions(colours()))
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-updown', 'data-theme'] })
    setChart({ chart: made, series })
    setState('ready')
    return () => {
      observer.disconnect()
      made.remove()
      shown.current = null
      setChart(null)
    }
  }, [lib, haveCandles, step, locale, chartTimes])

  function show(made: Chart, series: Series, list: readonly Candle[] | null) {
    if (!list || shown.current === list) return
    shown.current = list
    series.setData(list.map(bar))
    // The newest candles at the library's own spacing (6 px: about 55 on a phone, every one of
    // the 200 on a desktop), scrolled to now; older ones are a drag away. Fitting all 200 into a
    // phone's width drew them as 1.7 px lines.
    made.timeScale().scrollToRealTime()
  }

  // Candles of another interval or origin, once the chart is made.
  useEffect(() => {
    if (chart) show(chart.chart, chart.series, candles)
  }, [chart, candles])

  useEffect(() => {
    if (!chart) return
    const onCandle = (e: Event) => {
      const { detail } = e as CustomEvent<{ interval: string; symbol: string; candle: Candle }>
      if (detail.interval === interval && detail.symbol === symbol) chart.series.update(bar(detail.candle))
    }
    window.addEventListener('market-candle', onCandle)
    return () => window.removeEventListener('market-candle', onCandle)
  }, [chart, symbol, interval])

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

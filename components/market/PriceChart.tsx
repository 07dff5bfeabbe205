'use client'

import { startTransition, useEffect, useRef, useState } from 'react'
import { useTranslations } from 'next-intl'
import { formatCrosshairTime, formatTickMark, type ChartTimeFormats } from '@/lib/market-data/chart-time'
import { applyLiveCandle, CHART_INTERVALS, fetchCandles, type Candle, type ChartInterval } from '@/lib/market-data/kline'
import { chartPriceFormatter } from '@/lib/market-data/format'
import { CandlePreview } from './CandlePreview'
import { useClientRuntime } from '../runtime/ClientRuntime'
import { marketClientOf, useMarketSource } from './useMarketSource'
import { useLiveState } from './useLiveState'

type Chart = import('lightweight-charts').IChartApi
type Series = import('lightweight-charts').ISeriesApi<'Candlestick'>

const bar = (c: Candle) => ({ time: (c.start / 1000) as import('lightweight-charts').UTCTimestamp, open: c.open, high: c.high, low: c.low, close: c.close })
const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()
const colours = () => ({
  upColor: cssVar('--rise'),
  downColor: cssVar('--fall'),
  wickUpColor: cssVar('--rise'),
  wickDownColor: cssVar('--fall'),
  borderVisible: false,
})

type Lib = typeof import('lightweight-charts')

/**
 * Candles from the kline endpoint through the request client (useMarketSource: the API host in
 * use, the fast path or /x-api; within the market-data timeout, so a hung request ends in the
 * error state with a retry, not a wait until unmount), with a live
 * last candle from the page's websocket (useLiveTickers forwards kline pushes as `market-candle`
 * events). They are drawn as an SVG preview (CandlePreview) until the first touch, hover or wheel over the chart; only then is
 * lightweight-charts imported (a chunk of its own) and made, with its candles in the same task, so
 * its first frame draws them (docs/decisions/pages.md "Price chart").
 */
export function PriceChart(props: {
  symbol: string
  step: string
  locale: string
  chartTimes: ChartTimeFormats
  interval: ChartInterval
  onInterval: (i: ChartInterval) => void
}) {
  const { symbol, step, locale, chartTimes, interval, onInterval } = props
  const t = useTranslations('Market')
  const tErrors = useTranslations('Errors')
  const box = useRef<HTMLDivElement>(null)
  /** The library's own element: React renders nothing into it. */
  const host = useRef<HTMLDivElement>(null)
  const [lib, setLib] = useState<Lib | null>(null)
  const [candles, setCandles] = useState<readonly Candle[] | null>(null)
  /** The candles now in the chart: a made chart starts with them, later ones replace them. */
  const latest = useRef<readonly Candle[] | null>(null)
  const shown = useRef<readonly Candle[] | null>(null)
  const [chart, setChart] = useState<{ chart: Chart; series: Series } | null>(null)
  const [failed, setFailed] = useState(false)
  /** Set by the first touch, hover or wheel over the chart: the library loads then, not before. */
  const [wanted, setWanted] = useState(false)
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  const runtime = useClientRuntime()
  const source = useMarketSource()
  /** Bumped by the error state's retry: the candles are asked for again. */
  const [attempt, setAttempt] = useState(0)
  const want = () => setWanted(true)
  const live = useLiveState().state

  useEffect(() => {
    const el = box.current
    if (!el) return
    // Sized from the observer's own reports, the first of which comes with the next frame's
    // layout: reading clientWidth here forced a layout of the page inside the mount's task, and
    // each report re-rendered the preview even at the same size.
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return
      const width = Math.round(entry.contentRect.width)
      const height = Math.round(entry.contentRect.height)
      setSize((was) => (was && was.width === width && was.height === height ? was : { width, height }))
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    if (!wanted) return
    let live = true
    import('lightweight-charts').then(
      (charts) => live && setLib(charts),
      // The preview stays; the next touch tries again.
      () => live && setWanted(false),
    )
    return () => {
      live = false
    }
  }, [wanted])

  const sourceKey = source?.key ?? null
  useEffect(() => {
    if (sourceKey === null) return
    const controller = new AbortController()
    fetchCandles(marketClientOf(runtime), { symbol, interval, signal: controller.signal })
      .then((list) => {
        latest.current = list
        // Drawn in a transition, which React slices into short tasks (the preview is a few hundred elements).
        startTransition(() => {
          setCandles(list)
          setFailed(false)
        })
      })
      .catch(() => !controller.signal.aborted && setFailed(latest.current === null))
    return () => controller.abort()
    // The source's key: candles are asked for again where the market data moved to.
  }, [sourceKey, runtime, symbol, interval, attempt])

  const haveCandles = candles !== null
  useEffect(() => {
    if (!lib || !haveCandles || !host.current) return
    const made = lib.createChart(host.current, {
      autoSize: true,
      layout: { background: { color: 'transparent' }, textColor: cssVar('--muted') },
      grid: { vertLines: { color: cssVar('--line') }, horzLines: { color: cssVar('--line') } },
      localization: {
        locale: chartTimes.locale,
        priceFormatter: chartPriceFormatter(step, locale),
        // Time labels from the server's formats: the library's own build an ICU date formatter per label.
        ...(chartTimes.tickMarks[1]
          ? { timeFormatter: (time: unknown) => (typeof time === 'number' ? (formatCrosshairTime(chartTimes, time) ?? '') : String(time)) }
          : {}),
      },
      timeScale: {
        timeVisible: true,
        tickMarkFormatter: (time: unknown, type: number) => (typeof time === 'number' ? formatTickMark(chartTimes, time, type) : null),
      },
    })
    const series = made.addSeries(lib.CandlestickSeries, colours())
    // In the same task as the chart is made, before its first frame.
    show(made, series, latest.current)
    // The user's rise/fall colours apply to the chart at once.
    const observer = new MutationObserver(() => series.applyOptions(colours()))
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-updown', 'data-theme'] })
    setChart({ chart: made, series })
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

  // Candles of another interval or API host, once the chart is made.
  useEffect(() => {
    if (chart) show(chart.chart, chart.series, candles)
  }, [chart, candles])

  // The live candle: into the library's series once it is made, into the preview before.
  useEffect(() => {
    const onCandle = (e: Event) => {
      const { detail } = e as CustomEvent<{ interval: string; symbol: string; candle: Candle }>
      if (detail.interval !== interval || detail.symbol !== symbol) return
      if (chart) {
        chart.series.update(bar(detail.candle))
      } else if (latest.current) {
        const next = applyLiveCandle(latest.current, detail.candle)
        latest.current = next
        startTransition(() => setCandles(next))
      }
    }
    window.addEventListener('market-candle', onCandle)
    return () => window.removeEventListener('market-candle', onCandle)
  }, [chart, symbol, interval])

  const state = chart ? 'ready' : candles ? 'preview' : failed ? 'error' : 'loading'

  return (
    <section className="price-chart" aria-label={t('chart')}>
      <div role="group" aria-label={t('chartInterval')} className="intervals">
        {CHART_INTERVALS.map((i) => (
          <button key={i.code} type="button" aria-pressed={interval === i.code} onClick={() => onInterval(i.code)}>
            {i.label}
          </button>
        ))}
      </div>
      <div
        ref={box}
        className="chart-box"
        data-testid="price-chart"
        data-state={state}
        data-live={live}
        onPointerEnter={want}
        onPointerDown={want}
        onTouchStart={want}
        onWheel={want}
      >
        {!chart && candles && size ? (
          <CandlePreview candles={candles} width={size.width} height={size.height} step={step} locale={locale} chartTimes={chartTimes} />
        ) : null}
        <div ref={host} className="chart-host" />
        {/* Over the candles, not beside them: marking them stale moves nothing. */}
        {live === 'stale' ? (
          <p className="chart-stale" data-testid="chart-stale">
            {t('offline')}
          </p>
        ) : null}
      </div>
      {state === 'loading' ? <p className="chart-note">{t('chartLoading')}</p> : null}
      {state === 'error' ? (
        <p className="chart-note" role="alert" data-testid="chart-error">
          {t('chartError')}{' '}
          <button type="button" onClick={() => (setFailed(false), setAttempt((n) => n + 1))}>
            {tErrors('retry')}
          </button>
        </p>
      ) : null}
    </section>
  )
}

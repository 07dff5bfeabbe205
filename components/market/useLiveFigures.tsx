'use client'

import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { useHydrated } from '../useHydrated'
import type { Figures } from '@/lib/market-data/figures'
import type { MarketTickers } from '@/lib/market-data/tickers'

type FiguresModule = typeof import('@/lib/market-data/figures')

// Rendered, so loaded, only once hydrated: the live data's code (SWR, the stream client) is not first-load JavaScript.
const LiveFeed = lazy(() => import('./LiveFeed'))

/**
 * The figures to show per pair: the server-formatted ones until a live ticker arrives and the
 * formatting chunk (bignumber.js) has loaded after hydration, then the live ones. Returns the
 * figures and the feed element, which the caller renders anywhere (it draws nothing).
 */
export function useLiveFigures(
  initial: Readonly<Record<string, Figures>>,
  stepOf: (symbol: string) => string | undefined,
  locale: string,
  live: { symbols: readonly string[]; topics?: readonly string[]; pollMs?: number; rows?: boolean },
): [Readonly<Record<string, Figures>>, ReactNode] {
  const [tickers, setTickers] = useState<MarketTickers>({})
  const hydrated = useHydrated()
  const [format, setFormat] = useState<FiguresModule | null>(null)
  useEffect(() => {
    let active = true
    void import('@/lib/market-data/figures').then((module) => active && setFormat(module))
    return () => {
      active = false
    }
  }, [])
  const feed = hydrated && (
    <Suspense fallback={null}>
      <LiveFeed symbols={live.symbols} topics={live.topics} pollMs={live.pollMs} onTickers={setTickers} />
    </Suspense>
  )
  if (!format) return [initial, feed]
  const out: Record<string, Figures> = { ...initial }
  for (const [symbol, ticker] of Object.entries(tickers)) {
    const step = stepOf(symbol)
    if (step !== undefined) out[symbol] = live.rows ? format.rowFiguresOf(ticker, step, locale) : format.figuresOf(ticker, step, locale)
  }
  return [out, feed]
}

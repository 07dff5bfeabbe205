'use client'

import { useEffect, useState } from 'react'
import type { Figures } from '@/lib/market-data/figures'
import type { MarketTickers } from '@/lib/market-data/tickers'
import { useLiveTickers } from './useLiveTickers'

type FiguresModule = typeof import('@/lib/market-data/figures')

/**
 * The figures to show per pair: the server-formatted ones until a live ticker arrives and the
 * formatting chunk (bignumber.js) has loaded after hydration, then the live ones.
 */
export function useLiveFigures(
  initial: Readonly<Record<string, Figures>>,
  stepOf: (symbol: string) => string | undefined,
  locale: string,
  live: { symbols: readonly string[]; topics?: readonly string[]; pollMs?: number; rows?: boolean },
): Readonly<Record<string, Figures>> {
  const tickers: MarketTickers = useLiveTickers({}, live.symbols, live.topics, live.pollMs)
  const [format, setFormat] = useState<FiguresModule | null>(null)
  useEffect(() => {
    let active = true
    void import('@/lib/market-data/figures').then((module) => active && setFormat(module))
    return () => {
      active = false
    }
  }, [])
  if (!format) return initial
  const out: Record<string, Figures> = { ...initial }
  for (const [symbol, ticker] of Object.entries(tickers)) {
    const step = stepOf(symbol)
    if (step !== undefined) out[symbol] = live.rows ? format.rowFiguresOf(ticker, step, locale) : format.figuresOf(ticker, step, locale)
  }
  return out
}

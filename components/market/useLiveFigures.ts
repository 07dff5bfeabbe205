'use client'

import { useMemo, type ReactNode } from 'react'
import type { Figures } from '@/lib/market-data/figures'
import { useLiveTickerFeed } from './useLiveTickerFeed'

/**
 * One pair's figures: the server-formatted ones until a live ticker arrives and the formatting
 * chunk has loaded after hydration, then the live ones (the pair page).
 */
export function useLiveFigures(symbol: string, step: string, initial: Figures, locale: string, topics?: readonly string[]): [Figures, ReactNode] {
  const symbols = useMemo(() => [symbol], [symbol])
  const [tickers, format, feed] = useLiveTickerFeed({ symbols, topics })
  const ticker = tickers[symbol]
  const figures = ticker && format ? format.figuresOf(ticker, step, locale) : initial
  return [figures, feed]
}

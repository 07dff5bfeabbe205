'use client'

import { useEffect } from 'react'
import type { MarketTickers } from '@/lib/market-data/tickers'
import { useLiveTickers } from './useLiveTickers'

export interface LiveFeedProps {
  symbols: readonly string[]
  topics?: readonly string[]
  pollMs?: number
  onTickers: (tickers: MarketTickers) => void
}

/**
 * Renders nothing: runs the live data (websocket client, SWR polling) and hands the tickers up.
 * A component of its own so that it, SWR and the stream client are a chunk of their own, loaded
 * once the page has hydrated (useLiveTickerFeed): the live data's code is not first-load
 * JavaScript (docs/decisions/client-wiring.md "First-load JavaScript").
 */
export default function LiveFeed({ symbols, topics, pollMs, onTickers }: LiveFeedProps) {
  const tickers = useLiveTickers({}, symbols, topics, pollMs)
  useEffect(() => onTickers(tickers), [tickers, onTickers])
  return null
}

'use client'

import type { MarketTickers } from '@/lib/market-data/tickers'
import { TICKER_POLL_MS, useLiveTickers } from './useLiveTickers'

export interface LiveFeedProps {
  symbols: readonly string[]
  topics?: readonly string[]
  pollMs?: number
  onTickers: (tickers: MarketTickers) => void
}

const NO_TOPICS: readonly string[] = []

/**
 * Renders nothing: runs the live data (websocket client, else polling) and hands the tickers up.
 * A component of its own so that it and the stream client are a chunk of their own, loaded
 * once the page has hydrated (useLiveTickerFeed): the live data's code is not first-load
 * JavaScript (docs/decisions/client-wiring.md "First-load JavaScript").
 */
export default function LiveFeed({ symbols, topics = NO_TOPICS, pollMs = TICKER_POLL_MS, onTickers }: LiveFeedProps) {
  useLiveTickers(symbols, topics, pollMs, onTickers)
  return null
}

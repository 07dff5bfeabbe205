'use client'

import { useEffect, useRef, useState } from 'react'
import { openMarketStream } from '@/lib/market-data/stream'
import { createPushBatch } from '@/lib/market-data/push-batch'
import { startTickerPoll } from '@/lib/market-data/ticker-poll'
import { mergeTickers, type MarketTicker, type MarketTickers } from '@/lib/market-data/tickers'
import { browserTimers, browserVisibility } from '@/lib/browser-runtime/browser-env'
import { useClientRuntime } from '../runtime/ClientRuntime'
import { marketClientOf, useMarketSource } from './useMarketSource'
import { usePageVisible } from './usePageVisible'

/** Pushes are applied at most this often: a markets page follows 100 pairs, each pushed every second. */
export const FLUSH_MS = 1_000

/** How often the tickers endpoint is polled while the websocket is not connected (and the tab is visible). */
export const TICKER_POLL_MS = 5_000

/**
 * Live tickers from the public websocket of the API host in use where it connects, else polling
 * of the tickers endpoint through the request client (lib/market-data/ticker-poll.ts; under
 * fe.crossApi always polling, through /x-api); nothing while the tab is hidden. A move of the API
 * host (route or fast path) closes the old socket and opens one at the new host at once; the
 * poll starts over there. Updates merge, so nothing good is dropped.
 * `symbols` empty means every pair (poll only: one topic per pair would be hundreds).
 *
 * The tickers are not this hook's state: each flush hands the merged tickers to `onTickers`, and
 * the kline pushes of the same second leave in the same task as `market-candle` events, so the
 * price and the chart re-render in one pass per flush, not one per push and none for the feed
 * itself (docs/decisions/pages.md "One render per flush").
 */
export function useLiveTickers(symbols: readonly string[], topics: readonly string[], pollMs: number, onTickers: (tickers: MarketTickers) => void): void {
  const runtime = useClientRuntime()
  const source = useMarketSource()
  const visible = usePageVisible()
  const key = [...symbols.map((s) => `tickers.${s}`), ...topics].join(',')
  const tickers = useRef<MarketTickers>({})
  const hand = useRef(onTickers)
  useEffect(() => {
    hand.current = onTickers
  }, [onTickers])
  const [batch] = useState(createPushBatch)
  const apply = useRef((update: Readonly<Record<string, MarketTicker>>) => {
    const merged = mergeTickers<MarketTicker>(tickers.current, update)
    if (merged === tickers.current) return
    tickers.current = merged
    hand.current(merged)
  })
  useEffect(() => {
    const flush = browserTimers.setInterval(() => {
      const pushed = batch.take()
      if (!pushed) return
      apply.current(pushed.tickers)
      for (const detail of pushed.candles) window.dispatchEvent(new CustomEvent('market-candle', { detail }))
    }, FLUSH_MS)
    return () => browserTimers.clearInterval(flush)
  }, [batch])
  // One socket per (stream, topics) while visible; its state is only believed for that socket.
  const streamUrl = source?.streamUrl ?? null
  const streamKey = streamUrl && visible && key !== '' ? `${streamUrl} ${key}` : null
  const [socket, setSocket] = useState<{ key: string; state: 'open' | 'closed' } | null>(null)
  const socketState = streamKey === null ? 'closed' : socket?.key === streamKey ? socket.state : 'trying'

  useEffect(() => {
    if (!streamKey || !streamUrl) return
    const stream = openMarketStream({
      url: streamUrl,
      topics: key.split(','),
      open: (url) => new WebSocket(url),
      timers: browserTimers,
      onState: (state) => setSocket({ key: streamKey, state }),
      onTicker: (ticker) => batch.addTicker(ticker),
      onCandle: (interval, symbol, candle) => batch.addCandle({ interval, symbol, candle }),
    })
    return () => stream.close()
  }, [streamKey, streamUrl, key, batch])

  const polled = symbols.length === 1 ? symbols[0] : undefined
  const sourceKey = source?.key ?? null
  const polling = sourceKey !== null && visible && socketState === 'closed'
  useEffect(() => {
    if (!polling) return
    const poll = startTickerPoll({
      client: marketClientOf(runtime),
      symbol: polled,
      everyMs: pollMs,
      timers: browserTimers,
      visibility: browserVisibility,
      onTickers: (update) => apply.current(update),
      // A failed poll changes nothing shown; the next one is an interval later.
      onError: () => {},
    })
    return () => poll.stop()
    // The source's key restarts the poll where the data moved to.
  }, [polling, sourceKey, runtime, polled, pollMs])
}

'use client'

import { useEffect, useRef, useState } from 'react'
import useSWR from 'swr'
import { openMarketStream, publicStreamUrl } from '@/lib/market-data/stream'
import { fetchTickers, mergeTickers, type MarketTicker, type MarketTickers, type Ticker, type Tickers } from '@/lib/market-data/tickers'
import { useMarketSource } from './useMarketSource'
import { usePageVisible } from './usePageVisible'

/** Pushes are applied at most this often: a markets page follows 100 pairs, each pushed every second. */
export const FLUSH_MS = 1_000

/** How often the tickers endpoint is polled while the websocket is not connected (and the tab is visible). */
export const TICKER_POLL_MS = 5_000

const timers = {
  setInterval: (fn: () => void, ms: number) => window.setInterval(fn, ms),
  clearInterval: (handle: unknown) => window.clearInterval(handle as number),
}

/**
 * Live tickers from the server-rendered ones: the public websocket of the API host in use where
 * it connects, else SWR polling of the tickers endpoint there; nothing while the tab is hidden. A
 * move of the API host (route or fast path) closes the old socket and opens one at the new host
 * at once; the next poll already goes there. Updates merge, so nothing good is dropped.
 * `symbols` empty means every pair (poll only: one topic per pair would be hundreds).
 */
export function useLiveTickers(initial: MarketTickers, symbols: readonly string[], topics: readonly string[] = [], pollMs = TICKER_POLL_MS): MarketTickers {
  const apiHost = useMarketSource()
  const visible = usePageVisible()
  const [tickers, setTickers] = useState<MarketTickers>(initial)
  const key = [...symbols.map((s) => `tickers.${s}`), ...topics].join(',')
  const pending = useRef<Record<string, MarketTicker>>({})
  const onTicker = useRef((t: Ticker) => void (pending.current[t.symbol] = t))
  useEffect(() => {
    const flush = window.setInterval(() => {
      const batch = pending.current
      if (Object.keys(batch).length === 0) return
      pending.current = {}
      setTickers((current) => mergeTickers<MarketTicker>(current, batch))
    }, FLUSH_MS)
    return () => window.clearInterval(flush)
  }, [])
  // One socket per (API host, topics) while visible; its state is only believed for that socket.
  const streamKey = apiHost && visible && key !== '' ? `${apiHost} ${key}` : null
  const [socket, setSocket] = useState<{ key: string; state: 'open' | 'closed' } | null>(null)
  const socketState = streamKey === null ? 'closed' : socket?.key === streamKey ? socket.state : 'trying'

  useEffect(() => {
    if (!streamKey || !apiHost) return
    const stream = openMarketStream({
      url: publicStreamUrl(apiHost),
      topics: key.split(','),
      open: (url) => new WebSocket(url),
      ...timers,
      onState: (state) => setSocket({ key: streamKey, state }),
      onTicker: onTicker.current,
      onCandle: (interval, symbol, candle) => window.dispatchEvent(new CustomEvent('market-candle', { detail: { interval, symbol, candle } })),
    })
    return () => stream.close()
  }, [streamKey, apiHost, key])

  const polled = symbols.length === 1 ? symbols[0] : undefined
  const polling = apiHost !== null && visible && socketState === 'closed'
  useSWR(polling ? (['tickers', apiHost, polled] as const) : null, ([, host, symbol]) => fetchTickers(fetch, host, { symbol }), {
    refreshInterval: pollMs,
    revalidateOnFocus: false,
    dedupingInterval: pollMs / 2,
    onSuccess: (update: Tickers) => setTickers((current) => mergeTickers<MarketTicker>(current, update)),
  })
  return tickers
}

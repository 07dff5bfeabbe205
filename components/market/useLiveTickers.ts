'use client'

import { useEffect, useRef, useState } from 'react'
import useSWR from 'swr'
import { openMarketStream, publicStreamUrl } from '@/lib/market-data/stream'
import { mergeTickers, parseTickersAnswer, type MarketTicker, type MarketTickers, type Ticker, type Tickers } from '@/lib/market-data/tickers'
import { useMarketSource } from './useMarketSource'
import { usePageVisible } from './usePageVisible'

/** Pushes are applied at most this often: a markets page follows 100 pairs, each pushed every second. */
export const FLUSH_MS = 1_000

/** Polling period of one pair while the websocket is not connected (and the tab is visible). */
export const POLL_MS = 5_000

const timers = {
  setInterval: (fn: () => void, ms: number) => window.setInterval(fn, ms),
  clearInterval: (handle: unknown) => window.clearInterval(handle as number),
}

async function fetchTickers(url: string): Promise<Tickers> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`tickers: HTTP ${res.status}`)
  return parseTickersAnswer(await res.json())
}

/**
 * Live tickers from the server-rendered ones: the public websocket of the data origin where it
 * connects, else SWR polling of the tickers endpoint there; nothing while the tab is hidden. A
 * move of the origin (route or fast path) closes the old socket and opens one at the new origin
 * at once; the next poll already goes there. Updates merge, so nothing good is dropped.
 * `symbols` empty means every pair (poll only: one topic per pair would be hundreds).
 */
export function useLiveTickers(initial: MarketTickers, symbols: readonly string[], topics: readonly string[] = [], pollMs = POLL_MS): MarketTickers {
  const origin = useMarketSource()
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
  // One socket per (origin, topics) while visible; its state is only believed for that socket.
  const streamKey = origin && visible && key !== '' ? `${origin} ${key}` : null
  const [socket, setSocket] = useState<{ key: string; state: 'open' | 'closed' } | null>(null)
  const socketState = streamKey === null ? 'closed' : socket?.key === streamKey ? socket.state : 'trying'

  useEffect(() => {
    if (!streamKey || !origin) return
    const stream = openMarketStream({
      url: publicStreamUrl(origin),
      topics: key.split(','),
      open: (url) => new WebSocket(url),
      ...timers,
      onState: (state) => setSocket({ key: streamKey, state }),
      onTicker: onTicker.current,
      onCandle: (interval, symbol, candle) => window.dispatchEvent(new CustomEvent('market-candle', { detail: { interval, symbol, candle } })),
    })
    return () => stream.close()
  }, [streamKey, origin, key])

  const query = symbols.length === 1 ? `&symbol=${encodeURIComponent(symbols[0] ?? '')}` : ''
  const polling = origin !== null && visible && socketState === 'closed'
  useSWR(polling ? `${origin}/v5/market/tickers?category=spot${query}` : null, fetchTickers, {
    refreshInterval: pollMs,
    revalidateOnFocus: false,
    dedupingInterval: pollMs / 2,
    onSuccess: (update: Tickers) => setTickers((current) => mergeTickers<MarketTicker>(current, update)),
  })
  return tickers
}

'use client'

import { useEffect, useRef, useState } from 'react'
import { openMarketStream, type MarketStream } from '@/lib/market-data/stream'
import { createPushBatch } from '@/lib/market-data/push-batch'
import { startTickerPoll } from '@/lib/market-data/ticker-poll'
import { mergeTickers, type MarketTicker, type MarketTickers } from '@/lib/market-data/tickers'
import type { LiveCause } from '@/lib/market-data/live-state'
import { TimeoutError } from '@/lib/http/errors'
import { browserTimers, browserVisibility } from '@/lib/browser-runtime/browser-env'
import { useClientRuntime } from '../runtime/ClientRuntime'
import { marketClientOf, useMarketSource } from './useMarketSource'
import { usePageVisible } from './usePageVisible'
import { useMarketChannel } from './market-channel'

/** Pushes are applied at most this often: a markets page follows 100 pairs, each pushed every second. */
export const FLUSH_MS = 1_000

export { TICKER_POLL_MS } from '@/lib/market-data/constants'

/** Why a poll failed, as the live state counts it: the browser offline, no answer in time, or an error answer. */
function pollFailure(error: unknown): LiveCause {
  if (!navigator.onLine) return 'offline'
  return error instanceof TimeoutError ? 'silent' : 'failed'
}

/**
 * Live tickers from the public websocket of the API host in use where it connects, else polling
 * of the tickers endpoint through the request client (lib/market-data/ticker-poll.ts; under
 * fe.crossApi always polling, through /x-api); nothing while the tab is hidden. A move of the API
 * host (route or fast path) closes the old socket and opens one at the new host at once; the
 * poll starts over there. Updates merge, so nothing good is dropped.
 * `symbols` empty means every pair (poll only: one topic per pair would be hundreds).
 *
 * It also tells the runtime's live state what arrives and what stops (docs/decisions/client-wiring.md
 * "An honest live state"): a push or a poll's answer is fresh; the browser going offline, a socket
 * silent past its heartbeat or a failed poll is a gap. Back online, the socket is opened again
 * and the poll asks at once; the first push after a gap is applied at once, not at the next flush.
 *
 * The tickers are not this hook's state: each flush hands the merged tickers to `onTickers`, and
 * the kline pushes of the same second leave in the same task as `market-candle` events, so the
 * price and the chart re-render in one pass per flush, not one per push and none for the feed
 * itself (docs/decisions/pages.md "One render per flush").
 */
export function useLiveTickers(symbols: readonly string[], topics: readonly string[], pollMs: number, onTickers: (tickers: MarketTickers) => void): void {
  const runtime = useClientRuntime()
  const live = runtime.marketLive
  const source = useMarketSource()
  const visible = usePageVisible()
  const channel = useMarketChannel()
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
  const flush = useRef(() => {
    const pushed = batch.take()
    if (!pushed) return
    apply.current(pushed.tickers)
    for (const detail of pushed.candles) window.dispatchEvent(new CustomEvent('market-candle', { detail }))
  })
  useEffect(() => {
    const every = browserTimers.setInterval(() => flush.current(), FLUSH_MS)
    return () => browserTimers.clearInterval(every)
  }, [])

  // The browser's own word: offline is a gap at once; back online, the socket and the poll try again.
  const [reconnects, setReconnects] = useState(0)
  const pollNow = useRef<() => void>(() => {})
  useEffect(() => {
    const offline = () => live.lost('offline')
    const online = () => {
      setReconnects((n) => n + 1)
      pollNow.current()
    }
    if (!navigator.onLine) offline()
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    return () => {
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
    }
  }, [live])
  // Hidden, nothing is asked: shown again, the figures are not called live before a fresh one.
  useEffect(() => {
    if (!visible) live.pause()
  }, [visible, live])

  // One socket per (stream, topics, reconnect) while visible; its state is only believed for that socket.
  const streamUrl = source?.streamUrl ?? null
  const streamKey = streamUrl && visible && key !== '' ? `${streamUrl} ${key} ${reconnects}` : null
  const [socket, setSocket] = useState<{ key: string; state: 'open' | 'closed' } | null>(null)
  const socketState = streamKey === null ? 'closed' : socket?.key === streamKey ? socket.state : 'trying'

  useEffect(() => {
    if (!streamKey || !streamUrl) return
    // The book and the trades ride this socket (lib/market-data/market-channel.ts): attached before its first message.
    const stream: MarketStream = openMarketStream({
      url: streamUrl,
      topics: key.split(','),
      open: (url) => new WebSocket(url),
      timers: browserTimers,
      now: Date.now,
      onState: (state, reason) => {
        if (reason === 'silent') live.lost(navigator.onLine ? 'silent' : 'offline')
        if (state === 'closed') channel?.detach(stream)
        setSocket({ key: streamKey, state })
      },
      // A push is fresh when it arrives (not when its flush applies it: the browser may have gone
      // offline in between). After a gap the first one shows at once, so the mark clears with the
      // price it vouches for.
      onTicker: (ticker) => {
        batch.addTicker(ticker)
        if (live.getSnapshot().state === 'live') return
        live.fresh()
        flush.current()
      },
      onCandle: (interval, symbol, candle) => {
        batch.addCandle({ interval, symbol, candle })
        live.fresh()
      },
      // Handed on as they come: the book keeps its own pace (one draw per frame), not the ticker's flush.
      onBook: (message) => channel?.book(message),
      onTrades: (data) => channel?.trades(data),
    })
    channel?.attach(stream)
    return () => {
      channel?.detach(stream)
      stream.close()
    }
  }, [streamKey, streamUrl, key, batch, live, channel])

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
      onTickers: (update) => {
        live.fresh()
        apply.current(update)
      },
      // The figures shown stay; the gap is marked, and the next poll is an interval later.
      onError: (error) => live.lost(pollFailure(error)),
    })
    pollNow.current = () => void poll.runNow()
    return () => {
      pollNow.current = () => {}
      poll.stop()
    }
    // The source's key restarts the poll where the data moved to.
  }, [polling, sourceKey, runtime, live, polled, pollMs])
}

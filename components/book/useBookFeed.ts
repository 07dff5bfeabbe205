'use client'

import { useEffect, useState } from 'react'
import { browserTimers, browserVisibility } from '@/lib/browser-runtime/browser-env'
import { createVisibleLoop } from '@/lib/engine-kit/visible-loop'
import { TimeoutError } from '@/lib/http/errors'
import { BOOK_FIRST_PAINT_MS, BOOK_POLL_MS, fetchBook, fetchTrades, TRADES_POLL_MS } from '@/lib/market-data/book-fetch'
import type { LiveCause } from '@/lib/market-data/live-state'
import { bookTopic, tradeTopic } from '@/lib/market-data/book-topics'
import { createBookKeeper, type BookKeeper, type BookKeeperSnapshot } from '@/lib/market-data/order-book'
import { createTradeTape, tradesOfAnswer, tradesOfPush, type TradeTape } from '@/lib/market-data/trade-tape'
import { useClientRuntime } from '../runtime/ClientRuntime'
import { useMarketChannel } from '../market/market-channel'
import { marketClientOf } from '../market/useMarketSource'
import { bookHealth } from './book-health'

export interface BookFeed {
  keeper: BookKeeper
  tape: TradeTape
  /** Told when the tape changed (trades arrive at their own pace: the view draws them in its next frame). */
  onTrades(listener: () => void): () => void
}

function pollFailure(error: unknown): LiveCause {
  if (!navigator.onLine) return 'offline'
  return error instanceof TimeoutError ? 'silent' : 'failed'
}

/**
 * The pair's book and trades, from the page's one market socket (the market channel) while one is
 * attached, else from REST through the request client (/x-api under fe.crossApi): the book every
 * BOOK_POLL_MS, the trades every TRADES_POLL_MS. The trades are asked once as the page opens; the
 * book's REST answer paints it first when no socket snapshot came within BOOK_FIRST_PAINT_MS.
 * A bad message's resubscribe goes to the socket, or, with none, is the next poll at once.
 * The runtime's live state is told of a failed poll (the price's own mark); a stale period makes
 * the book wait for its next snapshot (docs/decisions/pages.md "The order book and trades on the pair page").
 */
export function useBookFeed(symbol: string, title: string): BookFeed {
  const runtime = useClientRuntime()
  const channel = useMarketChannel()
  const [feed] = useState(() => {
    const listeners = new Set<() => void>()
    let pollBook: () => void = () => {}
    const keeper = createBookKeeper({
      symbol,
      timers: browserTimers,
      now: Date.now,
      monitor: runtime.monitor,
      resubscribe: () => {
        if (!channel?.resubscribe([bookTopic(symbol)])) pollBook()
      },
    })
    const tape = createTradeTape()
    return {
      keeper,
      tape,
      addTrades(trades: Parameters<TradeTape['add']>[0]) {
        if (tape.add(trades)) for (const l of listeners) l()
      },
      setPollBook(run: () => void) {
        pollBook = run
      },
      onTrades(listener: () => void) {
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
    }
  })
  const [attached, setAttached] = useState(() => channel?.attached() ?? false)

  // The socket's pushes, and its comings and goings: a new socket's book is waited for, the old one shown dimmed meanwhile.
  useEffect(() => {
    const { keeper } = feed
    const stop = channel?.listen(
      {
        onBook: (message) => keeper.push(message),
        onTrades: (data) => feed.addTrades(tradesOfPush(data, symbol)),
        onStream: (state) => {
          if (state === 'opened') keeper.restart()
          setAttached(state === 'opened')
        },
      },
      [bookTopic(symbol), tradeTopic(symbol)],
    )
    return () => {
      stop?.()
      keeper.stop()
    }
  }, [feed, channel, symbol])

  // The live state stale (offline, silent, a failed poll): the book waits for its next snapshot; live again, it asks for one.
  useEffect(() => {
    const live = runtime.marketLive
    let was = live.getSnapshot().state
    return live.subscribe(() => {
      const now = live.getSnapshot().state
      if (now === 'stale' && was !== 'stale') feed.keeper.restart()
      if (now === 'live' && was === 'stale' && feed.keeper.getSnapshot().state !== 'live') channel?.resubscribe([bookTopic(symbol)])
      was = now
    })
  }, [runtime, feed, channel, symbol])

  // The trades: asked at once (the page opens, a socket attaches), then polled while no socket carries them.
  useEffect(() => {
    const client = marketClientOf(runtime)
    let asked = false
    const loop = createVisibleLoop({
      timers: browserTimers,
      visibility: browserVisibility,
      immediate: true,
      nextDelay: () => TRADES_POLL_MS,
      run: async (signal) => {
        if (attached && asked) return
        asked = true
        const result = await fetchTrades(client, symbol, signal)
        if (!signal.aborted) feed.addTrades(tradesOfAnswer(result, symbol))
      },
      // With a socket attached, the socket's heartbeat says whether the market data stopped.
      onError: (error) => attached || runtime.marketLive.lost(pollFailure(error)),
    })
    loop.start()
    return () => loop.stop()
  }, [runtime, feed, symbol, attached])

  // The book: polled every second while no socket carries it; with one, asked only while its first snapshot is late.
  // The first run waits BOOK_FIRST_PAINT_MS either way: a socket's snapshot usually comes first.
  useEffect(() => {
    const client = marketClientOf(runtime)
    const { keeper } = feed
    const loop = createVisibleLoop({
      timers: browserTimers,
      visibility: browserVisibility,
      nextDelay: (i) => (i === 0 ? BOOK_FIRST_PAINT_MS : BOOK_POLL_MS),
      run: async (signal) => {
        // With a socket, REST paints only a first snapshot that is late; later ones come on the socket (resubscribed).
        if (attached && keeper.getSnapshot().state !== 'waiting') return
        const result = await fetchBook(client, symbol, signal)
        if (!signal.aborted) keeper.answer(result)
      },
      // With a socket attached, the socket's heartbeat says whether the market data stopped.
      onError: (error) => attached || runtime.marketLive.lost(pollFailure(error)),
    })
    loop.start()
    feed.setPollBook(() => void loop.runNow())
    return () => {
      feed.setPollBook(() => {})
      loop.stop()
    }
  }, [runtime, feed, symbol, attached])

  // The book's health (gaps in `u`, drops, incidents) for the network panel, when it changes.
  useEffect(() => {
    const { keeper } = feed
    let last: BookKeeperSnapshot | null = null
    const copy = () => {
      const s = keeper.getSnapshot()
      if (last && s.gaps === last.gaps && s.dropped === last.dropped && s.incidents === last.incidents) return
      last = s
      bookHealth.update(() => ({ symbol, title, gaps: s.gaps, dropped: s.dropped, incidents: s.incidents }))
    }
    copy()
    return keeper.subscribe(copy)
  }, [feed, symbol, title])

  return feed
}

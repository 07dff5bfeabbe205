'use client'

import { startTransition, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react'
import { useHydrated } from '../useHydrated'
import { lazyChunk } from '../lazy-chunk'
import { browserTimers, loadChunk } from '@/lib/browser-runtime/browser-env'
import { inTaskOfItsOwn } from '@/lib/engine-kit/later-task'
import type { MarketTickers } from '@/lib/market-data/tickers'

/** The formatting chunk (figures as text): loaded after hydration, null until then. */
export type FiguresModule = typeof import('@/lib/market-data/figures')

// Rendered, so loaded, only once hydrated: the live data's code (SWR, the stream client) is not first-load JavaScript.
const LiveFeed = lazyChunk(() => import('./LiveFeed').then((m) => m.default))

export interface LiveSubscription {
  symbols: readonly string[]
  topics?: readonly string[]
  pollMs?: number
}

/**
 * The live tickers, the formatting chunk and the feed element (which the caller renders anywhere;
 * it draws nothing). Pushes and the chunk arrive as transitions: re-rendering a table of prices
 * is work the browser may interrupt (docs/decisions/pages.md "Rendering without long tasks"). Callers
 * format where a ticker is shown (a memoised row formats its own), so no single render formats
 * a hundred prices at once.
 */
export function useLiveTickerFeed(live: LiveSubscription): [MarketTickers, FiguresModule | null, ReactNode] {
  const [tickers, setTickers] = useState<MarketTickers>({})
  const hydrated = useHydrated()
  const [format, setFormat] = useState<FiguresModule | null>(null)
  useEffect(
    () =>
      // The chunk's load (script elements added to the page) in a task of its own, not in the task of the page's effects.
      inTaskOfItsOwn(browserTimers, () => {
        let active = true
        // Until it loads (if it never does, for good), the figures are the server's.
        loadChunk(() => import('@/lib/market-data/figures')).then(
          (module) => active && startTransition(() => setFormat(module)),
          () => {},
        )
        return () => {
          active = false
        }
      }),
    [],
  )
  const onTickers = useCallback((next: MarketTickers) => startTransition(() => setTickers(next)), [])
  const feed = hydrated && (
    <Suspense fallback={null}>
      <LiveFeed symbols={live.symbols} topics={live.topics} pollMs={live.pollMs} onTickers={onTickers} />
    </Suspense>
  )
  return [tickers, format, feed]
}

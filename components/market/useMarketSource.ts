'use client'

import { useEffect, useState } from 'react'
import { createApiClient } from '@/lib/browser-runtime/api-client'
import type { ClientRuntime } from '@/lib/browser-runtime/runtime'
import type { HttpClient } from '@/lib/http/client'
import { marketStreamUrl } from '@/lib/market-data/stream'
import { useClientRuntime } from '../runtime/ClientRuntime'

/** Where the browser's market data goes now. */
export interface MarketSource {
  /** Changes whenever the data moves (route, fast path): the socket reopens, the chart asks again. */
  key: string
  /** The public websocket to open; null under fe.crossApi (/x-api carries no socket: the page polls through it). */
  streamUrl: string | null
}

/**
 * The market data's source: REST calls go through the request client (marketClientOf), which
 * resolves the API host, the fast path and fe.crossApi per request; the socket's URL is the
 * stream of the API host in use, through the fast path's rewrite (docs/decisions/client-wiring.md
 * "Live prices: websocket, else polling"). null until the network layer has decided (bounded
 * wait), so the first request already goes where the chooser sends it. Changes as soon as the
 * chooser or the fast path moves.
 */
export function useMarketSource(): MarketSource | null {
  const runtime = useClientRuntime()
  const [source, setSource] = useState<MarketSource | null>(null)
  useEffect(() => {
    let live = true
    const unsubscribes: (() => void)[] = []
    const update = () => {
      if (!live) return
      const next = marketSourceOf(runtime)
      setSource((previous) => (previous?.key === next.key ? previous : next))
    }
    const watch = () => {
      unsubscribes.splice(0).forEach((u) => u())
      const engines = runtime.network.getSnapshot()
      if (engines) unsubscribes.push(engines.chooser.subscribe(update), engines.fastPath.subscribe(update))
      update()
    }
    void runtime.ready.then(() => {
      if (!live) return
      unsubscribes.push(runtime.network.subscribe(watch))
      watch()
    })
    return () => {
      live = false
      unsubscribes.splice(0).forEach((u) => u())
    }
  }, [runtime])
  return source
}

function marketSourceOf(runtime: ClientRuntime): MarketSource {
  if (runtime.crossApi()) return { key: 'x-api', streamUrl: null }
  const streamUrl = marketStreamUrl(runtime.apiHost(), runtime.rewriteUrl)
  return { key: streamUrl, streamUrl }
}

const clients = new WeakMap<ClientRuntime, HttpClient>()

/** The page's one request client for market data (no language: the v5 market answers have none). */
export function marketClientOf(runtime: ClientRuntime): HttpClient {
  let client = clients.get(runtime)
  if (!client) clients.set(runtime, (client = createApiClient(runtime)))
  return client
}

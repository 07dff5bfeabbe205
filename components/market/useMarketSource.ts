'use client'

import { useEffect, useState } from 'react'
import { PUBLIC_WS_PATH } from '@/lib/market-data/stream'
import type { ClientRuntime } from '@/lib/browser-runtime/runtime'
import { useClientRuntime } from '../runtime/ClientRuntime'

/**
 * The API host the browser's market data goes to now (an origin, no path): the route chooser's,
 * or the fast path's host while the fast path rewrites API requests (docs/decisions/client-wiring.md "Live
 * prices: websocket, else polling"). null until the network layer has settled (bounded wait), so
 * the first request already goes where the chooser sends it. Changes as soon as the chooser or
 * the fast path moves.
 */
export function useMarketSource(): string | null {
  const runtime = useClientRuntime()
  const [apiHost, setApiHost] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    const unsubscribes: (() => void)[] = []
    const update = () => live && setApiHost(marketApiHost(runtime))
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
  return apiHost
}

function marketApiHost(runtime: ClientRuntime): string | null {
  try {
    return new URL(runtime.rewriteUrl(`${runtime.apiHost().replace(/\/$/, '')}${PUBLIC_WS_PATH}`), window.location.href).origin
  } catch {
    return null
  }
}

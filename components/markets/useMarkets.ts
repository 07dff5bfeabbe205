'use client'

import useSWR from 'swr'
import { createHttpClient } from '@/lib/http/client'
import { preferBetter, toMarketsView, type MarketsView } from '@/lib/markets/view'
import { createBrowserStorage, SYMBOL_STORAGE_KEYS } from '@/lib/storage'
import { createSymbolLoader, type SymbolLoader } from '@/lib/symbols'
import { useClientRuntime, type ClientRuntime } from '../runtime/ClientRuntime'

/** Per language: the browser's loader and the list the page shows now. */
const loaders = new Map<string, SymbolLoader>()
const shown = new Map<string, MarketsView>()

function loaderFor(runtime: ClientRuntime, language: { code: string; locale: string }): SymbolLoader {
  let loader = loaders.get(language.code)
  if (!loader) {
    const client = createHttpClient({ baseUrl: runtime.apiBaseUrl, crossApi: runtime.crossApi, fetch: (input, init) => fetch(input, init), language, rewriteUrl: runtime.rewriteUrl })
    const storage = createBrowserStorage(() => window.localStorage, { ownKeys: SYMBOL_STORAGE_KEYS })
    loader = createSymbolLoader({ client, storage, monitor: runtime.monitor, now: Date.now, language: language.code })
    loaders.set(language.code, loader)
  }
  return loader
}

/**
 * The server's list is the SWR fallback; the browser then revalidates through its own chain
 * (its localStorage caches, the chosen API host) and never swaps in a worse list.
 */
export function useMarkets(initial: MarketsView, language: { code: string; locale: string }): MarketsView {
  const runtime = useClientRuntime()
  const { data } = useSWR(
    ['markets', language.code],
    async () => {
      await runtime.ready
      const incoming = toMarketsView(await loaderFor(runtime, language).load())
      const next = preferBetter(shown.get(language.code) ?? initial, incoming, Date.now())
      shown.set(language.code, next)
      return next
    },
    { fallbackData: initial, revalidateOnFocus: false, dedupingInterval: 30_000, refreshInterval: 60_000 },
  )
  return data
}

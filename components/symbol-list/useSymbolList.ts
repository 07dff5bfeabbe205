'use client'

import { useEffect, useState } from 'react'
import useSWR from 'swr'
import {
  firstRevalidation,
  keepUnchanged,
  LIST_IDLE_TIMEOUT_MS,
  LIST_REFRESH_MS,
  LIST_SETTLE_MS,
  preferBetter,
  toSymbolListView,
  type SymbolListView,
} from '@/lib/symbol-view/view'
import type { SymbolLoader } from '@/lib/symbols'
import { browserIdle, browserTimers } from '@/lib/browser-runtime/browser-env'
import type { ClientRuntime } from '@/lib/browser-runtime/runtime'
import { KeptPromises } from '@/lib/engine-kit/kept-promises'
import { nextTask, whenSettled } from '@/lib/engine-kit/later-task'
import { useClientRuntime } from '../runtime/ClientRuntime'
import { reportLoadFailure } from './LoadFailureNotice'

/** Per language: the browser's loader (a chunk that failed to load is tried again next time) and the list the page shows now. */
const loaders = new KeptPromises<SymbolLoader>()
const shown = new Map<string, SymbolListView>()

/**
 * The browser's symbol-list chain (request client, schemas, bignumber.js) is a chunk of its own:
 * the page renders and hydrates from the server's list, and the chain loads for the first
 * revalidation (docs/decisions/client-wiring.md "First-load JavaScript").
 */
function loaderFor(runtime: ClientRuntime, language: { code: string; locale: string }, seed: string | undefined): Promise<SymbolLoader> {
  return loaders.get(language.code, () =>
    Promise.all([
      import('@/lib/browser-runtime/api-client'),
      import('@/lib/storage'),
      import('@/lib/symbols'),
      import('@/lib/symbols/seed'),
      import('@/lib/symbol-view/load-failure'),
      import('@/lib/symbols/seed-text'),
    ]).then(
      async ([
        { createApiClient },
        { createBrowserStorage },
        { createSymbolLoader, SYMBOL_STORAGE_KEYS },
        { seedSymbolCache },
        { watchLoadFailures },
        { parseSeedText },
      ]) => {
        // The chunks' evaluation, each seeded record and each step of a load are separate tasks, so none of them blocks input for long.
        const between = () => nextTask(browserTimers)
        await between()
        const client = createApiClient(runtime, language)
        const onProblem = (problem: { kind: string; key?: string; detail: string }) => runtime.monitor.event('symbol_storage_problem', { ...problem })
        const storage = createBrowserStorage(() => window.localStorage, { ownKeys: SYMBOL_STORAGE_KEYS })
        // The page's own list seeds the caches, so the first load is conditional (docs/decisions/pages.md "The browser starts from the embedded pair list").
        const parsed = seed === undefined ? undefined : await parseSeedText(seed)
        if (parsed) {
          await between()
          seedSymbolCache(storage, parsed, 'symbol', language.code, onProblem)
          await between()
          seedSymbolCache(storage, parsed, 'incremental', language.code, onProblem)
        } else if (seed !== undefined) onProblem({ kind: 'corrupt', detail: 'embedded seed is not gzip JSON in base64' })
        const monitor = watchLoadFailures(runtime.monitor, (failure) => reportLoadFailure(language.code, failure))
        await between()
        return createSymbolLoader({ client, storage, monitor, now: Date.now, language: language.code, unchanged: 'confirm', between })
      },
    ),
  )
}

/**
 * The server's list is the SWR fallback; the browser then revalidates through its own chain
 * (its localStorage caches, the chosen API host) and never swaps in a worse list.
 */
export function useSymbolList(initial: SymbolListView, seed: string | undefined, language: { code: string; locale: string }): SymbolListView {
  const runtime = useClientRuntime()
  // Decided once, at mount, from the list's age then (docs/decisions/pages.md "The first revalidation waits for the list's age").
  const [first] = useState(() => firstRevalidation(initial.provenance, Date.now()))
  const { data, mutate } = useSWR(
    ['markets', language.code],
    async () => {
      const [loader] = await Promise.all([loaderFor(runtime, language, seed), runtime.ready])
      const incoming = toSymbolListView(await loader.load())
      const current = shown.get(language.code) ?? initial
      // Unchanged rows keep their objects, so the memoised table rows do not render again.
      const next = keepUnchanged(current, preferBetter(current, incoming, Date.now()))
      shown.set(language.code, next)
      // SWR hands the list to React in the task that resolves this promise, and React renders it
      // there and then (a store update): that render gets a task of its own.
      await nextTask(browserTimers)
      return next
    },
    {
      fallbackData: initial,
      revalidateOnMount: first === 'on-mount',
      revalidateOnFocus: false,
      dedupingInterval: 30_000,
      refreshInterval: LIST_REFRESH_MS,
      // By identity: each load's list carries a new provenance (its fetchedAt or age), so SWR's
      // default deep compare walked both 600-row lists on every revalidation only to find them
      // different, and keepUnchanged already keeps what did not change.
      compare: (a, b) => a === b,
    },
  )
  useEffect(() => {
    if (first !== 'after-settle') return
    return whenSettled(browserTimers, browserIdle(), () => void mutate(), { delayMs: LIST_SETTLE_MS, idleTimeoutMs: LIST_IDLE_TIMEOUT_MS })
  }, [first, mutate])
  return data
}

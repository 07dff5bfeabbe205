'use client'

import { useEffect, useState, useSyncExternalStore } from 'react'
import useSWR from 'swr'
import {
  firstRevalidation,
  keepUnchanged,
  LIST_IDLE_TIMEOUT_MS,
  LIST_REFRESH_MS,
  LIST_QUIET_MS,
  preferBetter,
  toSymbolListView,
  type SymbolListView,
} from '@/lib/symbol-view/view'
import { isWhole } from '@/lib/symbol-view/whole-list'
import type { SymbolLoader } from '@/lib/symbols'
import type { SymbolCacheSeed } from '@/lib/symbols/seed'
import { browserIdle, browserTimers } from '@/lib/browser-runtime/browser-env'
import type { ClientRuntime } from '@/lib/browser-runtime/runtime'
import { createExternalStore } from '@/lib/engine-kit/external-store'
import { KeptPromises } from '@/lib/engine-kit/kept-promises'
import { IDLE_AFTER_HYDRATION, nextTask, whenQuiet } from '@/lib/engine-kit/later-task'
import { useClientRuntime } from '../runtime/ClientRuntime'
import { reportLoadFailure } from './LoadFailureNotice'
import { wholeListAt } from './whole-list-source'

/** Per language: the browser's loader (a chunk that failed to load is tried again next time). */
const loaders = new KeptPromises<SymbolLoader>()
/** Per language: the list the page shows now, the store the table reads. */
const shown = createExternalStore<ReadonlyMap<string, SymbolListView>>(new Map())

function show(language: string, view: SymbolListView): void {
  shown.update((previous) => new Map(previous).set(language, view))
}

/**
 * The browser's symbol-list chain (request client, schemas, bignumber.js) is a chunk of its own:
 * the page renders and hydrates from the server's list, and the chain loads for the first
 * revalidation (docs/decisions/client-wiring.md "First-load JavaScript").
 */
function loaderFor(
  runtime: ClientRuntime,
  language: { code: string; locale: string },
  seed: () => Promise<SymbolCacheSeed | undefined>,
): Promise<SymbolLoader> {
  return loaders.get(language.code, () =>
    Promise.all([
      import('@/lib/browser-runtime/api-client'),
      import('@/lib/storage'),
      import('@/lib/symbols'),
      import('@/lib/symbols/seed'),
      import('@/lib/symbol-view/load-failure'),
    ]).then(
      async ([{ createApiClient }, { createBrowserStorage }, { createSymbolLoader, SYMBOL_STORAGE_KEYS }, { seedSymbolCache }, { watchLoadFailures }]) => {
        // The chunks' evaluation, each seeded record and each step of a load are separate tasks, so none of them blocks input for long.
        const between = () => nextTask(browserTimers)
        await between()
        const client = createApiClient(runtime, language)
        const onProblem = (problem: { kind: string; key?: string; detail: string }) => runtime.monitor.event('symbol_storage_problem', { ...problem })
        const storage = createBrowserStorage(() => window.localStorage, { ownKeys: SYMBOL_STORAGE_KEYS })
        // The page's own list seeds the caches, so the first load is conditional (docs/decisions/pages.md
        // "The browser starts from the page's symbol list"); its records come with the whole list.
        const records = await seed()
        if (records) {
          await between()
          seedSymbolCache(storage, records, 'symbol', language.code, onProblem)
          await between()
          seedSymbolCache(storage, records, 'incremental', language.code, onProblem)
        }
        const monitor = watchLoadFailures(runtime.monitor, (failure) => reportLoadFailure(language.code, failure))
        await between()
        return createSymbolLoader({ client, storage, monitor, now: Date.now, language: language.code, unchanged: 'confirm', between })
      },
    ),
  )
}

/** The markets page's whole list: the resource's URL, and whether it carries the records that seed the caches. */
export interface WholeListRef {
  url: string
  seeded: boolean
}

/**
 * The list the markets page shows. It starts from the page's first rows; the whole list
 * completes them after hydration (the same list, so it keeps the page's provenance: docs/decisions/pages.md
 * "The whole list is one immutable resource"). The browser then revalidates through its own chain
 * (its localStorage caches, the chosen API host) and never swaps in a worse list; when the whole
 * list's version is gone or never comes, that chain loads the list at once instead.
 */
export function useSymbolList(initial: SymbolListView, whole: WholeListRef, language: { code: string; locale: string }): SymbolListView {
  const runtime = useClientRuntime()
  // Decided once, at mount, from the list's age then (docs/decisions/pages.md "The first revalidation waits for the list's age").
  const [first] = useState(() => firstRevalidation(initial.provenance, Date.now()))
  const { mutate } = useSWR(
    ['markets', language.code],
    async () => {
      const seed = () =>
        whole.seeded
          ? wholeListAt(whole.url, initial.provenance).then(
              (loaded) => loaded.seed,
              () => undefined,
            )
          : Promise.resolve(undefined)
      const [loader] = await Promise.all([loaderFor(runtime, language, seed), runtime.ready])
      const incoming = toSymbolListView(await loader.load())
      const current = shown.getSnapshot().get(language.code) ?? initial
      // Unchanged rows keep their objects, so the memoised table rows do not render again.
      const next = keepUnchanged(current, preferBetter(current, incoming, Date.now()))
      // The table renders the list in a task of its own, not the one that finished the load.
      await nextTask(browserTimers)
      show(language.code, next)
      return next
    },
    {
      revalidateOnMount: first === 'on-mount',
      revalidateOnFocus: false,
      dedupingInterval: 30_000,
      refreshInterval: LIST_REFRESH_MS,
      // The list lives in the store above: SWR only schedules the loads, so nothing is compared.
      compare: () => true,
    },
  )
  useEffect(() => {
    if (first !== 'after-quiet') return
    return whenQuiet(browserTimers, browserIdle(), () => void mutate(), { delayMs: LIST_QUIET_MS, idleTimeoutMs: LIST_IDLE_TIMEOUT_MS })
  }, [first, mutate])
  // The whole list, asked for once hydrated and idle (at most 2 s on: the rows nobody sees yet wait
  // for the hydration's busiest seconds to pass); it completes the first rows unless a load already replaced them.
  useEffect(
    () =>
      whenQuiet(
        browserTimers,
        browserIdle(),
        () => {
          let active = true
          wholeListAt(whole.url, initial.provenance).then(
            (loaded) => {
              const current = shown.getSnapshot().get(language.code) ?? initial
              if (!active || isWhole(current)) return
              show(language.code, keepUnchanged(current, { ...loaded.view, provenance: current.provenance }))
            },
            () => active && void mutate(),
          )
          return () => {
            active = false
          }
        },
        IDLE_AFTER_HYDRATION,
      ),
    [whole.url, initial, language.code, mutate],
  )
  return useSyncExternalStore(
    shown.subscribe,
    () => shown.getSnapshot().get(language.code) ?? initial,
    () => initial,
  )
}

'use client'

import { startTransition, useEffect, useState } from 'react'
import { browserIdle, browserTimers } from '@/lib/browser-runtime/browser-env'
import { IDLE_AFTER_HYDRATION, whenQuiet } from '@/lib/engine-kit/later-task'
import { withMoreFigures, type ServerFigures } from '@/lib/symbol-view/packed'
import { rowFiguresAt } from './whole-list-source'

/**
 * Every row's server figures once they came (`settled` also when they did not): the page's first
 * rows' until then (docs/decisions/pages.md "The whole list is one immutable resource").
 */
export function useRowFigures(page: ServerFigures, url: string): { figures: ServerFigures; settled: boolean } {
  const [more, setMore] = useState<{ figures: ServerFigures; settled: boolean }>({ figures: page, settled: false })
  useEffect(
    () =>
      // Once hydrated and idle (lib/engine-kit/later-task.ts IDLE_AFTER_HYDRATION): the first rows' figures are in the page.
      whenQuiet(
        browserTimers,
        browserIdle(),
        () => {
          let active = true
          const settle = (figures: ServerFigures) => active && startTransition(() => setMore({ figures, settled: true }))
          rowFiguresAt(url).then(
            (fetched) => settle(withMoreFigures(page, fetched)),
            () => settle(page),
          )
          return () => {
            active = false
          }
        },
        IDLE_AFTER_HYDRATION,
      ),
    [page, url],
  )
  return more
}

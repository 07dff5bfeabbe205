'use client'

import { Suspense, type ComponentProps } from 'react'
import type { SymbolList as SymbolListComponent } from './SymbolList'
import { lazyChunk } from '../lazy-chunk'

/**
 * The markets table's code (the list, its hooks, SWR, the row cells) is a chunk of its own,
 * requested when hydration reaches the table and hydrated once it has arrived, in tasks of its
 * own: the server's table stays on screen meanwhile, its controls disabled as before hydration. Hydrated with
 * the page's other code, the table's module graph and first render were one task of 110–150 ms at
 * 4× CPU (docs/decisions.md "The markets table hydrates from a chunk of its own").
 */
const SymbolList = lazyChunk(() => import('./SymbolList').then((m) => m.SymbolList))

export function MarketsTable(props: ComponentProps<typeof SymbolListComponent>) {
  return (
    <Suspense fallback={null}>
      <SymbolList {...props} />
    </Suspense>
  )
}

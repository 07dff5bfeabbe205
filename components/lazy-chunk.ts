import { lazy, type ComponentType } from 'react'
import { loadChunk } from '@/lib/browser-runtime/browser-env'

/** React.lazy over loadChunk: a failed load does not put the page's error screen where the server's HTML was. */
export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await loadChunk(load) }))
}

import { lazy, type ComponentType } from 'react'
import { chunkRetry, retrying } from '@/lib/engine-kit/retry'
import { browserTimers } from '@/lib/browser-runtime/browser-env'

/**
 * A chunk of the page's own code, fetched again when it fails to load (chunkRetry): a dropped
 * connection would otherwise leave the page without the code for good (docs/decisions.md "Chunks
 * that fail to load are fetched again").
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return retrying(load, chunkRetry(browserTimers))
}

/** React.lazy over loadChunk: a failed load does not put the page's error screen where the server's HTML was. */
export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await loadChunk(load) }))
}

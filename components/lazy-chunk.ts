import { lazy, type ComponentType } from 'react'
import { loadChunk } from '@/lib/browser-runtime/browser-env'

/** React.lazy over loadChunk: a failed load does not put the page's error screen where the server's HTML was. */
export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await loadChunk(load) }))
}

/** Draws nothing: what an optional part becomes when its chunk cannot be loaded. */
const Nothing = () => null

/**
 * lazyChunk for a part the page does without (the offline layer): when its chunk still fails after
 * loadChunk's retries, it draws nothing instead of throwing, so no error screen replaces the page.
 */
export function optionalChunk<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await loadChunk(load).catch((): ComponentType<P> => Nothing) }))
}

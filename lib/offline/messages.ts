/**
 * The one message a page sends its service worker: keep this page (docs/decisions/offline.md
 * "What the worker keeps"). The document shown is read from the HTTP cache, which holds the very
 * answer on screen; a page reached by a client-side navigation is asked of the server.
 */
export interface SaveMessage {
  type: 'spot-save-page'
  /** Path and query of the page, on the worker's own origin. */
  path: string
  fromHttpCache: boolean
  /**
   * The /_next/static files the page has loaded (Resource Timing), read from the HTTP cache into
   * the worker's: the scripts of a first visit load before the worker controls the page.
   */
  assets: string[]
}

/** At most this many assets per message (a page loads about 20). */
export const MAX_ASSETS = 100

export function saveMessage(path: string, fromHttpCache: boolean, assets: readonly string[]): SaveMessage {
  return { type: 'spot-save-page', path, fromHttpCache, assets: assets.slice(0, MAX_ASSETS) }
}

export function isSaveMessage(data: unknown): data is SaveMessage {
  if (typeof data !== 'object' || data === null) return false
  const { type, path, fromHttpCache, assets } = data as Record<string, unknown>
  return (
    type === 'spot-save-page' &&
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    typeof fromHttpCache === 'boolean' &&
    Array.isArray(assets) &&
    assets.length <= MAX_ASSETS &&
    assets.every((asset) => typeof asset === 'string')
  )
}

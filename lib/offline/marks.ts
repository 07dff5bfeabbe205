/**
 * The two marks a page carries about its age (docs/decisions/offline.md "The saved-copy notice"):
 * its render time, written by the server in each render of the page (so a copy kept by the ISR
 * cache, the edge or the service worker keeps it), and the saved-copy mark the worker adds to the
 * document it serves from its cache.
 */

/** On the notice's root in every page: the ISO 8601 time of the render that made the HTML. */
export const RENDERED_AT_ATTRIBUTE = 'data-rendered-at'

/** On `<html>` of a document the worker served from its cache: the ISO time it was saved. */
export const SAVED_COPY_ATTRIBUTE = 'data-saved-copy'

/** The render time in a page's HTML (ms since the epoch), or null when the HTML has none or a bad one. */
export function readRenderedAt(html: string): number | null {
  // Made here, not at the module's top: a page that imports only the names above builds no RegExp.
  const value = new RegExp(`\\s${RENDERED_AT_ATTRIBUTE}="([^"]+)"`).exec(html)?.[1]
  if (value === undefined) return null
  const time = Date.parse(value)
  return Number.isFinite(time) ? time : null
}

/** The document with the saved-copy mark on its `<html>`; unchanged when it has no `<html>` tag. */
export function markSavedCopy(html: string, savedAt: number): string {
  return html.replace(/<html(?=[\s>])/i, `<html ${SAVED_COPY_ATTRIBUTE}="${new Date(savedAt).toISOString()}"`)
}

/** The page's age in whole minutes as the browser's clock reads it; a render "in the future" (clock skew) is 0. */
export function ageMinutes(renderedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - renderedAt) / 60_000))
}

/** Whether a page says how old it is: a saved copy always, a network answer when it is older than `oldAfterMs`. */
export function showsAge(renderedAt: number, now: number, savedCopy: boolean, oldAfterMs: number): boolean {
  return savedCopy || now - renderedAt > oldAfterMs
}

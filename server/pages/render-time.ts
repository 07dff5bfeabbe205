/**
 * The time of this render, for the page's render-time mark (docs/decisions/offline.md "The
 * saved-copy notice"): an ISR page renders once per revalidation, so every copy of its HTML (the
 * ISR cache, the edge, the service worker) keeps the time it was made.
 */
export function renderTime(): string {
  return new Date().toISOString()
}

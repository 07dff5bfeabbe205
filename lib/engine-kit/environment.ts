/**
 * What the network engines (route chooser, fast path) and the HTTP client take injected from
 * their host, so they run under a fake clock with no DOM. The browser runtime binds these to
 * `window` timers, `document.visibilityState` and `visibilitychange`.
 */

/** `fetch` as the engines and the HTTP client call it (the browser's, Node's, or a test's). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/** Timers, injected so a fake scheduler owns the clock in tests. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Page visibility: probes must not run (no timer may fire) while the tab is hidden. */
export interface Visibility {
  isHidden(): boolean
  /** Called on every change; returns the unsubscribe function. */
  onVisibilityChange(listener: () => void): () => void
}

/** For the server and for tests that do not care: always visible, never changes. */
export const alwaysVisible: Visibility = {
  isHidden: () => false,
  onVisibilityChange: () => () => {},
}

/**
 * What the network engines (route chooser, fast path) and the HTTP client take injected from
 * their host, so they run under a fake clock with no DOM. The browser runtime binds these to
 * `window` timers, `document.visibilityState` and `visibilitychange`.
 */

/** `fetch` as the engines and the HTTP client call it (the browser's, Node's, or a test's). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/**
 * The timer provider everything that waits takes injected (TanStack query-core's
 * `TimeoutProvider` shape: timeouts, intervals and a name), so a fake clock owns time in tests and
 * the server passes its own too (docs/decisions/network-layer.md "One deadline, one timer provider").
 */
export interface Timers {
  /** Which clock this is: `system`, or a test's. */
  readonly name: string
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

type SystemTimerId = ReturnType<typeof setTimeout>

/**
 * The system's timers: the one place the global timer functions are named, browser and server
 * alike, so an audit that looks for real time finds every use by this name. Called through
 * wrappers, never held as references, so a test's fake globals still apply.
 */
export const systemTimers: Timers = {
  name: 'system',
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as SystemTimerId),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as SystemTimerId),
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

/**
 * What the network engines (route chooser, fast path) need from the browser, injected so they
 * run under a fake clock with no DOM. The lead binds these to `document.visibilityState`,
 * `visibilitychange` and an adapter over localStorage.
 */
export type { Timers } from '../http/options'

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

/**
 * The part of a key–value store the route chooser uses. Declared here (not imported from
 * lib/storage) so either that module's KeyValueStorage or a bare localStorage fits.
 */
export interface RouteStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): unknown
  removeItem(key: string): void
}

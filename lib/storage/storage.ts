/**
 * A small synchronous key–value store (SPEC §9 "local persistent cache"). The browser passes an
 * adapter over localStorage, the server an in-memory one; engines never touch either directly.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null
  /** false when the value was not kept (quota, budget, storage unavailable) — never a throw for those. */
  setItem(key: string, value: string): boolean
  removeItem(key: string): void
}

/** What went wrong under an adapter, for the monitor. The adapter has already recovered. */
export interface StorageProblem {
  kind: 'unavailable' | 'quota' | 'budget' | 'corrupt'
  key?: string
  detail: string
}

export type StorageProblemHandler = (problem: StorageProblem) => void

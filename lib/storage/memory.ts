import type { KeyValueStorage } from './storage'

/** The server's storage: a Map per process. Nothing persists across restarts, nothing is shared with the browser. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { keys(): string[] } {
  const items = new Map(Object.entries(initial))
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      items.set(key, value)
      return true
    },
    removeItem(key) {
      items.delete(key)
    },
    keys: () => [...items.keys()],
  }
}

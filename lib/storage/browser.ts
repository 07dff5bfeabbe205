import { LOCAL_CACHE_LIMIT_CHARS } from './limits'
import type { KeyValueStorage, StorageProblemHandler } from './storage'

/** The part of the Web Storage API the adapter uses (window.localStorage in the browser). */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface BrowserStorageOptions {
  /** The keys this adapter may touch; the budget and any eviction apply to them only. */
  ownKeys: readonly string[]
  /** SPEC §9: at most this many characters (keys plus values) across ownKeys. */
  budgetChars?: number
  onProblem?: StorageProblemHandler
}

function isQuotaError(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown }
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/**
 * Storage over localStorage that never throws: merely reading `window.localStorage` can throw a
 * SecurityError (cookies blocked, sandboxed frame), any call can, and a full quota throws on
 * write. Each becomes "not stored"/"not found" plus a problem report. On a full quota only our
 * own keys are evicted — never other engines' or other apps' data, never clear().
 * `source` may be a getter so the SecurityError of the property access itself is caught too.
 */
export function createBrowserStorage(source: StorageLike | (() => StorageLike | null | undefined), options: BrowserStorageOptions): KeyValueStorage {
  const { ownKeys, budgetChars = LOCAL_CACHE_LIMIT_CHARS, onProblem = () => {} } = options
  const own = new Set(ownKeys)

  function backend(): StorageLike | null {
    try {
      return (typeof source === 'function' ? source() : source) ?? null
    } catch (error) {
      onProblem({ kind: 'unavailable', detail: describe(error) })
      return null
    }
  }

  function assertOwn(key: string): void {
    // A key outside the list is a programming error, not a storage condition: fail loudly.
    if (!own.has(key)) throw new RangeError(`storage key "${key}" is not one of ${[...own].join(', ')}`)
  }

  function read(store: StorageLike, key: string): string | null {
    try {
      return store.getItem(key)
    } catch (error) {
      onProblem({ kind: 'unavailable', key, detail: describe(error) })
      return null
    }
  }

  function remove(store: StorageLike, key: string): void {
    try {
      store.removeItem(key)
    } catch (error) {
      onProblem({ kind: 'unavailable', key, detail: describe(error) })
    }
  }

  /** Characters our other keys hold now (re-read: another tab may have written them). */
  function usedByOthers(store: StorageLike, key: string): number {
    let used = 0
    for (const other of own) {
      const value = other === key ? null : read(store, other)
      if (value !== null) used += other.length + value.length
    }
    return used
  }

  function tryWrite(store: StorageLike, key: string, value: string): 'ok' | 'quota' | 'failed' {
    try {
      store.setItem(key, value)
      return 'ok'
    } catch (error) {
      if (isQuotaError(error)) return 'quota'
      onProblem({ kind: 'unavailable', key, detail: describe(error) })
      return 'failed'
    }
  }

  return {
    getItem(key) {
      assertOwn(key)
      const store = backend()
      return store ? read(store, key) : null
    },
    setItem(key, value) {
      assertOwn(key)
      const store = backend()
      if (!store) return false
      const needed = key.length + value.length
      if (usedByOthers(store, key) + needed > budgetChars) {
        onProblem({ kind: 'budget', key, detail: `${needed} characters would pass the ${budgetChars} budget` })
        return false
      }
      let outcome = tryWrite(store, key, value)
      // Quota: first give up this key's old value, then our other keys; someone else's data is never touched.
      for (const evict of [[key], [...own].filter((k) => k !== key)]) {
        if (outcome !== 'quota') break
        onProblem({ kind: 'quota', key, detail: `evicting ${evict.join(', ')}` })
        for (const k of evict) remove(store, k)
        outcome = tryWrite(store, key, value)
      }
      return outcome === 'ok'
    },
    removeItem(key) {
      assertOwn(key)
      const store = backend()
      if (store) remove(store, key)
    },
  }
}

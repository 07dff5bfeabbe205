/**
 * The observable half of every engine, shaped for React's useSyncExternalStore (as in TanStack
 * query-core): `getSnapshot` returns the same object until something changed, so React
 * re-renders only on real changes; listeners are told after the snapshot was replaced.
 */
export interface ExternalStore<T> {
  getSnapshot(): T
  subscribe(listener: () => void): () => void
}

export interface WritableStore<T> extends ExternalStore<T> {
  /** Replaces the snapshot with `update(previous)`; returning the previous object is "no change". */
  update(update: (previous: T) => T): void
}

export function createExternalStore<T>(initial: T): WritableStore<T> {
  let snapshot = initial
  const listeners = new Set<() => void>()
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    update(update) {
      const next = update(snapshot)
      if (Object.is(next, snapshot)) return
      snapshot = next
      for (const listener of [...listeners]) {
        try {
          listener()
        } catch {
          // A broken subscriber (a view) must not stop the engine or the other subscribers.
        }
      }
    },
  }
}

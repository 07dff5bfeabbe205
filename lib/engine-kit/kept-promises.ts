/**
 * Promises kept for reuse until they reject: the first caller's `start()` runs, every later
 * caller gets the same promise; one that rejected is forgotten (before its callers hear of it),
 * so the next caller starts afresh. The one "cache a promise, forget it on failure": the
 * runtime's config and engines chunk, the markets page's symbol-list loader per language.
 */
export class KeptPromises<V> {
  private readonly kept = new Map<string, Promise<V>>()

  get(key: string, start: () => Promise<V>): Promise<V> {
    const known = this.kept.get(key)
    if (known) return known
    const promise = start()
    this.kept.set(key, promise)
    promise.catch(() => {
      if (this.kept.get(key) === promise) this.kept.delete(key)
    })
    return promise
  }
}

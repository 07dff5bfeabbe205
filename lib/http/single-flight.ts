/**
 * Shares one in-flight promise between identical concurrent calls (SPEC §4 "requested one at a
 * time and the result shared"). The entry is dropped when the promise settles, so a later call
 * starts afresh. The project's one single-flight: the request client, the pair-list loader, the
 * server's refreshes and its fleet look all use it.
 */
export class SingleFlight<V> {
  private readonly inFlight = new Map<string, Promise<V>>()

  run(key: string, start: () => Promise<V>): Promise<V> {
    const existing = this.inFlight.get(key)
    if (existing) return existing
    const promise = start().finally(() => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key)
    })
    this.inFlight.set(key, promise)
    return promise
  }

  get size(): number {
    return this.inFlight.size
  }
}

/** The keyless form: `start` runs once at a time, every call meanwhile gets that run's promise. */
export function singleFlight<V>(start: () => Promise<V>): () => Promise<V> {
  const flights = new SingleFlight<V>()
  return () => flights.run('', start)
}

/**
 * Shares one in-flight promise between identical concurrent calls (SPEC §4 "requested one at a
 * time and the result shared"). The entry is dropped when the promise settles, so a later call
 * starts afresh. The project's one single-flight: the request client, the symbol-list loader, the
 * server's refreshes and its fleet look all use it.
 */
export class SingleFlight<V> {
  private readonly inFlight = new Map<string, Promise<V>>()

  /**
   * `signal`, the starting caller's: once it aborts, the flight is no longer joined (it will fail
   * for whoever shares it already), so a call right after (an effect run again with a new
   * controller) starts afresh rather than sharing a request on its way to failing.
   */
  run(key: string, start: () => Promise<V>, signal?: AbortSignal): Promise<V> {
    const existing = this.inFlight.get(key)
    if (existing) return existing
    const leave = () => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key)
    }
    const promise = start().finally(() => {
      leave()
      signal?.removeEventListener('abort', leave)
    })
    this.inFlight.set(key, promise)
    signal?.addEventListener('abort', leave, { once: true })
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

/**
 * The proxy's own connection limit, per upstream origin: a hung upstream holds at most `limit`
 * requests, and the next one is refused at once instead of queueing behind them
 * (docs/decisions/client-wiring.md "/x-api: connection limit and timeouts").
 */
export interface Slots {
  /** A release function (idempotent), or null when `key` already has `limit` in flight. */
  tryAcquire(key: string): (() => void) | null
  inFlight(key: string): number
}

export function createInFlightSlots(limit: number): Slots {
  const used = new Map<string, number>()
  return {
    tryAcquire(key) {
      const n = used.get(key) ?? 0
      if (n >= limit) return null
      used.set(key, n + 1)
      let released = false
      return () => {
        if (released) return
        released = true
        const left = (used.get(key) ?? 1) - 1
        if (left <= 0) used.delete(key)
        else used.set(key, left)
      }
    },
    inFlight: (key) => used.get(key) ?? 0,
  }
}

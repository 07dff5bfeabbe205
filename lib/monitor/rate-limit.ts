/**
 * A token bucket per key (the collector's rate bound): `capacity` requests at once, refilled at
 * `perSecond`. Keys are forgotten once full again, so the map cannot grow without bound for
 * long; `maxKeys` caps it outright against a flood of distinct keys.
 */
export interface RateLimiter {
  take(key: string): boolean
}

export function createRateLimiter({ capacity, perSecond, now, maxKeys = 10_000 }: { capacity: number; perSecond: number; now: () => number; maxKeys?: number }): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>()
  return {
    take(key) {
      const t = now()
      const bucket = buckets.get(key) ?? { tokens: capacity, at: t }
      bucket.tokens = Math.min(capacity, bucket.tokens + ((t - bucket.at) / 1000) * perSecond)
      bucket.at = t
      if (bucket.tokens < 1) return false
      bucket.tokens -= 1
      if (!buckets.has(key) && buckets.size >= maxKeys) {
        // Full of other keys: drop those that have refilled, else refuse rather than grow.
        for (const [k, b] of buckets) if (b.tokens + ((t - b.at) / 1000) * perSecond >= capacity) buckets.delete(k)
        if (buckets.size >= maxKeys) return false
      }
      buckets.set(key, bucket)
      return true
    },
  }
}

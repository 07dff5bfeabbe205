/**
 * A token bucket per key (the collector's rate bound): `capacity` requests at once, refilled at
 * `perSecond`. Key memory is an LRU of `maxKeys`: a flood of new keys evicts the least recently
 * seen bucket (which then starts full again) instead of growing the map or refusing new keys,
 * so distinct keys can neither exhaust memory nor lock other clients out.
 */
export interface RateLimiter {
  take(key: string): boolean
  /** Keys held now (at most maxKeys). */
  size(): number
}

export function createRateLimiter({
  capacity,
  perSecond,
  now,
  maxKeys = 10_000,
}: {
  capacity: number
  perSecond: number
  now: () => number
  maxKeys?: number
}): RateLimiter {
  // A Map iterates in insertion order: re-inserting on every use keeps the oldest first.
  const buckets = new Map<string, { tokens: number; at: number }>()
  return {
    take(key) {
      const t = now()
      const bucket = buckets.get(key) ?? { tokens: capacity, at: t }
      buckets.delete(key)
      bucket.tokens = Math.min(capacity, bucket.tokens + ((t - bucket.at) / 1000) * perSecond)
      bucket.at = t
      const allowed = bucket.tokens >= 1
      if (allowed) bucket.tokens -= 1
      buckets.set(key, bucket)
      if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value as string)
      return allowed
    },
    size: () => buckets.size,
  }
}

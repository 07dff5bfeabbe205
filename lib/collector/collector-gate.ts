import { createRateLimiter } from './rate-limit'

/** Per client: 30 batches at once, then one per 2 s (a page sends one per 5 s at most). */
export const MONITOR_CLIENT_RATE = { capacity: 30, perSecond: 0.5 }
/**
 * All clients together: what the process accepts in total, whatever the keys (rotating session
 * ids, many addresses). Sized for ~500 open pages at one batch per 5 s, with bursts.
 */
export const MONITOR_GLOBAL_RATE = { capacity: 200, perSecond: 100 }
/** Buckets remembered (LRU). */
export const MONITOR_MAX_KEYS = 10_000

export type Admission = 'accepted' | 'rate_limited' | 'global_limit'

/** The collector's two rate bounds: the client's own bucket first, then the global cap. */
export function createCollectorGate({
  now,
  maxKeys = MONITOR_MAX_KEYS,
  client = MONITOR_CLIENT_RATE,
  global = MONITOR_GLOBAL_RATE,
}: {
  now: () => number
  maxKeys?: number
  client?: typeof MONITOR_CLIENT_RATE
  global?: typeof MONITOR_GLOBAL_RATE
}) {
  const perClient = createRateLimiter({ ...client, now, maxKeys })
  const all = createRateLimiter({ ...global, now, maxKeys: 1 })
  return {
    admit(key: string): Admission {
      // A client over its own limit costs the others nothing: it never reaches the global bucket.
      if (!perClient.take(key)) return 'rate_limited'
      return all.take('all') ? 'accepted' : 'global_limit'
    },
    keys: () => perClient.size(),
  }
}

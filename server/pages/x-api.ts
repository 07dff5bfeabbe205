import { systemTimers } from '@/lib/engine-kit/environment'
import { createCrossApiProxy } from '@/lib/x-api/proxy'
import { processSingleton } from '../config/global'
import { metrics } from '../ops/observability'

/**
 * The one /x-api proxy of this process (its connection slots are process-wide): Node's fetch,
 * Node's timers, outcomes counted in /api/metrics. No log line per request: a client could
 * otherwise turn the proxy into a log flood.
 */
export const crossApiProxy = () =>
  processSingleton('x-api-proxy', () =>
    createCrossApiProxy({
      fetch: (input, init) => fetch(input, init),
      timers: systemTimers,
      onOutcome: (outcome) => metrics.crossApiRequests.inc({ outcome }),
    }),
  )

import { createCollectorGate } from '@/lib/collector/collector-gate'
import { systemTimers } from '@/lib/engine-kit/environment'
import { createMonitorAggregate, type Refusal } from '@/lib/collector/log-aggregate'
import { processSingleton } from '../config/global'
import { logger, metrics } from './observability'

/** One summary log line per interval at most (docs/decisions/client-wiring.md "Collector bounds"). */
export const MONITOR_LOG_INTERVAL_MS = 10_000

/** The collector's process-wide state: rate gate, log aggregate and its flush timer. */
export const monitorCollector = () =>
  processSingleton('monitor-collector', () => {
    const gate = createCollectorGate({ now: Date.now })
    const aggregate = createMonitorAggregate(Date.now)
    const flush = () => {
      const summary = aggregate.drain()
      if (summary) logger.info({ monitor: summary }, 'client monitor summary')
    }
    // unref (Node's timers have it): the timer never keeps a stopping process alive.
    const every = systemTimers.setInterval(flush, MONITOR_LOG_INTERVAL_MS) as { unref?: () => void }
    every.unref?.()
    return {
      gate,
      accepted(labels: readonly string[], dropped: number) {
        metrics.monitorBatches.inc({ outcome: 'accepted' })
        aggregate.accepted(labels, dropped)
      },
      refused(reason: Refusal) {
        metrics.monitorBatches.inc({ outcome: reason })
        aggregate.refused(reason)
      },
      flush,
    }
  })

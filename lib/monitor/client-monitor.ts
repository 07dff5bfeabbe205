import type { Timers } from '../engine-kit/environment'
import { MAX_BATCH_EVENTS, MAX_PAGE_LENGTH, type MonitorBatch, type MonitorBatchEvent } from './batch-limits'
import { createBatchQueue } from './batch-queue'
import type { MarketingParams } from './marketing'
import type { Monitor } from './monitor'
import { toBatchEvent } from './sanitize'

/**
 * The browser's monitor (SPEC §7): incidents and custom events are queued and posted in batches
 * through the injected `send` (the lead binds navigator.sendBeacon or fetch keepalive). Batches
 * leave when `maxBatch` events wait or `flushIntervalMs` after the first one, on coming back
 * online and on `flush()` (page hide). Logging never throws and never blocks: sending happens
 * from a timer, and while offline a bounded queue keeps the newest events, counting the drops.
 */
export interface ClientMonitorOptions {
  /**
   * Posts one batch; false (a beacon the browser would not queue) or a rejection keeps its events
   * for a retry; a promise of `'refused'` (the server said no: ./delivery.ts) drops them.
   */
  send(batch: MonitorBatch): Promise<'refused' | void> | boolean | void
  now: () => number
  timers: Timers
  maxBatch?: number
  flushIntervalMs?: number
  maxQueue?: number
  isOnline?: () => boolean
  onOnline?: (listener: () => void) => () => void
  marketing?: MarketingParams
  /** The current page's path (no query), read when a batch is built. */
  page?: () => string | undefined
}

export interface ClientMonitorStats {
  /** Events waiting. */
  queued: number
  /** Events dropped because the queue was full (offline for long). */
  dropped: number
  /** Events handed to `send` and not returned. */
  sent: number
  /** Deliveries (batches) that failed and were queued again. */
  failed: number
  /** Events of batches the server refused (429, 413, 400): dropped, never sent again. */
  refused: number
}

export interface ClientMonitor extends Monitor {
  /** Sends everything now, synchronously calling `send` (what pagehide needs). */
  flush(): void
  stats(): ClientMonitorStats
  stop(): void
}

export function createClientMonitor(options: ClientMonitorOptions): ClientMonitor {
  const { timers, now } = options
  const maxBatch = Math.max(1, Math.min(options.maxBatch ?? 20, MAX_BATCH_EVENTS))
  const flushIntervalMs = options.flushIntervalMs ?? 5000
  const maxQueue = Math.max(maxBatch, options.maxQueue ?? 200)
  const isOnline = options.isOnline ?? (() => true)
  const marketing = options.marketing && Object.keys(options.marketing).length ? options.marketing : undefined
  const queue = createBatchQueue(maxQueue, maxBatch)
  const counts = { sent: 0, failed: 0, refused: 0 }
  let timer: unknown
  let timerAt: 'soon' | 'interval' | null = null

  function schedule(when: 'soon' | 'interval'): void {
    if (timerAt === 'soon' || timerAt === when) return
    if (timerAt) timers.clearTimeout(timer)
    timerAt = when
    timer = timers.setTimeout(
      () => {
        timerAt = null
        guard(flushAll)
      },
      when === 'soon' ? 0 : flushIntervalMs,
    )
  }

  function failed(batch: MonitorBatch): void {
    counts.failed++
    queue.requeue(batch)
  }

  function base(): Omit<MonitorBatch, 'events'> {
    const page = options.page?.()?.slice(0, MAX_PAGE_LENGTH)
    return { ...(marketing && { marketing }), ...(page && { page }) }
  }

  function flushAll(): void {
    if (timerAt) timers.clearTimeout(timer)
    timerAt = null
    if (!isOnline()) {
      // Kept for later: the online listener flushes; without one, look again after the interval.
      if (!options.onOnline && queue.length()) schedule('interval')
      return
    }
    for (let batch = queue.take(base()); batch; batch = queue.take(base())) {
      const sent = batch
      let outcome: ReturnType<ClientMonitorOptions['send']>
      try {
        outcome = options.send(sent)
      } catch {
        outcome = false
      }
      if (outcome === false) {
        failed(sent)
        break // the transport refuses now; retry after the interval
      }
      counts.sent += sent.events.length
      if (outcome && typeof outcome === 'object' && 'then' in outcome) {
        Promise.resolve(outcome).then(
          (answer) => {
            if (answer !== 'refused') return
            counts.sent -= sent.events.length
            counts.refused += sent.events.length
          },
          () => {
            counts.sent -= sent.events.length
            failed(sent)
            schedule('interval')
          },
        )
      }
    }
    if (queue.length()) schedule('interval')
  }

  function add(event: MonitorBatchEvent): void {
    queue.push(event)
    if (queue.length() >= maxBatch && isOnline()) schedule('soon')
    else schedule('interval')
  }

  const unsubscribe = options.onOnline?.(() => guard(flushAll))

  return {
    incident: (code, detail) => guard(() => add(toBatchEvent({ type: 'incident', code }, detail, now()))),
    event: (name, detail) => guard(() => add(toBatchEvent({ type: 'event', name }, detail, now()))),
    flush: () => guard(flushAll),
    stats: () => ({ ...counts, queued: queue.length(), dropped: queue.dropped() }),
    stop() {
      guard(() => unsubscribe?.())
      if (timerAt) timers.clearTimeout(timer)
      timerAt = null
    },
  }
}

/** Monitoring is a side channel: nothing in it may throw into the code that logs. */
function guard(fn: () => void): void {
  try {
    fn()
  } catch {
    // Swallowed on purpose; there is no monitor for the monitor.
  }
}

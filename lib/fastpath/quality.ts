import type { Timers } from '../engine-kit/environment'
import type { Monitor } from '../monitor/monitor'
import type { Visibility } from '../engine-kit/environment'
import { createVisibleLoop } from '../engine-kit/visible-loop'
import { reportDelay, type FastPathTimings } from './cadence'
import { qualityReport, type FastPathSnapshot, type QualityReport } from './snapshot'

/**
 * Fast-path quality reports (SPEC §9: every 10 s, then every 30 s). They go through the injected
 * `report` (default: a monitor event), only while the fast path is on and the page visible, and
 * not at all when getproxy's monitor_switch said 0 for this user.
 */
export interface QualityReporterOptions {
  timers: Timers
  visibility: Visibility
  timings: FastPathTimings
  now: () => number
  monitor: Monitor
  report?: (report: QualityReport) => void
  snapshot: () => FastPathSnapshot
  onError(error: unknown): void
}

export interface QualityReporter {
  start(): void
  stop(): void
  countRewrite(): void
  /** getproxy's monitor_switch. */
  setAllowed(allowed: boolean): void
}

export function createQualityReporter(options: QualityReporterOptions): QualityReporter {
  const report = options.report ?? ((payload: QualityReport) => options.monitor.event('fast_path_quality', { ...payload }))
  let allowed = true
  let rewrites = 0
  let scheduled = 0

  function send(): void {
    const snapshot = options.snapshot()
    if (snapshot.state === 'off') return
    const payload = qualityReport(snapshot, rewrites, options.now())
    rewrites = 0
    if (!allowed) return
    try {
      report(payload)
    } catch (error) {
      // The reporter is the caller's; its failure says nothing about the fast path itself.
      options.monitor.event('fast_path_report_failed', { error: String(error) })
    }
  }

  const loop = createVisibleLoop({
    timers: options.timers,
    visibility: options.visibility,
    immediate: false,
    // Counted when scheduled, so the first three delays are the short ones.
    nextDelay: () => reportDelay(scheduled++, options.timings),
    run: send,
    onError: options.onError,
  })

  return {
    start: loop.start,
    stop: loop.stop,
    countRewrite() {
      rewrites++
    },
    setAllowed(value) {
      allowed = value
    },
  }
}

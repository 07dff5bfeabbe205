import type { Monitor } from '../monitor/monitor'

/**
 * A monitor that cannot break the pipeline: logging is a side channel, so a monitor that throws
 * is ignored rather than turning a good list into a fallback.
 */
export function guardMonitor(monitor: Monitor): Monitor {
  return {
    incident(code, detail) {
      try {
        monitor.incident(code, detail)
      } catch {
        // A failing monitor has nowhere to report to; the list matters more.
      }
    },
    event(name, detail) {
      try {
        monitor.event(name, detail)
      } catch {
        // As above.
      }
    },
  }
}

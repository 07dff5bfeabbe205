import type { Monitor } from './monitor'

/**
 * A monitor that cannot break its caller: logging is a side channel, so a monitor that throws
 * is ignored rather than turning a working route or fast path into an error.
 */
export function safeMonitor(monitor: Monitor): Monitor {
  return {
    incident(code, detail) {
      try {
        monitor.incident(code, detail)
      } catch {
        // A failing monitor has nowhere to report to.
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

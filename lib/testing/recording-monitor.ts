/** Test support shared across lib/: a monitor that keeps what it was told. */
import type { Monitor } from '../monitor/monitor'

export interface RecordedEntry {
  type: 'incident' | 'event'
  code?: number
  name?: string
  detail?: Record<string, unknown>
}

/** A monitor that keeps what it was told: incidents and events in order. */
export function createRecordingMonitor(): Monitor & { entries: RecordedEntry[]; codes(): number[] } {
  const entries: RecordedEntry[] = []
  return {
    entries,
    incident(code, detail) {
      entries.push({ type: 'incident', code, detail })
    },
    event(name, detail) {
      entries.push({ type: 'event', name, detail })
    },
    codes() {
      return entries.flatMap((e) => (e.code === undefined ? [] : [e.code]))
    },
  }
}

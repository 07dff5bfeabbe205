/**
 * The monitor interface every engine logs through (SPEC §7: "Monitoring logs go to a client
 * monitor, not a product API"). Server code passes a pino-backed monitor, the browser a batching
 * one, tests a recording one.
 */
export interface Monitor {
  /** An incident code of SPEC §8 (e.g. 11511509 "v3 request error") with context. */
  incident(code: number, detail?: Record<string, unknown>): void
  /** A named custom event (route switch, fast-path state change, …). */
  event(name: string, detail?: Record<string, unknown>): void
}

export const silentMonitor: Monitor = {
  incident() {},
  event() {},
}

export interface RecordedEntry {
  type: 'incident' | 'event'
  code?: number
  name?: string
  detail?: Record<string, unknown>
}

/** A monitor that keeps what it was told, for tests and for the server's health summary. */
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

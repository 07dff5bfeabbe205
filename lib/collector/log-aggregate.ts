/**
 * The collector's log: one line per interval with counts, not one line per event
 * (docs/decisions/client-wiring.md "Collector bounds"), so log volume no longer follows what clients send.
 * Labels are metricLabel()'s (known names and codes, else "other"): bounded.
 */
export type Refusal = 'rate_limited' | 'global_limit' | 'too_large' | 'invalid'

export interface MonitorSummary {
  from: string
  to: string
  batches: number
  events: number
  /** "incident:11511509", "event:fast_path_quality", "incident:other", … → count. */
  byLabel: Record<string, number>
  /** Events clients dropped themselves (offline queue full), as they reported. */
  clientDropped: number
  refused: Partial<Record<Refusal, number>>
}

export function createMonitorAggregate(now: () => number) {
  let from = now()
  let batches = 0
  let events = 0
  let clientDropped = 0
  let byLabel = new Map<string, number>()
  let refused = new Map<Refusal, number>()
  const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by)

  return {
    accepted(labels: readonly string[], dropped = 0) {
      batches++
      events += labels.length
      clientDropped += dropped
      for (const label of labels) bump(byLabel, label)
    },
    refused(reason: Refusal) {
      bump(refused, reason)
    },
    /** The interval's summary, or null when nothing happened; starts the next interval. */
    drain(): MonitorSummary | null {
      const to = now()
      const summary: MonitorSummary | null =
        batches === 0 && refused.size === 0
          ? null
          : {
              from: new Date(from).toISOString(),
              to: new Date(to).toISOString(),
              batches,
              events,
              byLabel: Object.fromEntries(byLabel),
              clientDropped,
              refused: Object.fromEntries(refused),
            }
      from = to
      batches = events = clientDropped = 0
      byLabel = new Map()
      refused = new Map()
      return summary
    },
  }
}

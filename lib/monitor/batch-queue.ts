import { MAX_BATCH_BYTES, type MonitorBatch, type MonitorBatchEvent } from './batch-limits'

/**
 * The client monitor's queue: bounded (the oldest events go first when full, and are counted),
 * cut into batches that respect both the event count and MAX_BATCH_BYTES. Drops not yet reported
 * ride along in the next batch's `dropped`, and come back if that batch is returned.
 */
export interface BatchQueue {
  push(event: MonitorBatchEvent): void
  /** The largest prefix of the queue that fits; null when empty. */
  take(base: Omit<MonitorBatch, 'events' | 'dropped'>): MonitorBatch | null
  /** A batch that could not be delivered goes back to the front. */
  requeue(batch: MonitorBatch): void
  length(): number
  /** Events dropped since creation. */
  dropped(): number
}

const utf8 = new TextEncoder()
const bytes = (value: unknown) => utf8.encode(JSON.stringify(value)).length

interface Entry {
  seq: number
  event: MonitorBatchEvent
}

export function createBatchQueue(maxQueue: number, maxEvents: number): BatchQueue {
  // Entries carry their arrival order, so batches that fail out of order go back in order.
  const queue: Entry[] = []
  const taken = new WeakMap<MonitorBatchEvent, number>()
  let seq = 0
  let dropped = 0
  let unreported = 0

  function drop(count: number): void {
    dropped += count
    unreported += count
  }

  function trim(): void {
    const excess = queue.length - maxQueue
    if (excess <= 0) return
    queue.splice(0, excess)
    drop(excess)
  }

  return {
    push(event) {
      queue.push({ seq: seq++, event })
      trim()
    },
    take(base) {
      const head: Omit<MonitorBatch, 'events'> = unreported ? { ...base, dropped: unreported } : base
      let size = bytes({ ...head, events: [] })
      const events: MonitorBatchEvent[] = []
      while (queue.length && events.length < maxEvents) {
        const first = queue[0] as Entry
        const extra = bytes(first.event) + (events.length ? 1 : 0)
        if (size + extra > MAX_BATCH_BYTES) {
          if (events.length) break
          queue.shift() // cannot fit even alone (sanitising makes this unreachable in practice)
          drop(1)
          continue
        }
        queue.shift()
        taken.set(first.event, first.seq)
        events.push(first.event)
        size += extra
      }
      if (!events.length) return null
      unreported = 0
      return { ...head, events }
    },
    requeue(batch) {
      queue.unshift(...batch.events.map((event) => ({ seq: taken.get(event) ?? -1, event })))
      queue.sort((a, b) => a.seq - b.seq)
      unreported += batch.dropped ?? 0
      trim()
    },
    length: () => queue.length,
    dropped: () => dropped,
  }
}

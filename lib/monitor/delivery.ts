import type { MonitorBatch } from './batch-limits'

/**
 * How a batch leaves the page (docs/decisions/client-wiring.md "A refused batch is dropped", "A
 * refused batch is dropped"): a beacon where the browser takes one (it outlives the page, and its
 * answer is never seen), else fetch with keepalive, whose answer decides: a 2xx is delivered; a
 * 4xx (429 from the edge's or the collector's bound, 413, 400) is refused, and the batch is
 * dropped, as sending it again would meet the same answer and add to the load that caused it; a
 * 5xx or no answer rejects, and the client monitor keeps the batch for its next interval.
 */
export interface BatchTransport {
  /** navigator.sendBeacon: true once the browser has queued the body. */
  beacon?: (url: string, body: Blob) => boolean
  fetch: (url: string, init: RequestInit) => Promise<{ status: number }>
}

/** What `send` resolves to for a batch the server refused (ClientMonitorOptions.send). */
export const REFUSED = 'refused'

export function createBatchSender(path: string, transport: BatchTransport): (batch: MonitorBatch) => Promise<typeof REFUSED | void> | boolean {
  return (batch) => {
    const body = JSON.stringify(batch)
    if (transport.beacon?.(path, new Blob([body], { type: 'application/json' }))) return true
    return transport.fetch(path, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).then(({ status }) => {
      if (status >= 200 && status < 300) return
      if (status >= 400 && status < 500) return REFUSED
      throw new Error(`collector answered ${status}`)
    })
  }
}

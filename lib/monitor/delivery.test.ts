import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createFakeScheduler } from '../testing/engine-fakes'
import type { MonitorBatch } from './batch-limits'
import { createClientMonitor } from './client-monitor'
import { createBatchSender } from './delivery'

/** A collector on 127.0.0.1 answering every POST with `status`, counting what reaches it. */
async function collector(status: number) {
  const posts: string[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      posts.push(`${req.method} ${req.url} ${body}`)
      res.writeHead(status, status === 429 ? { 'Retry-After': '2' } : {})
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/monitor`
  return { url, posts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The client monitor on the fake clock, posting through fetch (no beacon: its answer is never seen) to `url`. */
function monitorTo(url: string) {
  const scheduler = createFakeScheduler(1_700_000_000_000)
  const inFlight: Promise<unknown>[] = []
  const send = createBatchSender(url, { fetch: (target, init) => fetch(target, init) })
  const monitor = createClientMonitor({
    send: (batch: MonitorBatch) => {
      const outcome = send(batch)
      if (typeof outcome !== 'boolean') inFlight.push(outcome.catch(() => undefined))
      return outcome
    },
    now: scheduler.now,
    timers: scheduler.timers,
    flushIntervalMs: 5000,
  })
  /** Every post so far answered, and the monitor's handlers of those answers run. */
  const answered = async () => {
    await Promise.all(inFlight)
    await scheduler.runUntilQuiet()
  }
  return { scheduler, monitor, answered }
}

describe('what the client monitor does with the answer to a batch (docs/decisions/client-wiring.md "A refused batch is dropped")', () => {
  it('a batch refused with 429 (the edge past its bound, or the collector) is dropped: never posted again, counted', async () => {
    const server = await collector(429)
    try {
      const { scheduler, monitor, answered } = monitorTo(server.url)
      monitor.event('fast_path_quality', { state: 'global' })
      await scheduler.advance(5000)
      await answered()
      expect(server.posts).toHaveLength(1)
      expect(server.posts[0]).toMatch(/^POST \/api\/monitor \{"events":\[\{"type":"event","name":"fast_path_quality"/)
      expect(monitor.stats()).toMatchObject({ queued: 0, sent: 0, failed: 0, refused: 1 })
      // Minutes later, and a page hide's flush: nothing more reaches the server.
      await scheduler.advance(5 * 60_000)
      monitor.flush()
      await answered()
      expect(server.posts).toHaveLength(1)
      expect(scheduler.pendingCount()).toBe(0)
    } finally {
      await server.close()
    }
  })

  it('a batch answered 503 (no instance) is kept and posted again after the interval; a 204 is delivered', async () => {
    const failing = await collector(503)
    try {
      const { scheduler, monitor, answered } = monitorTo(failing.url)
      monitor.event('a')
      await scheduler.advance(5000)
      await answered()
      expect(monitor.stats()).toMatchObject({ queued: 1, sent: 0, failed: 1, refused: 0 })
      await scheduler.advance(5000)
      await answered()
      expect(failing.posts).toHaveLength(2)
    } finally {
      await failing.close()
    }
    const taking = await collector(204)
    try {
      const { scheduler, monitor, answered } = monitorTo(taking.url)
      monitor.event('b')
      await scheduler.advance(5000)
      await answered()
      expect(monitor.stats()).toMatchObject({ queued: 0, sent: 1, failed: 0, refused: 0 })
      expect(taking.posts).toHaveLength(1)
    } finally {
      await taking.close()
    }
  })

  it('a beacon the browser queued is delivered as far as the page can know; one it would not queue goes by fetch', async () => {
    const server = await collector(204)
    try {
      const beaconed: string[] = []
      let queues = true
      const send = createBatchSender(server.url, {
        beacon: (url, body) => (queues ? (beaconed.push(url), body.size > 0) : false),
        fetch: (target, init) => fetch(target, init),
      })
      const batch: MonitorBatch = { events: [{ type: 'event', name: 'x', at: 1 }] }
      expect(send(batch)).toBe(true)
      expect([beaconed, server.posts]).toEqual([[server.url], []])
      queues = false
      await send(batch)
      expect(server.posts).toHaveLength(1)
    } finally {
      await server.close()
    }
  })
})

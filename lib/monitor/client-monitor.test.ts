import { createFakeScheduler } from '../testing/engine-fakes'
import { MAX_BATCH_BYTES, monitorBatchSchema, type MonitorBatch } from '../collector/batch'
import { createClientMonitor, type ClientMonitorOptions } from './client-monitor'

function setup(overrides: Partial<ClientMonitorOptions> = {}) {
  const scheduler = createFakeScheduler(1_700_000_000_000)
  const batches: MonitorBatch[] = []
  let online = true
  let onlineListener: (() => void) | undefined
  const monitor = createClientMonitor({
    send: (batch) => {
      batches.push(batch)
      return true
    },
    now: scheduler.now,
    timers: scheduler.timers,
    maxBatch: 3,
    flushIntervalMs: 5000,
    maxQueue: 5,
    isOnline: () => online,
    onOnline: (listener) => {
      onlineListener = listener
      return () => (onlineListener = undefined)
    },
    marketing: { utm_source: 'newsletter', ga_medium: 'email' },
    page: () => '/tr-TUR/trade/BTCUSDT',
    ...overrides,
  })
  const setOnline = (value: boolean) => {
    online = value
    if (value) onlineListener?.()
  }
  const names = () => batches.map((b) => b.events.map((e) => (e.type === 'event' ? e.name : e.code)))
  return { scheduler, batches, monitor, setOnline, names }
}

describe('client monitor batching (SPEC §7)', () => {
  it('sends a full batch (maxBatch events) soon, but never inside the logging call', async () => {
    const { monitor, batches, scheduler, names } = setup()
    monitor.event('a')
    monitor.incident(11511509, { url: 'x' })
    monitor.event('c')
    expect(batches).toHaveLength(0) // the caller is never blocked by sending
    await scheduler.advance(0)
    expect(names()).toEqual([['a', 11511509, 'c']])
    const batch = batches[0]
    expect(batch).toMatchObject({ marketing: { utm_source: 'newsletter', ga_medium: 'email' }, page: '/tr-TUR/trade/BTCUSDT' })
    expect(batch?.events[1]).toEqual({ type: 'incident', code: 11511509, detail: { url: 'x' }, at: 1_700_000_000_000 })
    expect(monitorBatchSchema.safeParse(batch).success).toBe(true)
  })

  it('sends a partial batch flushIntervalMs after the first event', async () => {
    const { monitor, scheduler, names } = setup()
    monitor.event('a')
    await scheduler.advance(2000)
    monitor.event('b')
    await scheduler.advance(2999)
    expect(names()).toEqual([])
    await scheduler.advance(1)
    expect(names()).toEqual([['a', 'b']])
    await scheduler.advance(60_000)
    expect(names()).toHaveLength(1)
    expect(scheduler.pendingCount()).toBe(0)
  })

  it('flush() (page hide) sends everything at once, synchronously, in batches', () => {
    const { monitor, names } = setup({ maxQueue: 50 })
    for (const n of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) monitor.event(n)
    monitor.flush()
    expect(names()).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']])
  })

  it('keeps a bounded queue while offline (oldest dropped and counted), and flushes when back online', async () => {
    const { monitor, scheduler, batches, names, setOnline } = setup()
    setOnline(false)
    for (const n of ['1', '2', '3', '4', '5', '6', '7', '8']) monitor.event(n)
    await scheduler.advance(60_000)
    monitor.flush()
    expect(batches).toHaveLength(0)
    expect(monitor.stats()).toMatchObject({ queued: 5, dropped: 3, sent: 0 })
    setOnline(true)
    expect(names()).toEqual([
      ['4', '5', '6'],
      ['7', '8'],
    ])
    expect(batches[0]?.dropped).toBe(3)
    expect(batches[1]?.dropped).toBeUndefined()
    expect(monitor.stats()).toMatchObject({ queued: 0, dropped: 3, sent: 5 })
  })

  it('keeps the events of a refused batch and retries after the interval', async () => {
    let refuse = true
    const sent: MonitorBatch[] = []
    const { monitor, scheduler } = setup({ send: (b) => (refuse ? false : (sent.push(b), true)) })
    monitor.event('a')
    await scheduler.advance(5000)
    expect(monitor.stats()).toMatchObject({ queued: 1, failed: 1 })
    refuse = false
    await scheduler.advance(5000)
    expect(sent.map((b) => b.events.length)).toEqual([1])
  })

  it('puts a batch back when its promise rejects, with its drop count', async () => {
    let fail = true
    const sent: MonitorBatch[] = []
    const { monitor, scheduler, setOnline } = setup({
      send: async (b) => {
        if (fail) throw new Error('offline after all')
        sent.push(b)
      },
    })
    setOnline(false)
    for (const n of ['1', '2', '3', '4', '5', '6']) monitor.event(n)
    setOnline(true)
    await scheduler.runUntilQuiet()
    expect(monitor.stats()).toMatchObject({ queued: 5, failed: 2, sent: 0 })
    fail = false
    await scheduler.advance(5000)
    expect(sent.flatMap((b) => b.events.map((e) => (e.type === 'event' ? e.name : '')))).toEqual(['2', '3', '4', '5', '6'])
    expect(sent[0]?.dropped).toBe(1)
  })

  it('never throws into the caller: not when send throws, not for odd details', async () => {
    const { monitor, scheduler } = setup({
      send: () => {
        throw new Error('beacon exploded')
      },
    })
    const hostile = {
      get boom() {
        throw new Error('getter')
      },
    }
    expect(() => monitor.event('x', hostile)).not.toThrow()
    expect(() => monitor.incident(Number.NaN, { big: 10n })).not.toThrow()
    expect(() => monitor.event('y')).not.toThrow()
    await scheduler.advance(10)
    expect(() => monitor.flush()).not.toThrow()
    expect(monitor.stats().failed).toBeGreaterThan(0)
  })

  it('never builds a batch over MAX_BATCH_BYTES', () => {
    const batches: MonitorBatch[] = []
    const monitor = createClientMonitor({
      send: (b) => (batches.push(b), true),
      now: () => 1,
      timers: createFakeScheduler().timers,
      maxBatch: 50,
      maxQueue: 200,
    })
    const detail = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key_${i}`.padEnd(64, 'k'), 'v'.repeat(256)]))
    for (let i = 0; i < 60; i++) monitor.event(`event_${i}`, detail)
    monitor.flush()
    expect(batches.length).toBeGreaterThan(2)
    expect(batches.flatMap((b) => b.events)).toHaveLength(60)
    for (const batch of batches) {
      expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(MAX_BATCH_BYTES)
      expect(monitorBatchSchema.safeParse(batch).success).toBe(true)
    }
  })

  it('stop() clears its timer and stops listening to "online"', async () => {
    const { monitor, scheduler, setOnline, batches } = setup()
    monitor.event('a')
    monitor.stop()
    expect(scheduler.pendingCount()).toBe(0)
    setOnline(true)
    await scheduler.advance(10_000)
    expect(batches).toHaveLength(0)
  })
})

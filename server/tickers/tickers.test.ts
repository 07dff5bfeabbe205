/**
 * The server's tickers against the real simulator: reuse, single-flight, last good kept through
 * a failure, and the back-off.
 */
import { startTestSim, type TestSim } from '@/simulator/testkit'
import { eventually } from '@/testing/eventually'
import { installFakeTimeouts } from '@/testing/fake-timeouts'
import { pending } from '@/testing/pending'
import { createTickerService } from './tickers'

let t: TestSim
let clock: { t: number }
beforeEach(async () => {
  t = await startTestSim()
  clock = { t: 1_000_000 }
})
afterEach(() => t.sim.close())

// A timeout longer than a test may last (jest's 20 s): these tests are about reuse and failures,
// and the 2 s default timed out the first (cold) tickers answer on a loaded 2-core machine (this
// test took 8 s at a load of 11). The timeout is an AbortSignal's, which no fake clock moves.
const service = () => createTickerService({ now: () => clock.t, random: () => 0.5, reuseMs: 5_000, timeoutMs: 60_000 })
const hits = () => t.sim.state().hits.main.tickers ?? 0

describe('server tickers', () => {
  it('shares one request between concurrent renders and reuses a fresh answer', async () => {
    const s = service()
    const [a, b] = await Promise.all([s.getTickers(t.sim.urls.main), s.getTickers(t.sim.urls.main)])
    expect(a.tickers.BTCUSDT?.lastPrice).toMatch(/^\d/)
    expect(b).toEqual(a)
    await s.getTickers(t.sim.urls.main)
    expect(hits()).toBe(1)
    clock.t += 5_000
    await s.getTickers(t.sim.urls.main)
    expect(hits()).toBe(2)
  })

  it('keeps the last good tickers when the upstream fails, then backs off', async () => {
    const s = service()
    const good = await s.getTickers(t.sim.urls.main)
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'status', status: 503 } })
    clock.t += 5_000
    const failed = await s.getTickers(t.sim.urls.main)
    expect(failed.stale).toBe(true)
    expect(failed.tickers.BTCUSDT).toEqual(good.tickers.BTCUSDT)
    expect(failed.fetchedAt).toBe(good.fetchedAt)
    expect(s.state(t.sim.urls.main).consecutiveFailures).toBe(1)
    const before = hits()
    await s.getTickers(t.sim.urls.main)
    expect(hits()).toBe(before) // backed off: not asked again at once
    for (const kind of ['html200', 'truncated', 'empty'] as const) {
      t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind } })
      clock.t += 20_000
      expect((await s.getTickers(t.sim.urls.main)).tickers.BTCUSDT).toEqual(good.tickers.BTCUSDT)
    }
  })

  it('with good tickers known, a hung upstream holds a render for the patience, not the whole timeout', async () => {
    // The refresh's timeout (an AbortSignal's, in real time) longer than the test: the first, good
    // answer must not time out on a loaded machine, and the hung one must still be out at the patience.
    const s = createTickerService({ now: () => clock.t, random: () => 0.5, reuseMs: 5_000, timeoutMs: 60_000, patienceMs: 200 })
    const good = await s.getTickers(t.sim.urls.main)
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'hang' } })
    clock.t += 5_000
    // The patience on jest's fake clock (docs/decisions/stack.md "Tests wait for events, not for time").
    installFakeTimeouts()
    try {
      const render = pending(s.getTickers(t.sim.urls.main))
      await eventually('the refresh at the hung upstream', hits, (n) => n === 2)
      await jest.advanceTimersByTimeAsync(199)
      expect((await t.json('main', '/t1')).status).toBe(200) // a later request, answered
      expect(render.settled).toBe(false)
      await jest.advanceTimersByTimeAsync(1) // patienceMs
      await eventually('the render at its patience', () => render.settled)
      // Answered while the refresh is still out: the render did not wait for its timeout.
      expect(s.state(t.sim.urls.main).consecutiveFailures).toBe(0)
      const answer = await render.promise
      expect(answer.stale).toBe(true)
      expect(answer.tickers.BTCUSDT).toEqual(good.tickers.BTCUSDT)
      expect(hits()).toBe(2) // the refresh did go out, once
    } finally {
      jest.useRealTimers()
    }
  })

  it('answers with no tickers (never rejects) when the upstream never answered', async () => {
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'refuse' } })
    const s = service()
    await expect(s.getTickers(t.sim.urls.main)).resolves.toEqual({ tickers: {}, fetchedAt: 0, stale: true })
  })
})

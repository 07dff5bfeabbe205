/**
 * The tickers poll against the real simulator: the cadence runs on a fake clock, the requests go
 * over 127.0.0.1 and their answers arrive when they arrive.
 */
import { startTestSim, type TestSim } from '@/simulator/testkit'
import { createHttpClient } from '../http/client'
import { HttpStatusError } from '../http/errors'
import { eventually } from '@/testing/eventually'
import { createFakeScheduler, createFakeVisibility } from '../testing/engine-fakes'
import { startTickerPoll } from './ticker-poll'
import type { Tickers } from './tickers'

let t: TestSim
beforeEach(async () => {
  t = await startTestSim()
})
afterEach(() => t.sim.close())

const EVERY_MS = 5000

function setup(symbol?: string) {
  const scheduler = createFakeScheduler()
  const visibility = createFakeVisibility()
  const asked: string[] = []
  const answered: { settled: number } = { settled: 0 }
  const updates: Tickers[] = []
  const errors: unknown[] = []
  const countingFetch: typeof fetch = (input, init) => {
    asked.push(String(input))
    return fetch(input, init).finally(() => answered.settled++)
  }
  const poll = startTickerPoll({
    client: createHttpClient({ baseUrl: t.sim.urls.main, fetch: countingFetch }),
    symbol,
    everyMs: EVERY_MS,
    timers: scheduler.timers,
    visibility,
    onTickers: (update) => updates.push(update),
    onError: (error) => errors.push(error),
  })
  return { scheduler, visibility, asked, answered, updates, errors, stop: () => poll.stop() }
}

describe('the tickers poll (the live figures while the websocket is closed)', () => {
  it('asks at once, then once an interval while visible, none while hidden, none once stopped', async () => {
    const { scheduler, visibility, asked, updates, stop } = setup('BTCUSDT')
    await eventually('the first answer', () => updates.length === 1)
    expect(asked).toEqual([`${t.sim.urls.main}/v5/market/tickers?category=spot&symbol=BTCUSDT`])
    expect(Object.keys(updates[0]!)).toEqual(['BTCUSDT'])

    await scheduler.advance(EVERY_MS)
    await eventually('the second answer', () => updates.length === 2)
    await scheduler.advance(EVERY_MS - 1)
    expect(asked).toHaveLength(2)

    visibility.setHidden(true)
    await scheduler.advance(10 * EVERY_MS)
    expect(asked).toHaveLength(2)
    visibility.setHidden(false)
    await eventually('the answer on showing the page again', () => updates.length === 3)

    stop()
    await scheduler.advance(10 * EVERY_MS)
    expect(asked).toHaveLength(3)
    expect(scheduler.pendingCount()).toBe(0)
  })

  it('a failed answer is reported and hands nothing on; the next request is one interval later, with no retry between', async () => {
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'status', status: 503 } })
    const { scheduler, asked, updates, errors, stop } = setup()
    await eventually('the failure', () => errors.length === 1)
    // The request client's catalogue: a status error whose detail names the request.
    expect(errors[0]).toBeInstanceOf(HttpStatusError)
    expect((errors[0] as HttpStatusError).detail).toMatch(/^HTTP 503: GET .*\/v5\/market\/tickers\?category=spot$/)
    await scheduler.advance(EVERY_MS - 1)
    expect(asked).toHaveLength(1)

    t.sim.clearFaults()
    await scheduler.advance(1)
    await eventually('the answer after the outage', () => updates.length === 1)
    expect(Object.keys(updates[0]!).length).toBeGreaterThan(100)
    expect(asked).toHaveLength(2)
    stop()
  })

  it('stopping drops an answer still on its way, and reports no error for it', async () => {
    const { answered, updates, errors, stop } = setup('BTCUSDT')
    stop()
    await eventually('the aborted request to settle', () => answered.settled === 1)
    // A later poll's first answer: the stopped one's handlers, queued when its request settled, have run.
    const later = setup('ETHUSDT')
    await eventually("the later poll's first answer", () => later.updates.length === 1)
    later.stop()
    expect(updates).toEqual([])
    expect(errors).toEqual([])
  })
})

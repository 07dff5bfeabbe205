/**
 * The book's and the tape's switches against the real simulator: the stream faults on
 * orderbook_ws / trade_ws / public_ws, the REST faults of the two endpoints, and the rates
 * (docs/simulator.md "Order book and trades", "Stream faults").
 */
import { eventually } from '@/testing/eventually'
import type { FaultRule } from '../contract'
import { resultOf, startTestSim, type TestSim } from '../testkit'
import { applyBook, emptyBook, openSocket, sortedSide, units, type BookData, type Message, type TestSocket } from './book-testkit'

let t: TestSim
beforeEach(async () => {
  t = await startTestSim()
})
afterEach(() => t.sim.close())

const BTC = 'orderbook.50.BTCUSDT'
const ETH = 'orderbook.50.ETHUSDT'
const restBook = async (symbol: string) => {
  const { body } = await t.json('main', `/v5/market/orderbook?category=spot&symbol=${symbol}&limit=50`)
  return resultOf(body) as unknown as BookData
}
const dataOf = (m: Message) => m.data as BookData
/** A socket subscribed to `topics` with every snapshot in. */
async function subscribed(...topics: string[]): Promise<TestSocket> {
  const s = await openSocket(t.sim.urls.main)
  s.send('subscribe', topics)
  const books = topics.filter((x) => x.startsWith('orderbook.'))
  await eventually(
    'the snapshots',
    () => s.messages.filter((m) => m.type === 'snapshot'),
    (m) => m.length === books.length,
  )
  return s
}
/** Moves the clock one book tick at a time and waits for `topic`'s messages to reach `count`. */
async function tick(s: TestSocket, topic: string, count: number, ticks = 1): Promise<Message[]> {
  for (let i = 0; i < ticks; i++) t.clock.t += 20
  return eventually(
    `${count} messages on ${topic}`,
    () => s.of(topic),
    (m) => m.length >= count,
  )
}
const fault = (rule: FaultRule) => t.sim.setFault(rule)

describe('stream faults on the book', () => {
  it('gap: skips the delta of every u divisible by `every`, for the named pair only', async () => {
    const s = await subscribed(BTC, ETH)
    const start = dataOf(s.of(BTC)[0]!).u
    fault({ host: 'main', endpoint: 'orderbook_ws', fault: { kind: 'gap', every: 3, symbol: 'BTCUSDT' } })
    for (let i = 1; i <= 9; i++) await tick(s, ETH, i + 1)
    const btc = s.of(BTC).map((m) => dataOf(m).u)
    const expected = Array.from({ length: 10 }, (_, i) => start + i).filter((u, i) => i === 0 || u % 3 !== 0)
    expect(btc).toEqual(expected)
    // ETH was not named: every u, one apart.
    const eth = s.of(ETH).map((m) => dataOf(m).u)
    expect(eth.slice(1).map((u, i) => u - eth[i]!)).toEqual(Array(9).fill(1))
    s.ws.close()
  })

  it('restart: each book stream gets one snapshot with u = 1, then u = 2, 3 …; REST keeps its own u', async () => {
    const s = await subscribed(BTC)
    fault({ host: 'main', endpoint: 'orderbook_ws', fault: { kind: 'restart' } })
    const messages = await tick(s, BTC, 4, 3)
    expect(messages.slice(1).map((m) => [m.type, dataOf(m).u])).toEqual([
      ['snapshot', 1],
      ['delta', 2],
      ['delta', 3],
    ])
    const local = emptyBook()
    applyBook(local, dataOf(messages[1]!), true)
    messages.slice(2).forEach((m) => applyBook(local, dataOf(m), false))
    const rest = await restBook('BTCUSDT')
    expect(rest.u).toBe(dataOf(messages[0]!).u + 3)
    expect([sortedSide(local[0], true), sortedSide(local[1], false)]).toEqual([rest.b, rest.a])
    s.ws.close()
  })

  it('crossed: every delta leaves the book crossed (best bid ≥ best ask) until the rule is cleared', async () => {
    const s = await subscribed(ETH)
    const local = emptyBook()
    applyBook(local, dataOf(s.of(ETH)[0]!), true)
    fault({ host: '*', endpoint: 'orderbook_ws', fault: { kind: 'crossed' } })
    const [, crossed] = await tick(s, ETH, 2)
    applyBook(local, dataOf(crossed!), false)
    const best = (side: Map<string, string>, desc: boolean) => units(sortedSide(side, desc)[0]![0], 12)
    expect(best(local[0], true) >= best(local[1], false)).toBe(true)
    t.sim.clearFaults()
    const fresh = emptyBook()
    applyBook(fresh, await restBook('ETHUSDT'), true)
    const [, , clean] = await tick(s, ETH, 3)
    applyBook(fresh, dataOf(clean!), false)
    expect(best(fresh[0], true) < best(fresh[1], false)).toBe(true)
    s.ws.close()
  })

  it.each([
    ['price', (d: Record<string, unknown>) => (d.b as unknown[][]).some(([price]) => typeof price === 'number')],
    ['size', (d: Record<string, unknown>) => (d.b as unknown[][]).some(([, size]) => size === '1e-8')],
    ['side', (d: Record<string, unknown>) => !('a' in d) && Array.isArray(d.b)],
  ] as const)('malformed %s: every delta carries it', async (what, isBent) => {
    const s = await subscribed(BTC)
    fault({ host: 'main', endpoint: 'orderbook_ws', fault: { kind: 'malformed', what } })
    const messages = await tick(s, BTC, 3, 2)
    expect(messages.slice(1).map((m) => isBent(m.data as Record<string, unknown>))).toEqual([true, true])
    expect(isBent(messages[0]!.data as Record<string, unknown>)).toBe(false)
    s.ws.close()
  })

  it('silent: no book messages for the pair while it holds; cleared, the stream goes on with u + 1 (or a snapshot past 50 ticks)', async () => {
    const s = await subscribed(BTC, ETH)
    fault({ host: 'main', endpoint: 'orderbook_ws', fault: { kind: 'silent', symbol: 'BTCUSDT' } })
    await tick(s, ETH, 4, 3)
    expect(s.of(BTC)).toHaveLength(1)
    t.sim.clearFaults()
    const [, next] = await tick(s, BTC, 2)
    expect(next).toMatchObject({ type: 'delta', data: { u: dataOf(s.of(BTC)[0]!).u + 1 } })
    fault({ host: 'main', endpoint: 'orderbook_ws', fault: { kind: 'silent' } })
    await tick(s, ETH, s.of(ETH).length, 60)
    const held = s.of(BTC).length
    t.sim.clearFaults()
    const after = await tick(s, BTC, held + 1)
    expect(after[held]).toMatchObject({ type: 'snapshot', data: { u: (await restBook('BTCUSDT')).u } })
    s.ws.close()
  })

  it('silent on public_ws: the socket stays open and says nothing, pongs included; cleared, it answers again', async () => {
    const s = await subscribed(BTC)
    const witness = await openSocket(t.sim.urls.alt1)
    witness.send('subscribe', [BTC])
    await eventually(
      'the witness’s snapshot',
      () => witness.of(BTC),
      (m) => m.length === 1,
    )
    // A protocol ping is answered after every message sent before it has been handled.
    const handled = () => new Promise((resolve) => (s.ws.once('pong', resolve), s.ws.ping()))
    fault({ host: 'main', endpoint: 'public_ws', fault: { kind: 'silent' } })
    s.ws.send(JSON.stringify({ op: 'ping' }))
    s.send('subscribe', ['tickers.ETHUSDT'])
    await handled()
    await tick(witness, BTC, 6, 5)
    expect(s.messages).toHaveLength(2) // the first subscribe's answer and the snapshot: no pong, no answer, no delta
    t.sim.clearFaults()
    s.ws.send(JSON.stringify({ op: 'ping' }))
    await eventually(
      'a pong',
      () => s.messages.filter((m) => m.op === 'pong'),
      (m) => m.length >= 1,
    )
    await handled()
    expect(s.messages.filter((m) => m.op === 'pong' || m.op === 'subscribe')).toEqual([
      expect.objectContaining({ op: 'subscribe' }),
      expect.objectContaining({ op: 'pong' }),
    ])
    expect(s.ws.readyState).toBe(s.ws.OPEN)
    s.ws.close()
    witness.ws.close()
  })

  it('a stream fault on public_ws no longer refuses the upgrade; other kinds still do', async () => {
    fault({ host: 'alt1', endpoint: 'public_ws', fault: { kind: 'gap' } })
    const s = await openSocket(t.sim.urls.alt1)
    s.ws.close()
    fault({ host: 'alt1', endpoint: 'public_ws', fault: { kind: 'status', status: 503 } })
    await expect(openSocket(t.sim.urls.alt1)).rejects.toThrow()
  })
})

describe('stream faults on the trades', () => {
  const trades = (s: TestSocket) => s.of('publicTrade.BTCUSDT').flatMap((m) => m.data as Record<string, unknown>[])

  it('silent drops the trades printed meanwhile; malformed bends the last trade of each message', async () => {
    const s = await openSocket(t.sim.urls.main)
    s.send('subscribe', ['publicTrade.BTCUSDT'])
    await eventually('the answer', () => s.messages.find((m) => m.op === 'subscribe'))
    fault({ host: 'main', endpoint: 'trade_ws', fault: { kind: 'silent' } })
    t.clock.t += 2_000
    // REST shows the trades printed meanwhile; the socket never will.
    const { body } = await t.json('main', '/v5/market/recent-trade?category=spot&symbol=BTCUSDT&limit=1')
    const printed = (resultOf(body).list as { execId: string }[])[0]!.execId
    fault({ host: 'main', endpoint: 'trade_ws', fault: { kind: 'malformed', what: 'side' } })
    t.clock.t += 2_000
    const got = await eventually(
      'trades after the silence',
      () => trades(s),
      (d) => d.length > 0,
    )
    expect(got.map((x) => x.i)).not.toContain(printed)
    expect(got.at(-1)).not.toHaveProperty('S')
    fault({ host: 'main', endpoint: 'trade_ws', fault: { kind: 'malformed', what: 'price' } })
    t.clock.t += 2_000
    const more = await eventually(
      'more trades',
      () => trades(s),
      (d) => d.length > got.length,
    )
    expect(typeof more.at(-1)?.p).toBe('number')
    s.ws.close()
  })
})

describe('REST faults on the two endpoints', () => {
  it('answers the order book slowly under slow, and the trades 503 under status, each on its own endpoint', async () => {
    fault({ host: 'main', endpoint: 'orderbook', fault: { kind: 'slow', ms: 300 } })
    fault({ host: 'main', endpoint: 'recent_trade', fault: { kind: 'status', status: 503 } })
    const order: string[] = []
    const slow = fetch(t.url('main', '/v5/market/orderbook?category=spot&symbol=BTCUSDT')).then(
      async (r) => (order.push('orderbook'), (await r.json()) as Record<string, unknown>),
    )
    const fast = fetch(t.url('main', '/v5/market/tickers?category=spot&symbol=BTCUSDT')).then((r) => (order.push('tickers'), r.status))
    const failed = await fetch(t.url('main', '/v5/market/recent-trade?category=spot&symbol=BTCUSDT'))
    expect(failed.status).toBe(503)
    expect(await fast).toBe(200)
    expect(await slow).toMatchObject({ retCode: 0, result: { s: 'BTCUSDT' } })
    expect(order).toEqual(['tickers', 'orderbook'])
    expect(t.sim.state().hits.main).toMatchObject({ orderbook: 1, recent_trade: 1 })
  })
})

describe('rates', () => {
  it('changes the depth rate from now on: u runs on without a jump, one a tick of the new rate', async () => {
    const s = await subscribed(BTC)
    const start = dataOf(s.of(BTC)[0]!).u
    // The new rate's first tick starts at once.
    t.sim.setMarket({ depthMs: 100 })
    await eventually(
      'the first tick of the new rate',
      () => s.of(BTC),
      (m) => m.length === 2,
    )
    t.clock.t += 99
    t.clock.t += 1
    await eventually(
      'the second',
      () => s.of(BTC),
      (m) => m.length === 3,
    )
    t.clock.t += 100
    const messages = await eventually(
      'the third',
      () => s.of(BTC),
      (m) => m.length === 4,
    )
    expect(messages.map((m) => dataOf(m).u)).toEqual([start, start + 1, start + 2, start + 3])
    const cts = messages.map((m) => m.cts as number)
    expect([cts[2]! - cts[1]!, cts[3]! - cts[2]!]).toEqual([100, 100])
    expect(t.sim.state().market).toEqual({ depthMs: 100, tradesPerSecond: 4 })
    s.ws.close()
  })

  it('prints the set number of trades a second', async () => {
    const count = async () => {
      const { body } = await t.json('main', '/v5/market/recent-trade?category=spot&symbol=BTCUSDT&limit=60')
      const list = resultOf(body).list as { time: string }[]
      return list.filter((x) => Number(x.time) > t.clock.t - 2_000).length
    }
    t.sim.setMarket({ tradesPerSecond: 20 })
    t.clock.t += 3_000
    expect(await count()).toBeGreaterThanOrEqual(39)
    expect(await count()).toBeLessThanOrEqual(41)
    t.sim.setMarket({ tradesPerSecond: 0 })
    t.clock.t += 3_000
    expect(await count()).toBe(0)
  })

  it('takes the rates from the admin endpoint and refuses bad ones with 400', async () => {
    const post = (body: unknown) => fetch(t.url('admin', '/market'), { method: 'POST', body: JSON.stringify(body) })
    const ok = await post({ depthMs: 50, tradesPerSecond: 20 })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ market: { depthMs: 50, tradesPerSecond: 20 } })
    for (const bad of [{ depthMs: 0 }, { depthMs: 1.5 }, { tradesPerSecond: -1 }, { rate: 5 }, [1]]) {
      const answer = await post(bad)
      expect([bad, answer.status]).toEqual([bad, 400])
    }
    expect(t.sim.state().market).toEqual({ depthMs: 50, tradesPerSecond: 20 })
  })
})

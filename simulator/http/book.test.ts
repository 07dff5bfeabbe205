/**
 * The order book and the public trades against the real simulator: REST over HTTP and the public
 * socket with a `ws` client, on a clock the test moves (docs/wire.md "Order book", "Public trades").
 */
import { eventually } from '@/testing/eventually'
import { resultOf, startTestSim, type TestSim } from '../testkit'
import { applyBook, emptyBook, openSocket, sortedSide, units, type BookData, type Message } from './book-testkit'

interface BookResult extends BookData {
  ts: number
  cts: number
}
interface RestTrade {
  execId: string
  symbol: string
  price: string
  size: string
  side: string
  time: string
  isBlockTrade: boolean
}

const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/
let t: TestSim
beforeEach(async () => {
  t = await startTestSim()
})
afterEach(() => t.sim.close())

const book = async (symbol: string, limit?: number): Promise<BookResult> => {
  const { body } = await t.json('main', `/v5/market/orderbook?category=spot&symbol=${symbol}${limit ? `&limit=${limit}` : ''}`)
  expect(body).toMatchObject({ retCode: 0, retMsg: 'OK' })
  return resultOf(body) as unknown as BookResult
}
const trades = async (symbol: string, limit?: number): Promise<RestTrade[]> => {
  const { body } = await t.json('alt1', `/v5/market/recent-trade?category=spot&symbol=${symbol}${limit ? `&limit=${limit}` : ''}`)
  expect(body).toMatchObject({ retCode: 0, retMsg: 'OK', result: { category: 'spot' } })
  return resultOf(body).list as RestTrade[]
}
const ticker = async (symbol: string) => {
  const { body } = await t.json('alt2', `/v5/market/tickers?category=spot&symbol=${symbol}`)
  return (resultOf(body).list as Record<string, string>[])[0]!
}
const pair = async (symbol: string) => {
  const { body } = await t.json('main', '/spot/api/basic/symbol_list_v2')
  const groups = resultOf(body).quoteTokenResult as { quoteTokenSymbols: Record<string, string>[] }[]
  return groups.flatMap((g) => g.quoteTokenSymbols).find((p) => p.symbolId === symbol)!
}
const places = (step: string) => step.split('.')[1]?.length ?? 0

describe('GET /v5/market/orderbook', () => {
  it('answers the wire’s shape: bids best first descending, asks ascending, decimal strings, limit 1 by default up to 200', async () => {
    const one = await book('BTCUSDT')
    expect(one).toEqual({
      s: 'BTCUSDT',
      b: [expect.any(Array)],
      a: [expect.any(Array)],
      u: expect.any(Number),
      seq: expect.any(Number),
      ts: t.clock.t,
      cts: expect.any(Number),
    })
    expect(one.cts).toBeLessThanOrEqual(one.ts)
    const deep = await book('BTCUSDT', 200)
    expect(deep.b).toHaveLength(200)
    expect(deep.a).toHaveLength(200)
    expect(deep.u).toBe(one.u)
    for (const side of [deep.b, deep.a]) for (const level of side) for (const figure of level) expect(figure).toMatch(DECIMAL)
    const bids = deep.b.map(([p]) => units(p, 8))
    const asks = deep.a.map(([p]) => units(p, 8))
    bids.slice(1).forEach((p, i) => expect(p < bids[i]!).toBe(true))
    asks.slice(1).forEach((p, i) => expect(p > asks[i]!).toBe(true))
    expect(bids[0]! < asks[0]!).toBe(true)
    const bad = await t.json('main', '/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=201')
    expect(bad.body.retCode).not.toBe(0)
    const unknown = await t.json('main', '/v5/market/orderbook?category=spot&symbol=NOPEUSDT')
    expect(unknown.body.retCode).not.toBe(0)
  })

  it('has the ticker’s bid1Price and ask1Price at its touch, and its sizes', async () => {
    for (const symbol of ['BTCUSDT', 'ETHBTC', 'PEPEBTC', 'BTCTRY']) {
      for (const step of [0, 20, 5_000, 3_600_000]) {
        t.clock.t += step
        const [{ b, a }, tick] = await Promise.all([book(symbol), ticker(symbol)])
        expect({ symbol, bid: b[0], ask: a[0] }).toEqual({ symbol, bid: [tick.bid1Price, tick.bid1Size], ask: [tick.ask1Price, tick.ask1Size] })
      }
    }
  })

  it('thins away from the touch: the nearest ten levels hold more than the farthest ten of fifty', async () => {
    let near = 0
    let far = 0
    for (let i = 0; i < 20; i++) {
      t.clock.t += 61_000
      const { b, a } = await book('ETHUSDT', 50)
      for (const side of [b, a]) {
        near += side.slice(0, 10).reduce((sum, [, size]) => sum + Number(size), 0)
        far += side.slice(-10).reduce((sum, [, size]) => sum + Number(size), 0)
      }
    }
    expect(near).toBeGreaterThan(1.5 * far)
  })

  it('writes exact decimals at every magnitude: the pair’s price step and quantity step, never a float’s digits', async () => {
    for (const symbol of ['PEPEBTC', 'TEST2USDT', 'BTCTRY', 'SHIBUSDT']) {
      const p = await pair(symbol)
      const priceDp = places(p.minPricePrecision!)
      const sizeDp = places(p.basePrecision!)
      const { b, a } = await book(symbol, 200)
      for (const [price, size] of [...b, ...a]) {
        expect([symbol, price.split('.')[1]?.length ?? 0, size.split('.')[1]?.length ?? 0]).toEqual([symbol, priceDp, sizeDp])
        expect(units(price, priceDp) > 0n && units(size, sizeDp) > 0n).toBe(true)
      }
      // Next to the touch, one step apart: the spread of one price step.
      expect(units(a[0]![0], priceDp) - units(b[0]![0], priceDp)).toBe(1n)
    }
  })

  it('moves with the clock: u rises by one per depth tick (20 ms)', async () => {
    const before = await book('BTCUSDT')
    t.clock.t += 20
    expect((await book('BTCUSDT')).u).toBe(before.u + 1)
    t.clock.t += 200
    expect((await book('BTCUSDT')).u).toBe(before.u + 11)
  })
})

describe('GET /v5/market/recent-trade', () => {
  it('tells the candles’ story: every trade lies within its 1-minute candle’s low and high', async () => {
    for (const symbol of ['BTCUSDT', 'SOLUSDT', 'PEPEUSDT', 'DOGEUSDT', 'BTC3LUSDT']) {
      const list = await trades(symbol, 60)
      const { body } = await t.json('main', `/v5/market/kline?category=spot&symbol=${symbol}&interval=1&limit=3`)
      const candles = resultOf(body).list as string[][]
      for (const trade of list) {
        const candle = candles.find(([start]) => Number(start) <= Number(trade.time) && Number(trade.time) < Number(start) + 60_000)!
        const [price, high, low] = [trade.price, candle[2]!, candle[3]!].map((x) => units(x, 12))
        expect([symbol, trade.execId, price! <= high! && price! >= low!]).toEqual([symbol, trade.execId, true])
      }
    }
  })

  it('answers the latest 60 by default, newest first, up to now, in the wire’s shape', async () => {
    const list = await trades('BTCUSDT')
    expect(list).toHaveLength(60)
    expect(list[0]).toEqual({
      execId: expect.stringMatching(/^\d+$/),
      symbol: 'BTCUSDT',
      price: expect.stringMatching(DECIMAL),
      size: expect.stringMatching(DECIMAL),
      side: expect.stringMatching(/^(Buy|Sell)$/),
      time: expect.stringMatching(/^\d+$/),
      isBlockTrade: false,
    })
    const times = list.map((x) => Number(x.time))
    times.slice(1).forEach((time, i) => expect(time).toBeLessThan(times[i]!))
    expect(times[0]).toBeLessThanOrEqual(t.clock.t)
    expect(new Set(list.map((x) => x.execId)).size).toBe(60)
    expect(await trades('BTCUSDT', 5)).toEqual(list.slice(0, 5))
    const bad = await t.json('main', '/v5/market/recent-trade?category=spot&symbol=BTCUSDT&limit=61')
    expect(bad.body.retCode).not.toBe(0)
  })

  it('prints each trade at a price the path reaches: the ticker’s lastPrice at the trade’s instant', async () => {
    const list = await trades('SOLUSDT', 10)
    for (const trade of list) {
      t.clock.t = Number(trade.time)
      expect([trade.execId, (await ticker('SOLUSDT')).lastPrice]).toEqual([trade.execId, trade.price])
    }
  })
})

const socket = (host: 'main' | 'alt1' | 'fastPath' = 'main') => openSocket(t.sim.urls[host])

describe('public socket: orderbook.50.SYMBOL', () => {
  it('sends the REST book as its snapshot, then a delta per tick with u + 1 that rebuilds the REST book exactly', async () => {
    const s = await socket()
    s.send('subscribe', ['orderbook.50.BTCUSDT'])
    const [snapshot] = await eventually(
      'the snapshot',
      () => s.of('orderbook.50.BTCUSDT'),
      (m) => m.length === 1,
    )
    expect(s.messages[0]).toMatchObject({ success: true, op: 'subscribe' })
    const rest = await book('BTCUSDT', 50)
    expect(snapshot).toEqual({
      topic: 'orderbook.50.BTCUSDT',
      type: 'snapshot',
      ts: t.clock.t,
      cts: rest.cts,
      data: { s: 'BTCUSDT', b: rest.b, a: rest.a, u: rest.u, seq: rest.seq },
    })

    const local = emptyBook()
    applyBook(local, snapshot!.data as BookResult, true)
    let deleted = 0
    for (let tick = 1; tick <= 25; tick++) {
      t.clock.t += 20
      const messages = await eventually(
        `delta ${tick}`,
        () => s.of('orderbook.50.BTCUSDT'),
        (m) => m.length === tick + 1,
      )
      const delta = messages[tick] as Message & { data: BookResult; cts: number }
      expect(delta).toMatchObject({ type: 'delta', ts: t.clock.t, data: { s: 'BTCUSDT', u: rest.u + tick } })
      expect(delta.data.seq).toBeGreaterThan((messages[tick - 1]!.data as BookResult).seq)
      deleted += [...delta.data.b, ...delta.data.a].filter(([, size]) => size === '0').length
      applyBook(local, delta.data, false)
      const now = await book('BTCUSDT', 50)
      expect(now.u).toBe(delta.data.u)
      expect(delta.cts).toBe(now.cts)
      expect(sortedSide(local[0], true)).toEqual(now.b)
      expect(sortedSide(local[1], false)).toEqual(now.a)
    }
    // The touch moved: levels left the 50 and were deleted with size "0".
    expect(deleted).toBeGreaterThan(0)
    s.ws.close()
  })

  it('sends one delta per tick whatever the timer does: a late pump catches up with u + 1 each', async () => {
    const s = await socket('alt1')
    s.send('subscribe', ['orderbook.50.BTCUSDT'])
    await eventually(
      'the snapshot',
      () => s.of('orderbook.50.BTCUSDT'),
      (m) => m.length === 1,
    )
    t.clock.t += 7 * 20
    const all = await eventually(
      'seven deltas',
      () => s.of('orderbook.50.BTCUSDT'),
      (m) => m.length === 8,
    )
    const us = all.map((m) => (m.data as BookResult).u)
    expect(us.slice(1).map((u, i) => u - us[i]!)).toEqual([1, 1, 1, 1, 1, 1, 1])
    s.ws.close()
  })

  it('stops a topic on unsubscribe and keeps the others, answering like a subscribe', async () => {
    const s = await socket('fastPath')
    s.send('subscribe', ['orderbook.50.BTCUSDT', 'orderbook.50.ETHUSDT'])
    await eventually(
      'both snapshots',
      () => s.messages.filter((m) => m.type === 'snapshot'),
      (m) => m.length === 2,
    )
    s.ws.send(JSON.stringify({ op: 'unsubscribe', args: ['orderbook.50.BTCUSDT'], req_id: 'u1' }))
    await eventually('the answer', () => s.messages.find((m) => m.op === 'unsubscribe'))
    expect(s.messages.find((m) => m.op === 'unsubscribe')).toMatchObject({ success: true, op: 'unsubscribe', req_id: 'u1', conn_id: expect.any(String) })
    const btc = s.of('orderbook.50.BTCUSDT').length
    for (let tick = 1; tick <= 3; tick++) {
      t.clock.t += 20
      await eventually(
        `ETH delta ${tick}`,
        () => s.of('orderbook.50.ETHUSDT'),
        (m) => m.length === tick + 1,
      )
    }
    expect(s.of('orderbook.50.BTCUSDT')).toHaveLength(btc)
    // Subscribing again starts over with a snapshot.
    s.send('subscribe', ['orderbook.50.BTCUSDT'])
    const again = await eventually(
      'a fresh snapshot',
      () => s.of('orderbook.50.BTCUSDT'),
      (m) => m.length === btc + 1,
    )
    expect(again.at(-1)).toMatchObject({ type: 'snapshot', data: { u: (await book('BTCUSDT')).u } })
    s.ws.close()
  })

  it('answers success: false to an unknown topic, as to an unknown subscribe', async () => {
    const s = await socket()
    s.send('subscribe', ['orderbook.50.NOPEUSDT'])
    s.send('unsubscribe', ['orderbook.7.BTCUSDT'])
    const answers = await eventually(
      'two answers',
      () => s.messages.filter((m) => 'success' in m),
      (m) => m.length === 2,
    )
    expect(answers).toEqual([expect.objectContaining({ success: false, op: 'subscribe' }), expect.objectContaining({ success: false, op: 'unsubscribe' })])
    s.ws.close()
  })
})

describe('public socket: publicTrade.SYMBOL', () => {
  it('pushes each new trade once, oldest first, with the ids and figures REST gives them', async () => {
    const s = await socket('alt1')
    s.send('subscribe', ['publicTrade.BTCUSDT'])
    await eventually('the answer', () => s.messages.find((m) => m.op === 'subscribe'))
    const before = new Set((await trades('BTCUSDT')).map((x) => x.execId))
    for (let i = 0; i < 4; i++) {
      t.clock.t += 500
      // Each step prints about two trades (4 a second): wait until the socket caught up with REST.
      const latest = (await trades('BTCUSDT', 1))[0]!.execId
      await eventually(
        `trades up to ${latest}`,
        () => s.of('publicTrade.BTCUSDT').flatMap((m) => m.data as { i: string }[]),
        (d) => d.at(-1)?.i === latest,
      )
    }
    const pushed = s.of('publicTrade.BTCUSDT').flatMap((m) => (m as Message & { data: Record<string, unknown>[] }).data)
    expect(pushed.length).toBeGreaterThanOrEqual(4)
    const rest = new Map((await trades('BTCUSDT', 60)).map((x) => [x.execId, x]))
    for (const trade of pushed) {
      expect(before.has(trade.i as string)).toBe(false)
      const twin = rest.get(trade.i as string)
      expect({ T: trade.T, s: trade.s, S: trade.S, v: trade.v, p: trade.p, BT: trade.BT }).toEqual({
        T: Number(twin?.time),
        s: 'BTCUSDT',
        S: twin?.side,
        v: twin?.size,
        p: twin?.price,
        BT: false,
      })
    }
    expect(new Set(pushed.map((x) => x.i)).size).toBe(pushed.length)
    const times = pushed.map((x) => x.T as number)
    expect([...times].sort((x, y) => x - y)).toEqual(times)
    s.ws.close()
  })
})

import WebSocket from 'ws'
import { resultOf, startTestSim, type TestSim } from '../testkit'

const TICKERS = '/v5/market/tickers?category=spot'
let t: TestSim
beforeEach(async () => {
  t = await startTestSim()
})
afterEach(() => t.sim.close())

const tickerOf = async (host: 'main' | 'alt1' | 'alt2' | 'fastPath', symbol: string) => {
  const { body } = await t.json(host, `${TICKERS}&symbol=${symbol}`)
  return (resultOf(body).list as Record<string, string>[])[0]
}

describe('market data endpoints', () => {
  it('answers tickers for every pair on every host, as decimal strings in the v5 envelope', async () => {
    for (const host of ['main', 'alt1', 'alt2', 'fastPath'] as const) {
      const { status, body } = await t.json(host, TICKERS)
      expect(status).toBe(200)
      expect(body).toMatchObject({ retCode: 0, retMsg: 'OK', time: t.clock.t })
      const list = resultOf(body).list as Record<string, string>[]
      expect(list.length).toBeGreaterThan(100)
      const btc = list.find((x) => x.symbol === 'BTCUSDT')
      expect(btc).toBeDefined()
      for (const key of ['lastPrice', 'prevPrice24h', 'price24hPcnt', 'highPrice24h', 'lowPrice24h', 'turnover24h', 'volume24h']) {
        expect(btc?.[key]).toMatch(/^-?\d+(\.\d+)?$/)
      }
      expect(Number(btc?.highPrice24h)).toBeGreaterThanOrEqual(Number(btc?.lastPrice))
      expect(Number(btc?.lowPrice24h)).toBeLessThanOrEqual(Number(btc?.lastPrice))
    }
  })

  it('moves prices with the clock, the same on every host', async () => {
    const before = await tickerOf('main', 'BTCUSDT')
    expect(await tickerOf('alt2', 'BTCUSDT')).toEqual(before)
    t.clock.t += 20 * 60_000
    const after = await tickerOf('main', 'BTCUSDT')
    expect(after?.lastPrice).not.toBe(before?.lastPrice)
  })

  it('answers klines newest first at the interval, and rejects an unknown interval', async () => {
    const { body } = await t.json('main', '/v5/market/kline?category=spot&symbol=ETHUSDT&interval=60&limit=5')
    const list = resultOf(body).list as string[][]
    expect(list).toHaveLength(5)
    expect(Number(list[0]?.[0]) - Number(list[1]?.[0])).toBe(3_600_000)
    for (const [, open, high, low, close] of list) {
      expect(Number(high)).toBeGreaterThanOrEqual(Math.max(Number(open), Number(close)))
      expect(Number(low)).toBeLessThanOrEqual(Math.min(Number(open), Number(close)))
    }
    const bad = await t.json('main', '/v5/market/kline?category=spot&symbol=ETHUSDT&interval=7')
    expect(bad.body.retCode).not.toBe(0)
  })

  it('bends tickers with the fault switches', async () => {
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'retCode', code: 10006, msg: 'Too many visits' } })
    const { body } = await t.json('main', TICKERS)
    expect(body.retCode).toBe(10006)
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'status', status: 503 } })
    expect((await fetch(t.url('main', TICKERS))).status).toBe(503)
  })
})

describe('public websocket', () => {
  const open = (url: string) => new WebSocket(url.replace(/^http/, 'ws') + '/v5/public/spot')

  it('confirms a subscription and pushes ticker and kline snapshots', async () => {
    const ws = open(t.sim.urls.alt1)
    const messages: Record<string, unknown>[] = []
    const got = new Promise<void>((resolve) => {
      ws.on('message', (data) => {
        messages.push(JSON.parse(String(data)) as Record<string, unknown>)
        if (messages.some((m) => m.topic === 'tickers.BTCUSDT') && messages.some((m) => m.topic === 'kline.60.BTCUSDT')) resolve()
      })
    })
    await new Promise((resolve) => ws.once('open', resolve))
    ws.send(JSON.stringify({ op: 'subscribe', args: ['tickers.BTCUSDT', 'kline.60.BTCUSDT'] }))
    await got
    ws.close()
    expect(messages[0]).toMatchObject({ success: true, op: 'subscribe' })
    const ticker = messages.find((m) => m.topic === 'tickers.BTCUSDT') as { data: Record<string, string>; ts: number }
    expect(ticker.data).toEqual(expect.objectContaining({ symbol: 'BTCUSDT', lastPrice: (await tickerOf('alt1', 'BTCUSDT'))?.lastPrice }))
    const kline = messages.find((m) => m.topic === 'kline.60.BTCUSDT') as { data: { start: number; confirm: boolean }[] }
    expect(kline.data[0]?.start).toBe(Math.floor(t.clock.t / 3_600_000) * 3_600_000)
  })

  it('refuses the upgrade under a public_ws fault', async () => {
    t.sim.setFault({ host: 'main', endpoint: 'public_ws', fault: { kind: 'refuse' } })
    const ws = open(t.sim.urls.main)
    await expect(new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)))).rejects.toThrow()
  })
})

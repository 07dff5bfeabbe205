/**
 * lib/market-data against the real simulator: the REST answers parse and merge, the websocket
 * client (with the `ws` package injected as its WebSocket) subscribes and receives pushes.
 */
import WebSocket from 'ws'
import { startTestSim, type TestSim } from '@/simulator/testkit'
import { systemTimers } from '../engine-kit/environment'
import { createHttpClient } from '../http/client'
import { ApiError, HttpStatusError } from '../http/errors'
import { applyLiveCandle, CHART_CANDLES, fetchCandles } from './kline'
import { openMarketStream, publicStreamUrl, type WebSocketLike } from './stream'
import { fetchTickers, mergeTickers, type Ticker } from './tickers'

let t: TestSim
beforeEach(async () => {
  t = await startTestSim()
})
afterEach(() => t.sim.close())

const clientOf = (host: 'main' | 'alt1') => createHttpClient({ baseUrl: t.sim.urls[host], fetch })
const tickers = (host: 'main' | 'alt1', symbol?: string) => fetchTickers(clientOf(host), { symbol })

describe('tickers from the simulator', () => {
  it('parses every pair, keeping figures as decimal strings stamped with the answer time', async () => {
    const all = await tickers('main')
    expect(Object.keys(all).length).toBeGreaterThan(100)
    expect(all.BTCUSDT).toMatchObject({ symbol: 'BTCUSDT', at: t.clock.t })
    expect(typeof all.BTCUSDT?.lastPrice).toBe('string')
  })

  it('merges a one-pair update without dropping the others, and never lets older data win', async () => {
    const all = await tickers('main')
    t.clock.t += 30 * 60_000
    const one = await tickers('main', 'ETHUSDT')
    const merged = mergeTickers(all, one)
    expect(Object.keys(merged)).toHaveLength(Object.keys(all).length)
    expect(merged.ETHUSDT).toEqual(one.ETHUSDT)
    expect(merged.ETHUSDT?.lastPrice).not.toBe(all.ETHUSDT?.lastPrice)
    expect(merged.BTCUSDT).toBe(all.BTCUSDT)
    expect(mergeTickers(merged, { ETHUSDT: all.ETHUSDT as Ticker }).ETHUSDT).toEqual(one.ETHUSDT)
  })

  it('rejects an error answer with the request client’s ApiError and its message', async () => {
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'retCode', code: 10006, msg: 'Too many visits' } })
    await expect(tickers('main')).rejects.toThrow(new ApiError({ method: 'GET', url: '' }, 10006, 'Too many visits'))
  })
})

describe('klines from the simulator', () => {
  it('gives ascending candles, and a live candle replaces the last one', async () => {
    const candles = await fetchCandles(clientOf('main'), { symbol: 'BTCUSDT', interval: '15', limit: 20 })
    expect(candles).toHaveLength(20)
    expect(candles[1]!.start - candles[0]!.start).toBe(900_000)
    const last = candles.at(-1)!
    const live = { ...last, close: last.close + 1 }
    expect(applyLiveCandle(candles, live).at(-1)).toEqual(live)
    expect(applyLiveCandle(candles, { ...live, start: last.start + 900_000 })).toHaveLength(21)
  })

  it("fetchCandles asks the API host's kline endpoint for the chart's candles; an HTTP error is the client's", async () => {
    const candles = await fetchCandles(clientOf('main'), { symbol: 'BTCUSDT', interval: '60' })
    expect(candles).toHaveLength(CHART_CANDLES)
    expect(candles[1]!.start - candles[0]!.start).toBe(3_600_000)
    t.sim.setFault({ host: 'main', endpoint: 'kline', fault: { kind: 'status', status: 503 } })
    const failed = fetchCandles(clientOf('main'), { symbol: 'BTCUSDT', interval: '60' })
    await expect(failed).rejects.toThrow(HttpStatusError)
    await expect(failed).rejects.toMatchObject({ httpStatus: 503 })
  })
})

describe('the public websocket client', () => {
  it('derives the stream URL from the API host origin', () => {
    expect(publicStreamUrl('https://api2.example.com/base')).toBe('wss://api2.example.com/v5/public/spot')
    expect(publicStreamUrl('http://127.0.0.1:4011')).toBe('ws://127.0.0.1:4011/v5/public/spot')
  })

  it('subscribes over the real simulator socket and receives a ticker and a candle', async () => {
    const seen: { ticker?: Ticker; candle?: string; states: string[] } = { states: [] }
    await new Promise<void>((resolve, reject) => {
      const stream = openMarketStream({
        url: publicStreamUrl(t.sim.urls.alt1),
        topics: ['tickers.BTCUSDT', 'kline.60.BTCUSDT'],
        open: (url) => new WebSocket(url) as unknown as WebSocketLike,
        timers: systemTimers,
        now: Date.now,
        onState: (s) => (seen.states.push(s), s === 'closed' && reject(new Error('closed'))),
        onTicker: (ticker) => (seen.ticker = ticker),
        onCandle: (interval, symbol) => (seen.candle = `${interval}.${symbol}`),
      })
      const check = setInterval(() => {
        if (!seen.ticker || !seen.candle) return
        clearInterval(check)
        stream.close()
        resolve()
      }, 20)
    })
    expect(seen.states).toEqual(['open'])
    expect(seen.ticker).toMatchObject({ symbol: 'BTCUSDT', at: t.clock.t })
    expect(seen.candle).toBe('60.BTCUSDT')
  })

  it('reports the socket closed when the host refuses it, so the caller polls', async () => {
    t.sim.setFault({ host: 'main', endpoint: 'public_ws', fault: { kind: 'refuse' } })
    const state = await new Promise((resolve) => {
      openMarketStream({
        url: publicStreamUrl(t.sim.urls.main),
        topics: ['tickers.BTCUSDT'],
        open: (url) => new WebSocket(url) as unknown as WebSocketLike,
        timers: systemTimers,
        now: Date.now,
        onState: resolve,
      })
    })
    expect(state).toBe('closed')
  })
})

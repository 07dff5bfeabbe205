/** The market stream's heartbeat on the fake clock, with a socket the test plays. */
import { createFakeScheduler } from '../testing/engine-fakes'
import { HEARTBEAT_MS, openMarketStream, PING_MS, QUIET_PING_MS, SILENT_MS, type WebSocketLike } from './stream'

interface FakeSocket extends WebSocketLike {
  sent: string[]
  closed: boolean
  /** The server's side: a message arrives. */
  receive(message: unknown): void
}

function fakeSocket(): FakeSocket {
  const socket = {
    readyState: 0,
    sent: [] as string[],
    closed: false,
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    send(data: string) {
      socket.sent.push(data)
    },
    close() {
      socket.closed = true
    },
    receive(message: unknown) {
      ;(socket.onmessage as ((ev: { data: string }) => void) | null)?.({ data: JSON.stringify(message) })
    },
  }
  return socket as unknown as FakeSocket
}

function setup({ opens = true } = {}) {
  const scheduler = createFakeScheduler()
  const socket = fakeSocket()
  const states: string[] = []
  const tickers: string[] = []
  const stream = openMarketStream({
    url: 'wss://api.example.com/v5/public/spot',
    topics: ['tickers.BTCUSDT'],
    open: () => socket,
    timers: scheduler.timers,
    now: scheduler.now,
    onState: (state, reason) => states.push(reason ? `${state} ${reason}` : state),
    onTicker: (t) => tickers.push(t.lastPrice),
  })
  if (opens) {
    ;(socket.onopen as (() => void) | null)?.()
    socket.receive({ op: 'subscribe', success: true })
  }
  const pings = () => socket.sent.filter((m) => m === JSON.stringify({ op: 'ping' })).length
  const push = (price: string) =>
    socket.receive({
      topic: 'tickers.BTCUSDT',
      ts: scheduler.now(),
      data: {
        symbol: 'BTCUSDT',
        lastPrice: price,
        prevPrice24h: '1',
        price24hPcnt: '0',
        highPrice24h: '2',
        lowPrice24h: '1',
        volume24h: '1',
        turnover24h: '1',
      },
    })
  return { scheduler, socket, states, tickers, stream, pings, push }
}

describe('the market stream’s heartbeat', () => {
  it('pings a quiet socket, never one whose pushes flow, but keeps the wire’s 20 s keepalive', async () => {
    const { scheduler, pings, push, socket } = setup()
    expect(socket.sent).toEqual([JSON.stringify({ op: 'subscribe', args: ['tickers.BTCUSDT'] })])
    for (let s = 0; s < 19; s++) {
      await scheduler.advance(1000)
      push(`${100 + s}`)
    }
    expect(pings()).toBe(0)
    await scheduler.advance(1000)
    push('120')
    expect(pings()).toBe(1) // 20 s since the last ping (the subscription)
    // Quiet (a pair nobody trades): a ping once QUIET_PING_MS pass unheard, and each pong keeps it alive.
    for (let s = 0; s < 10; s++) {
      await scheduler.advance(QUIET_PING_MS)
      socket.receive({ op: 'pong' })
    }
    expect(pings()).toBe(11)
  })

  it('drops a socket unheard for a heartbeat and says it was silent, once', async () => {
    const { scheduler, socket, states, push } = setup()
    await scheduler.advance(500)
    push('100') // between two checks: the slowest case
    await scheduler.advance(SILENT_MS - 1)
    expect(states).toEqual(['open'])
    await scheduler.advance(HEARTBEAT_MS - SILENT_MS + 1)
    expect(states).toEqual(['open', 'closed silent'])
    expect(socket.closed).toBe(true)
    await scheduler.advance(PING_MS)
    expect(states).toEqual(['open', 'closed silent'])
    expect(scheduler.pendingCount()).toBe(0)
  })

  it('a socket that closes is gone; one closed by the caller reports nothing', async () => {
    const first = setup()
    ;(first.socket.onclose as (() => void) | null)?.()
    expect(first.states).toEqual(['open', 'closed gone'])
    const second = setup()
    second.stream.close()
    await second.scheduler.advance(HEARTBEAT_MS * 2)
    expect(second.states).toEqual(['open'])
    expect(second.scheduler.pendingCount()).toBe(0)
  })

  it('a socket that never opens is given up as gone, not silent: the poll decides whether prices stopped', async () => {
    const { scheduler, socket, states } = setup({ opens: false })
    await scheduler.advance(HEARTBEAT_MS)
    expect(states).toEqual(['closed gone'])
    expect(socket.closed).toBe(true)
  })
})

describe('the book and the trades on the same socket', () => {
  it('hands book and trade pushes on, and resubscribes a topic with unsubscribe then subscribe', () => {
    const scheduler = createFakeScheduler()
    const socket = fakeSocket()
    const seen: string[] = []
    const stream = openMarketStream({
      url: 'wss://api.example.com/v5/public/spot',
      topics: ['tickers.BTCUSDT', 'orderbook.50.BTCUSDT', 'publicTrade.BTCUSDT'],
      open: () => socket,
      timers: scheduler.timers,
      now: scheduler.now,
      onBook: (m) => seen.push(`book ${String(m.type)}`),
      onTrades: (data) => seen.push(`trades ${(data as unknown[]).length}`),
    })
    stream.resubscribe(['orderbook.50.BTCUSDT']) // not open yet: its open subscribes everything anyway
    ;(socket.onopen as (() => void) | null)?.()
    socket.receive({ op: 'subscribe', success: true })
    socket.receive({ topic: 'orderbook.50.BTCUSDT', type: 'snapshot', data: {} })
    socket.receive({ topic: 'publicTrade.BTCUSDT', type: 'snapshot', data: [{}, {}] })
    socket.receive({ op: 'unsubscribe', success: true })
    stream.resubscribe(['orderbook.50.BTCUSDT'])
    expect(seen).toEqual(['book snapshot', 'trades 2'])
    expect(socket.sent.map((m) => JSON.parse(m) as unknown)).toEqual([
      { op: 'subscribe', args: ['tickers.BTCUSDT', 'orderbook.50.BTCUSDT', 'publicTrade.BTCUSDT'] },
      { op: 'unsubscribe', args: ['orderbook.50.BTCUSDT'] },
      { op: 'subscribe', args: ['orderbook.50.BTCUSDT'] },
    ])
    stream.close()
  })
})

import { createFakeScheduler } from '../testing/engine-fakes'
import { createRecordingMonitor } from '../testing/recording-monitor'
import { toUnits, unitsText } from './book-decimal'
import { BOOK_HEALTHY_MS, BOOK_INCIDENT_EVENT, createBookKeeper, parseBookMessage, type Book } from './order-book'

type Side = [string, string][]
const snapshot = (u: number, b: Side, a: Side, s = 'BTCUSDT') => ({ type: 'snapshot', data: { s, b, a, u } })
const delta = (u: number, b: Side, a: Side, s = 'BTCUSDT') => ({ type: 'delta', data: { s, b, a, u } })

/** A side as the wire writes it, for reading assertions. */
const text = (book: Book | null) =>
  book && {
    b: book.bids.map(([p, s]) => [unitsText(p), unitsText(s)]),
    a: book.asks.map(([p, s]) => [unitsText(p), unitsText(s)]),
    u: book.u,
  }

function setup() {
  const scheduler = createFakeScheduler(1_000_000)
  const monitor = createRecordingMonitor()
  const resubscribes: number[] = []
  const keeper = createBookKeeper({
    symbol: 'BTCUSDT',
    timers: scheduler.timers,
    now: scheduler.now,
    monitor,
    resubscribe: () => resubscribes.push(scheduler.now()),
  })
  const seen = () => text(keeper.getSnapshot().book)
  return { scheduler, monitor, resubscribes, keeper, seen }
}

const BASE = snapshot(
  10,
  [
    ['100.5', '1'],
    ['100', '2'],
  ],
  [
    ['101', '3'],
    ['101.5', '4'],
  ],
)

describe('the order book, kept as the exchange documents it (replayed message sequences)', () => {
  it('a snapshot replaces the local book, sorted best first', () => {
    const { keeper, seen } = setup()
    keeper.push(BASE)
    keeper.push(snapshot(20, [['99', '1']], [['102', '1']]))
    expect(seen()).toEqual({ b: [['99', '1']], a: [['102', '1']], u: 20 })
    expect(keeper.getSnapshot().state).toBe('live')
  })

  it('a delta: size "0" deletes, a new price inserts at its place, a known one updates', () => {
    const { keeper, seen } = setup()
    keeper.push(BASE)
    keeper.push(
      delta(
        11,
        [
          ['100', '0'],
          ['100.25', '7'],
        ],
        [['101.5', '9']],
      ),
    )
    expect(seen()).toEqual({
      b: [
        ['100.5', '1'],
        ['100.25', '7'],
      ],
      a: [
        ['101', '3'],
        ['101.5', '9'],
      ],
      u: 11,
    })
  })

  it('a message with u = 1 is a snapshot after a restart, checked before "not newer"', () => {
    const { keeper, seen } = setup()
    keeper.push(BASE)
    keeper.push(delta(1, [['50', '1']], [['60', '1']]))
    expect(seen()).toEqual({ b: [['50', '1']], a: [['60', '1']], u: 1 })
    keeper.push(delta(2, [['51', '2']], []))
    expect(seen()?.b).toEqual([
      ['51', '2'],
      ['50', '1'],
    ])
  })

  it('drops a delta before the first snapshot', () => {
    const { keeper } = setup()
    keeper.push(delta(5, [['100', '1']], []))
    expect(keeper.getSnapshot()).toMatchObject({ book: null, state: 'waiting', dropped: { 'before-snapshot': 1 } })
  })

  it('drops a delta whose u is not newer than the last applied', () => {
    const { keeper, seen } = setup()
    keeper.push(BASE)
    keeper.push(delta(10, [['100', '0']], []))
    keeper.push(delta(9, [['100', '0']], []))
    expect(seen()).toEqual(text(parse(BASE)))
    expect(keeper.getSnapshot().dropped['not-newer']).toBe(2)
  })

  it('drops a message for another symbol, well formed or not', () => {
    const { keeper, seen, resubscribes } = setup()
    keeper.push(BASE)
    keeper.push(delta(11, [['1', '1']], [], 'ETHUSDT'))
    keeper.push(snapshot(12, [['1', '1']], [['2', '1']], 'ETHUSDT'))
    keeper.push({ type: 'delta', data: { s: 'ETHUSDT', b: 'junk' } })
    expect(seen()).toEqual(text(parse(BASE)))
    expect(keeper.getSnapshot().dropped['other-symbol']).toBe(3)
    expect(resubscribes).toEqual([])
  })

  it('counts a gap in u and applies the delta anyway', () => {
    const { keeper, seen, resubscribes } = setup()
    keeper.push(BASE)
    keeper.push(delta(14, [['100', '5']], []))
    keeper.push(delta(15, [['100', '6']], []))
    keeper.push(delta(20, [['100', '7']], []))
    expect(seen()?.b[1]).toEqual(['100', '7'])
    expect(keeper.getSnapshot().gaps).toMatchObject({ count: 2, skipped: 3 + 4 })
    expect(resubscribes).toEqual([])
  })

  it.each([
    ['a price that is not a decimal string', delta(11, [['1e3', '1']], [])],
    ['a size that is a number', delta(11, [['100', 1]] as unknown as Side, [])],
    ['a missing side', { type: 'delta', data: { s: 'BTCUSDT', b: [], u: 11 } }],
    ['a negative size', delta(11, [['100', '-1']], [])],
    ['no u', { type: 'delta', data: { s: 'BTCUSDT', b: [], a: [] } }],
    ['an unknown type', { type: 'update', data: { s: 'BTCUSDT', b: [], a: [], u: 11 } }],
  ])('a malformed message (%s) is never drawn: resubscribe after 100 ms, one incident', async (_, message) => {
    const { keeper, scheduler, monitor, resubscribes, seen } = setup()
    keeper.push(BASE)
    const at = scheduler.now()
    keeper.push(message)
    expect(keeper.getSnapshot().state).toBe('resync')
    expect(seen()).toEqual(text(parse(BASE)))
    // Deltas meanwhile are not drawn either.
    keeper.push(delta(12, [['100', '9']], []))
    expect(seen()).toEqual(text(parse(BASE)))
    await scheduler.advance(100)
    expect(resubscribes).toEqual([at + 100])
    expect(monitor.entries).toEqual([{ type: 'event', name: BOOK_INCIDENT_EVENT, detail: { cause: 'malformed', symbol: 'BTCUSDT' } }])
    keeper.push(snapshot(30, [['100', '1']], [['101', '1']]))
    expect(keeper.getSnapshot().state).toBe('live')
  })

  it('a delta that crosses the book is never drawn; a source that keeps crossing backs off 100 ms doubling to 10 s, one incident', async () => {
    const { keeper, scheduler, monitor, resubscribes, seen } = setup()
    keeper.push(BASE)
    const start = scheduler.now()
    const delays: number[] = []
    let last = start
    for (let i = 0; i < 10; i++) {
      keeper.push(delta(11, [['102', '1']], [])) // best bid 102 ≥ best ask 101
      expect(seen()).toEqual(text(parse(BASE)))
      const before = resubscribes.length
      while (resubscribes.length === before) await scheduler.advance(50)
      delays.push((resubscribes.at(-1) as number) - last)
      keeper.push(BASE) // the fresh snapshot, then the same bad delta again
      last = scheduler.now()
    }
    expect(delays).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 10000, 10000, 10000])
    expect(monitor.entries.filter((e) => e.name === BOOK_INCIDENT_EVENT)).toHaveLength(1)
    expect(keeper.getSnapshot().incidents).toEqual([{ cause: 'crossed', at: start, attempts: 10 }])
  })

  it('a book that stays good past the healthy period ends the incident: the next starts over at 100 ms', async () => {
    const { keeper, scheduler, monitor, resubscribes } = setup()
    keeper.push(BASE)
    keeper.push(delta(11, [['102', '1']], []))
    await scheduler.advance(100)
    keeper.push(BASE)
    await scheduler.advance(BOOK_HEALTHY_MS)
    const at = scheduler.now()
    keeper.push(delta(11, [['102', '1']], []))
    await scheduler.advance(100)
    expect(resubscribes.at(-1)).toBe(at + 100)
    expect(monitor.entries).toHaveLength(2)
  })

  it('a crossed snapshot is never drawn either', async () => {
    const { keeper, scheduler, resubscribes } = setup()
    keeper.push(snapshot(3, [['101', '1']], [['100', '1']]))
    expect(keeper.getSnapshot()).toMatchObject({ book: null, state: 'waiting' })
    await scheduler.advance(100)
    expect(resubscribes).toHaveLength(1)
  })

  it('a REST answer counts as a snapshot: the first paint, never an older book over a newer one', () => {
    const { keeper, seen } = setup()
    keeper.answer(BASE.data)
    expect(seen()?.u).toBe(10)
    keeper.push(delta(11, [['100', '0']], []))
    keeper.answer({ ...BASE.data, u: 9 })
    expect(seen()?.u).toBe(11)
    keeper.answer({ ...BASE.data, u: 12 })
    expect(seen()).toEqual({ ...text(parse(BASE)), u: 12 })
  })

  it('a new stream keeps the book on screen, marked, until the new snapshot; its deltas wait for it', () => {
    const { keeper, seen } = setup()
    keeper.push(BASE)
    keeper.restart()
    expect(keeper.getSnapshot().state).toBe('resync')
    keeper.push(delta(11, [['100', '0']], []))
    expect(seen()).toEqual(text(parse(BASE)))
    keeper.push(snapshot(40, [['99', '1']], [['100', '1']]))
    expect(keeper.getSnapshot().state).toBe('live')
  })

  it('exact decimals from 0.00000001 to 123456789012.5, never binary floats', () => {
    const { keeper, seen } = setup()
    keeper.push(
      snapshot(
        1,
        [
          ['123456789012.4', '0.00000001'],
          ['0.00000001', '123456789012.5'],
        ],
        [['123456789012.5', '0.10000000000000000001']],
      ),
    )
    keeper.push(delta(2, [['0.00000003', '0.3']], [['123456789012.6', '0.1']]))
    expect(seen()).toEqual({
      b: [
        ['123456789012.4', '0.00000001'],
        ['0.00000003', '0.3'],
        ['0.00000001', '123456789012.5'],
      ],
      a: [
        ['123456789012.5', '0.10000000000000000001'],
        ['123456789012.6', '0.1'],
      ],
      u: 2,
    })
    expect(toUnits('0.1')! + toUnits('0.2')!).toBe(toUnits('0.3'))
  })
})

function parse(message: { type: string; data: unknown }): Book {
  const m = parseBookMessage(message.data, message.type)!
  return { symbol: m.symbol, bids: m.bids, asks: m.asks, u: m.u }
}

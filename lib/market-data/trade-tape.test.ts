import fc from 'fast-check'
import { createTradeTape, tradesOfAnswer, tradesOfPush, type Trade } from './trade-tape'

const t = (id: number, time = id): Trade => ({ id: String(id), time, price: '1.5', size: '0.1', side: id % 2 ? 'Buy' : 'Sell' })

describe('recent trades', () => {
  it('reads the REST answer and the stream alike, leaving out other pairs and malformed trades', () => {
    const rest = tradesOfAnswer(
      {
        list: [
          { execId: '7', symbol: 'BTCUSDT', price: '100.5', size: '0.01', side: 'Buy', time: '1700000000007' },
          { execId: '6', symbol: 'ETHUSDT', price: '1', size: '1', side: 'Buy', time: '1700000000006' },
          { execId: '5', symbol: 'BTCUSDT', price: 100, size: '1', side: 'Buy', time: '1700000000005' },
        ],
      },
      'BTCUSDT',
    )
    expect(rest).toEqual([{ id: '7', time: 1700000000007, price: '100.5', size: '0.01', side: 'Buy' }])
    const pushed = tradesOfPush([{ T: 1700000000008, s: 'BTCUSDT', S: 'Sell', v: '0.2', p: '100.4', i: '8', BT: false }], 'BTCUSDT')
    expect(pushed).toEqual([{ id: '8', time: 1700000000008, price: '100.4', size: '0.2', side: 'Sell' }])
  })

  it('keeps the latest 50, newest first', () => {
    const tape = createTradeTape()
    tape.add(Array.from({ length: 70 }, (_, i) => t(i + 1)))
    expect(tape.trades()).toHaveLength(50)
    expect(tape.trades()[0]?.id).toBe('70')
    expect(tape.trades()[49]?.id).toBe('21')
  })

  it('numeric ids of one millisecond in their order, 10 after 9', () => {
    const tape = createTradeTape()
    tape.add([t(9, 5), t(10, 5)])
    expect(tape.trades().map((x) => x.id)).toEqual(['10', '9'])
  })

  it('property: each trade exactly once, whatever the order and repeats they arrive in', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 1, max: 120 }), { maxLength: 30 }), { maxLength: 10 }), (batches) => {
        const tape = createTradeTape()
        for (const batch of batches) tape.add(batch.map((id) => t(id)))
        const all = [...new Set(batches.flat())].sort((a, b) => b - a).slice(0, 50)
        expect(tape.trades().map((x) => Number(x.id))).toEqual(all)
      }),
    )
  })

  it('a late copy of a trade that already fell off the tape is not shown again', () => {
    const tape = createTradeTape(2)
    tape.add([t(1), t(2), t(3)])
    expect(tape.add([t(1)])).toBe(false)
    expect(tape.trades().map((x) => x.id)).toEqual(['3', '2'])
  })
})

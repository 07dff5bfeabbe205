import fc from 'fast-check'
import BigNumber from 'bignumber.js'
import { formatUnits, percentText, toUnits, unitsText } from './book-decimal'
import { groupSide, mergeSteps, spreadOf } from './book-groups'
import { applySide, type Level } from './order-book'

const u = (s: string) => toUnits(s) as bigint
const lv = (p: string, s: string): Level => [u(p), u(s)]
const shown = (rows: { price: bigint; size: bigint; total: bigint }[] | readonly { price: bigint; size: bigint; total: bigint }[]) =>
  rows.map((r) => [unitsText(r.price), unitsText(r.size), unitsText(r.total)])

describe('grouping by the pair’s digitMerge steps', () => {
  it('bids round down, asks up, sizes summed exactly, totals cumulative', () => {
    const bids = [lv('100.9', '0.1'), lv('100.1', '0.2'), lv('99.9', '0.3')]
    const asks = [lv('101.1', '0.1'), lv('101.9', '0.2'), lv('102', '0.3')]
    expect(shown(groupSide('bids', bids, u('1'), 15).rows)).toEqual([
      ['100', '0.3', '0.3'],
      ['99', '0.3', '0.6'],
    ])
    expect(shown(groupSide('asks', asks, u('1'), 15).rows)).toEqual([['102', '0.6', '0.6']])
  })

  it('stops at the rows asked for, and says when a coarse step folds the whole depth into fewer', () => {
    const bids = Array.from({ length: 20 }, (_, i) => lv(String(200 - i), '1'))
    expect(groupSide('bids', bids, u('1'), 8)).toMatchObject({ folded: false })
    expect(groupSide('bids', bids, u('1'), 8).rows).toHaveLength(8)
    const coarse = groupSide('bids', bids, u('100'), 8)
    expect(shown(coarse.rows)).toEqual([
      ['200', '1', '1'],
      ['100', '19', '20'],
    ])
    expect(coarse.folded).toBe(true)
  })

  it('offers every valid step, finest first', () => {
    expect(mergeSteps(['0.1', '0.01', 'x', '1', '0.1']).map((s) => s.text)).toEqual(['0.01', '0.1', '1'])
  })

  it('the spread and its percentage of the mid price, exact', () => {
    const s = spreadOf([lv('99.5', '1')], [lv('100.5', '1')])!
    expect(unitsText(s.spread)).toBe('1')
    expect(percentText(s.spread * 2n, s.midTwice, 2)).toBe('1.00')
    expect(spreadOf([], [lv('1', '1')])).toBeNull()
    expect(formatUnits(u('1234567.125'), 2, { group: ',', decimal: '.' })).toBe('1,234,567.13')
  })

  // The reference: every level's price rounded with bignumber.js, the sizes of equal prices summed, sorted best first.
  function reference(side: 'bids' | 'asks', levels: readonly Level[], step: string, rows: number) {
    const groups = new Map<string, BigNumber>()
    for (const [p, s] of levels) {
      const price = new BigNumber(unitsText(p))
        .dividedBy(step)
        .integerValue(side === 'bids' ? BigNumber.ROUND_FLOOR : BigNumber.ROUND_CEIL)
        .times(step)
      const key = price.toFixed()
      groups.set(key, (groups.get(key) ?? new BigNumber(0)).plus(unitsText(s)))
    }
    const sorted = [...groups].sort((a, b) => (side === 'bids' ? new BigNumber(b[0]).comparedTo(a[0]) : new BigNumber(a[0]).comparedTo(b[0])) ?? 0)
    let total = new BigNumber(0)
    return sorted.slice(0, rows).map(([price, size]) => {
      total = total.plus(size)
      return [price, size.toFixed(), total.toFixed()]
    })
  }

  const decimalText = fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.integer({ min: 0, max: 10 }))
    .map(([digits, places]) => unitsText((digits * 10n ** 20n) / 10n ** BigInt(places)))
  const step = fc.constantFrom('0.00000001', '0.01', '0.1', '0.5', '1', '10', '50', '100', '1000')

  it('property: the grouped book equals a plain reference grouping of the full book, for random books and steps', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'bids' | 'asks'>('bids', 'asks'),
        fc.array(fc.tuple(decimalText, decimalText), { maxLength: 60 }),
        step,
        fc.integer({ min: 1, max: 20 }),
        (side, raw, stepText, rows) => {
          // The book as deltas build it: every level applied in turn (the last size of a price wins).
          const levels = applySide(
            side,
            [],
            raw.map(([p, s]) => lv(p, s)),
          )
          const grouped = groupSide(side, levels, u(stepText), rows)
          expect(shown(grouped.rows)).toEqual(reference(side, levels, stepText, rows))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('property: applying deltas one by one keeps each side sorted, unique and equal to a map of the last sizes', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 3 })), { maxLength: 80 }), (changes) => {
        let side: readonly Level[] = []
        const expected = new Map<number, number>()
        for (const [p, s] of changes) {
          side = applySide('asks', side, [[BigInt(p), BigInt(s)]])
          if (s === 0) expected.delete(p)
          else expected.set(p, s)
        }
        expect(side.map(([p, s]) => [Number(p), Number(s)])).toEqual([...expected].sort((a, b) => a[0] - b[0]))
      }),
    )
  })
})

import { toUnits } from './book-decimal'
import { bookRowsText } from './book-rows'
import type { Level } from './order-book'

const u = (s: string) => toUnits(s) as bigint
const lv = (p: string, s: string): Level => [u(p), u(s)]
const formats = { group: ',', decimal: '.', percent: { up: ['+', '%'], down: ['-', '%'], flat: ['', '%'] } } as const

describe('the book’s rows as text', () => {
  it('prices at the step’s places, sizes and totals at the quantity’s, depth against the deepest total shown', () => {
    const view = bookRowsText(
      { bids: [lv('99.5', '1'), lv('99.4', '3')], asks: [lv('100.5', '2')] },
      { step: { units: u('0.1'), places: 1 }, rows: 8, pricePlaces: 1, sizePlaces: 3, formats },
    )
    expect(view.bids).toEqual([
      { price: '99.5', size: '1.000', total: '1.000', depth: 0.25 },
      { price: '99.4', size: '3.000', total: '4.000', depth: 1 },
    ])
    expect(view.asks).toEqual([{ price: '100.5', size: '2.000', total: '2.000', depth: 0.5 }])
    expect(view.spread).toBe('1.0')
    expect(view.spreadPercent).toBe('1.00%') // 1 / 100 mid
    // Few levels are not folded by the step; a coarse step that merges them is, and says so.
    expect(view.folded).toBe(false)
    const coarse = bookRowsText(
      { bids: [lv('99.5', '1'), lv('99.4', '3')], asks: [lv('100.5', '2')] },
      { step: { units: u('10'), places: 0 }, rows: 8, pricePlaces: 1, sizePlaces: 3, formats },
    )
    expect(coarse.bids).toEqual([{ price: '90', size: '4.000', total: '4.000', depth: 1 }])
    expect(coarse.asks[0]?.price).toBe('110')
    expect(coarse.folded).toBe(true)
  })

  it('a tight spread shows places until a digit does (at most 6), in the locale’s separators', () => {
    const view = bookRowsText(
      { bids: [lv('82256.9', '1')], asks: [lv('82257', '1')] },
      { step: { units: u('0.1'), places: 1 }, rows: 1, pricePlaces: 1, sizePlaces: 2, formats: { ...formats, group: '.', decimal: ',' } },
    )
    expect(view.spreadPercent).toBe('0,0001%')
    expect(view.bids[0]?.price).toBe('82.256,9')
    expect(view.folded).toBe(false)
  })
})

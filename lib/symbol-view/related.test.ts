import { builtinSymbolList } from '../symbols/builtin'
import { sameCoinPairs } from './related'

const builtin = builtinSymbolList(0)
const btcUsdt = builtin.symbols.find((pair) => pair.symbolId === 'BTCUSDT')!
const quoted = (quote: string, volume: string) => ({ ...btcUsdt, symbolId: `BTC${quote}`, quoteTokenId: quote, quoteTokenName: quote, volume })
const list = { ...builtin, symbols: [...builtin.symbols, quoted('USDC', '10'), quoted('EUR', '500'), quoted('BRL', '5')] }

describe('other pairs of the same coin', () => {
  it('lists the visible pairs with the same base, most traded first, never the pair itself', () => {
    const btc = list.symbols.find((pair) => pair.symbolId === 'BTCUSDT')!
    const others = list.symbols.filter((pair) => pair.baseTokenId === btc.baseTokenId && pair.symbolId !== 'BTCUSDT' && pair.showStatus)
    expect(others.length).toBeGreaterThan(0)
    const related = sameCoinPairs(list, btc)
    expect(related.map((r) => r.symbolId).sort()).toEqual(others.map((p) => p.symbolId).sort())
    expect(related.every((r) => r.baseTokenName === btc.baseTokenName)).toBe(true)
    const volumes = related.map((r) => Number(list.symbols.find((p) => p.symbolId === r.symbolId)!.volume))
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a))
  })
  it('hides pairs that are not shown and respects the limit', () => {
    const btc = list.symbols.find((pair) => pair.symbolId === 'BTCUSDT')!
    const hidden = { ...list, symbols: list.symbols.map((p) => (p.symbolId === 'BTCUSDT' ? p : { ...p, showStatus: false })) }
    expect(sameCoinPairs(hidden, btc)).toEqual([])
    expect(sameCoinPairs(list, btc, 1)).toHaveLength(Math.min(1, sameCoinPairs(list, btc).length))
  })
})

import { builtinSymbolList } from '../symbols/builtin'
import { findPair, isCanonicalSpelling, pairPath } from './pairs'

// docs/decisions/pages.md "URL shape": case-insensitive match, exact spelling first, 308 to pairPath otherwise.
const base = builtinSymbolList(0)
const eth = base.symbols.find((pair) => pair.baseTokenName === 'ETH')!
const list = {
  ...base,
  symbols: [...base.symbols, { ...eth, symbolId: 'METHUSDT', baseTokenName: 'METH' }, { ...eth, symbolId: 'mETHUSDT', baseTokenName: 'mETH' }],
}

describe('findPair and the canonical spelling', () => {
  it('matches letter case loosely and says when the spelling is not the list’s own', () => {
    const pair = findPair(list, 'btc', 'usdt')!
    expect(pair.symbolId).toBe('BTCUSDT')
    expect(isCanonicalSpelling(pair, 'btc', 'usdt')).toBe(false)
    expect(isCanonicalSpelling(pair, 'BTC', 'USDT')).toBe(true)
    expect(pairPath(pair)).toBe('/trade/spot/BTC/USDT')
  })

  it('prefers the exact spelling when two names differ only in case (mETH beside METH)', () => {
    expect(findPair(list, 'mETH', 'USDT')!.symbolId).toBe('mETHUSDT')
    expect(findPair(list, 'METH', 'USDT')!.symbolId).toBe('METHUSDT')
  })

  it('finds nothing for an unknown pair', () => {
    expect(findPair(list, 'NOPE', 'USDT')).toBeUndefined()
  })
})

import { swapLangPrefix } from './path'

const TR = ['tr-TUR', 'en-TR']

describe('swapLangPrefix', () => {
  it('replaces the language prefix and keeps the page', () => {
    expect(swapLangPrefix('/tr-TUR/trade/spot/BTC/USDT', 'en-TR', TR)).toBe('/en-TR/trade/spot/BTC/USDT')
    expect(swapLangPrefix('/tr-TUR', 'en-TR', TR)).toBe('/en-TR')
    expect(swapLangPrefix('/tr-TUR/', 'en-TR', TR)).toBe('/en-TR')
  })

  it('knows the prefix in any letter case', () => {
    expect(swapLangPrefix('/TR-tur/trade/spot/BTC/USDT', 'en-TR', TR)).toBe('/en-TR/trade/spot/BTC/USDT')
  })

  it('adds the prefix to a path without one, a pair segment included', () => {
    expect(swapLangPrefix('/', 'en-TR', TR)).toBe('/en-TR')
    expect(swapLangPrefix('/trade/spot/BTC/USDT', 'en-TR', TR)).toBe('/en-TR/trade/spot/BTC/USDT')
    expect(swapLangPrefix('/en-TRY/x', 'en-TR', TR)).toBe('/en-TR/en-TRY/x')
  })
})

import { monogram } from './monogram'

/** WCAG relative luminance of an hsl() colour, to check white letters stay readable. */
function luminance(hsl: string): number {
  const [h, s, l] = (hsl.match(/[\d.]+/g) ?? []).map(Number) as [number, number, number]
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * f(0) + 0.7152 * f(8) + 0.0722 * f(4)
}

describe('pair icon monogram', () => {
  it('shows the base coin’s first letters', () => {
    expect(monogram('BTC').letters).toBe('BT')
    expect(monogram('1INCH').letters).toBe('1I')
    expect(monogram('mETH').letters).toBe('ME')
    expect(monogram('').letters).toBe('?')
  })
  it('has a stable colour per coin, and white letters above 4.5:1 on every hue', () => {
    expect(monogram('BTC').background).toBe(monogram('BTC').background)
    // Enough names to land on every hue.
    const coins = Array.from({ length: 3000 }, (_, i) => `C${i.toString(36).toUpperCase()}`)
    expect(new Set(coins.map((coin) => monogram(coin).background)).size).toBe(360)
    for (const coin of coins) expect({ coin, readable: 1.05 / (luminance(monogram(coin).background) + 0.05) >= 4.5 }).toEqual({ coin, readable: true })
    expect(monogram('ETH').background).toMatch(/^hsl\(\d+ 60% 28%\)$/)
  })
})

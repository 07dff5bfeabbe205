import { figuresOf, rowFiguresOf } from './figures'
import type { MarketTicker } from './tickers'

const ticker = (lastPrice: string, at = 1_700_000_000_000): MarketTicker =>
  ({
    symbol: 'BTCUSDT',
    lastPrice,
    price24hPcnt: '0.0123',
    highPrice24h: '1',
    lowPrice24h: '1',
    volume24h: '10',
    turnover24h: '1234.5',
    prevPrice24h: '1',
    at,
  }) as MarketTicker

describe('rowFiguresOf', () => {
  it('gives the same object for the same ticker (a memoised row skips its render)', () => {
    const t = ticker('65000.12')
    const first = rowFiguresOf(t, '0.1', 'en-US')
    expect(rowFiguresOf(t, '0.1', 'en-US')).toBe(first)
    expect(first).toMatchObject({ last: '65,000.1', turnover: '1,235', raw: { last: '65000.12', change: '0.0123' } })
    expect(first.change?.text).toBe('+1.23%')
  })

  it('formats anew for a new ticker, another step or another locale', () => {
    const t = ticker('65000.12')
    const first = rowFiguresOf(t, '0.1', 'en-US')
    expect(rowFiguresOf(ticker('65000.12'), '0.1', 'en-US')).not.toBe(first)
    expect(rowFiguresOf(t, '0.01', 'en-US').last).toBe('65,000.12')
    expect(rowFiguresOf(t, '0.1', 'de-DE').last).toBe('65.000,1')
  })

  it('reads and formats only the row’s own figures (a markets page formats every pushed row)', () => {
    const read: string[] = []
    const t = new Proxy(ticker('65000.12'), {
      get(target, key, receiver) {
        if (typeof key === 'string') read.push(key)
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    const row = rowFiguresOf(t, '0.1', 'en-US')
    expect(row).toMatchObject({ last: '65,000.1', turnover: '1,235' })
    // High, low, volume and the time are the pair page's: a row never reads them.
    expect(read.filter((k) => ['highPrice24h', 'lowPrice24h', 'volume24h', 'at'].includes(k))).toEqual([])
  })

  it('does not hand a row the pair page figures kept for the same ticker', () => {
    const t = ticker('1.5')
    const page = figuresOf(t, '0.1', 'en-US')
    const row = rowFiguresOf(t, '0.1', 'en-US')
    expect(row).not.toBe(page)
    expect(row.high).toBeUndefined()
    expect(page.high).toBe('1.0')
  })
})

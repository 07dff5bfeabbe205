import { generateGroups, type FullPair } from './pairs'
import { dailyVolatility, pricePath } from './prices'
import { TEST_START } from '../testkit'

const HOUR = 3_600_000
const pairs = new Map(generateGroups(1).flatMap((g) => g.pairs.map((p) => [p.symbolId, p] as const)))
const pair = (id: string): FullPair => pairs.get(id) ?? fail(`no pair ${id}`)
function fail(message: string): never {
  throw new Error(message)
}
/** The standard deviation of a path's hourly log-returns over `hours` hours before TEST_START. */
function hourlySpread(id: string, hours = 1_000): number {
  const path = pricePath(1, pair(id))
  const returns = Array.from({ length: hours }, (_, i) => Math.log(path.at(TEST_START - i * HOUR) / path.at(TEST_START - (i + 1) * HOUR)))
  return Math.sqrt(returns.reduce((sum, r) => sum + r * r, 0) / hours)
}

describe('price walk', () => {
  it('is a pure function of seed, pair and time, whatever was asked before', () => {
    const t = TEST_START + 12_345_678
    const fresh = pricePath(1, pair('BTCUSDT')).at(t)
    const used = pricePath(1, pair('BTCUSDT'))
    for (let i = 0; i < 50; i++) used.at(TEST_START - i * 7_777_777)
    expect(used.at(t)).toBe(fresh)
    expect(pricePath(2, pair('BTCUSDT')).at(t)).not.toBe(fresh)
  })

  it('moves every second and continuously between seconds', () => {
    const path = pricePath(1, pair('BTCUSDT'))
    const seconds = Array.from({ length: 11 }, (_, i) => path.at(TEST_START + i * 1_000))
    expect(new Set(seconds).size).toBeGreaterThan(8)
    // Within a second the walk is linear, so a millisecond moves it by at most a step or two.
    const a = path.at(TEST_START + 500)
    expect(Math.abs(path.at(TEST_START + 501) - a)).toBeLessThanOrEqual(2 * path.step + 1e-9)
  })

  it('calms majors and lets small coins, memes and leveraged tokens swing', () => {
    expect(dailyVolatility(pair('BTCUSDT'))).toBeLessThan(dailyVolatility(pair('AAVEUSDT')))
    expect(dailyVolatility(pair('AAVEUSDT'))).toBeLessThan(dailyVolatility(pair('PEPEUSDT')))
    expect(dailyVolatility(pair('USDCUSDT'))).toBeLessThan(0.001)
    expect(dailyVolatility(pair('BTC3LUSDT'))).toBeCloseTo(3 * dailyVolatility(pair('BTCUSDT')))
    // An hour of BTC moves about 2 % / √24, not the ±5 % swing of a wave sum.
    const btc = hourlySpread('BTCUSDT')
    expect(btc).toBeGreaterThan(0.002)
    expect(btc).toBeLessThan(0.006)
    expect(hourlySpread('PEPEUSDT')).toBeGreaterThan(1.5 * btc)
  })

  it('stays within its bound of the reference price over a year', () => {
    const path = pricePath(1, pair('DOGEUSDT'))
    const reference = Number(pair('DOGEUSDT').minTradeAmount) / Number(pair('DOGEUSDT').minTradeQuantity)
    const year = Array.from({ length: 365 * 4 }, (_, i) => path.at(TEST_START - i * 6 * HOUR) / reference)
    // σ 3.1 %/day: three stationary spreads of σ·√(2^20 s / 2) are about ±24 % in log terms.
    expect(Math.min(...year)).toBeGreaterThan(Math.exp(-0.3))
    expect(Math.max(...year)).toBeLessThan(Math.exp(0.3))
  })

  it('brackets a window with its sampled high and low', () => {
    const path = pricePath(1, pair('ETHUSDT'))
    const { high, low } = path.range(TEST_START - HOUR, TEST_START)
    expect(high).toBeGreaterThanOrEqual(path.at(TEST_START))
    expect(low).toBeLessThanOrEqual(path.at(TEST_START - HOUR))
    expect(high).toBeGreaterThan(low)
  })
})

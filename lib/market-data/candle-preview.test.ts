import { layoutCandlePreview, niceStep, priceGutter, PREVIEW_BAR_SPACING, TIME_GUTTER } from './candle-preview'
import type { Candle } from './kline'

/** layoutCandlePreview's default price scale. */
const PRICE_GUTTER = priceGutter(8)

const HOUR = 3_600_000
const candle = (i: number, open: number, close: number, high = Math.max(open, close) + 1, low = Math.min(open, close) - 1): Candle => ({
  start: i * HOUR,
  open,
  high,
  low,
  close,
})
/** Rectangles of a path: [left, top, width, height] per `M x y h w v h h -w Z` (bodies) or `M x y h1 V y2 h-1 Z` (wicks). */
function rects(path: string): number[][] {
  const out: number[][] = []
  for (const m of path.matchAll(/M(-?[\d.]+) (-?[\d.]+)h([\d.]+)(?:v([\d.]+)|V(-?[\d.]+))h-[\d.]+Z/g)) {
    const [x, y, w] = [Number(m[1]), Number(m[2]), Number(m[3])]
    out.push([x, y, w, m[4] !== undefined ? Number(m[4]) : Number(m[5]) - y])
  }
  return out
}

describe('layoutCandlePreview', () => {
  const many = Array.from({ length: 200 }, (_, i) => candle(i, 100 + i, 100 + i + (i % 2 ? 2 : -2)))

  it('draws the newest candles that fit, 6 px each, the newest against the price scale', () => {
    const layout = layoutCandlePreview(many, 390, 320)!
    const fit = Math.floor((390 - PRICE_GUTTER) / PREVIEW_BAR_SPACING)
    expect(layout.count).toBe(fit)
    const all = [...rects(layout.rise), ...rects(layout.fall)]
    expect(all).toHaveLength(fit * 2) // a wick and a body each
    const rightmost = Math.max(...all.map(([x, , w]) => x! + w!))
    expect(rightmost).toBeLessThanOrEqual(layout.plotWidth)
    expect(rightmost).toBeGreaterThan(layout.plotWidth - PREVIEW_BAR_SPACING)
    // The newest candle (index 199, odd: rising) is the rightmost body.
    const bodies = rects(layout.rise).filter(([, , w]) => w! > 1)
    expect(Math.max(...bodies.map(([x]) => x!))).toBe(Math.max(...all.filter(([, , w]) => w! > 1).map(([x]) => x!)))
    expect(layout.last.value).toBe(many[199]!.close)
    expect(layout.last.rising).toBe(true)
  })

  it('draws all candles on a wide box and keeps them inside the plot', () => {
    const layout = layoutCandlePreview(many, 1400, 320)!
    expect(layout.count).toBe(200)
    for (const [x, y, w, h] of [...rects(layout.rise), ...rects(layout.fall)]) {
      expect(x).toBeGreaterThanOrEqual(0)
      expect(x! + w!).toBeLessThanOrEqual(layout.plotWidth)
      expect(y).toBeGreaterThanOrEqual(0)
      expect(y! + h!).toBeLessThanOrEqual(320 - TIME_GUTTER)
    }
  })

  it('puts rising candles in one path and falling ones in the other, high above low', () => {
    const layout = layoutCandlePreview([candle(0, 10, 20, 25, 5), candle(1, 20, 12, 22, 11)], 400, 300)!
    const [wickUp, bodyUp] = rects(layout.rise)
    const [wickDown, bodyDown] = rects(layout.fall)
    expect(bodyUp![1]).toBeLessThan(bodyUp![1]! + bodyUp![3]!)
    // The rising candle's wick spans 25 → 5, the whole range: taller than the falling one's 22 → 11.
    expect(wickUp![3]).toBeGreaterThan(wickDown![3]!)
    expect(wickUp![1]).toBeLessThan(wickDown![1]!)
    expect(bodyDown![0]).toBeGreaterThan(bodyUp![0]!)
    expect(layout.last).toEqual({ y: expect.any(Number), value: 12, rising: false })
  })

  it('labels prices at a round step no finer than the pair’s, inside the plot and in order', () => {
    const layout = layoutCandlePreview(many, 1400, 320, 0.1)!
    expect(layout.prices.length).toBeGreaterThanOrEqual(3)
    const step = layout.prices[1]!.value - layout.prices[0]!.value
    expect([1, 2, 5, 10, 20, 50]).toContain(Math.round(step))
    for (const p of layout.prices) {
      expect(p.y).toBeGreaterThan(0)
      expect(p.y).toBeLessThan(layout.plotHeight)
    }
    expect(layout.prices.map((p) => p.y)).toEqual([...layout.prices.map((p) => p.y)].sort((a, b) => b - a))
    // A coarse pair step wins over a finer round one.
    const coarse = layoutCandlePreview([candle(0, 100, 100.4, 100.5, 99.9)], 400, 300, 1)!
    for (const p of coarse.prices) expect(Number.isInteger(p.value)).toBe(true)
  })

  it('labels times at least 84 px apart, left to right, day boundaries first', () => {
    const layout = layoutCandlePreview(many, 1400, 320)!
    expect(layout.times.length).toBeGreaterThan(5)
    const xs = layout.times.map((t) => t.x)
    expect(xs).toEqual([...xs].sort((a, b) => a - b))
    for (let k = 1; k < xs.length; k++) expect(xs[k]! - xs[k - 1]!).toBeGreaterThanOrEqual(84)
    expect(layout.times.map((t) => t.start)).toEqual([...layout.times.map((t) => t.start)].sort((a, b) => a - b))
    // Hourly candles from midnight: every day boundary among the candles (0, 24, … 192 h) that fits is labelled.
    const days = layout.times.filter((t) => t.start % 86_400_000 === 0)
    expect(days.length).toBe(9)
  })

  it('makes room at the right for the price labels it is given', () => {
    expect(layoutCandlePreview(many, 390, 320, 0, priceGutter(12))!.plotWidth).toBe(390 - priceGutter(12))
    expect(priceGutter(12)).toBeGreaterThan(priceGutter(8))
  })

  it('draws a flat price mid-plot, and nothing when there is nothing to draw', () => {
    const flat = layoutCandlePreview([candle(0, 5, 5, 5, 5), candle(1, 5, 5, 5, 5)], 400, 300, 0.01)!
    expect(flat.count).toBe(2)
    expect(flat.last.y).toBeGreaterThan(0)
    expect(flat.last.y).toBeLessThan(flat.plotHeight)
    expect(layoutCandlePreview([], 400, 300)).toBeNull()
    expect(layoutCandlePreview(many, PRICE_GUTTER + 3, 300)).toBeNull()
  })
})

describe('niceStep', () => {
  it('picks 1, 2 or 5 × 10^k', () => {
    expect(niceStep(100, 5)).toBe(20)
    expect(niceStep(0.03, 5)).toBeCloseTo(0.005, 8)
    expect(niceStep(0.037, 5)).toBeCloseTo(0.01, 8)
    expect(niceStep(7000, 5)).toBe(1000)
    expect(niceStep(1, 5, 0.5)).toBe(0.5)
  })
})

import {
  breakdownLines,
  compareToFloor,
  floorTable,
  mainThreadBreakdown,
  medianBreakdown,
  formatFigure,
  loadFigures,
  medianFigures,
  type PageFigures,
} from './floor-goals'

// Medians of 5 interleaved rounds as issue #26 reported them (LCP and CLS of our pages made up).
const floor: PageFigures = { performance: 97, tbtMs: 201, mainThreadMs: 940, cls: 0, lcpMs: 750 }
const pair: PageFigures = { performance: 80, tbtMs: 451, mainThreadMs: 2410, cls: 0.001, lcpMs: 1200 }

describe('loadFigures', () => {
  it("reads TBT, main-thread work, CLS and LCP from the audits' numericValue", () => {
    const audits = {
      'total-blocking-time': { numericValue: 451.5 },
      'mainthread-work-breakdown': { numericValue: 2410.2 },
      'cumulative-layout-shift': { numericValue: 0.004 },
      'largest-contentful-paint': { numericValue: 1203 },
    }
    expect(loadFigures(audits)).toEqual({ tbtMs: 451.5, mainThreadMs: 2410.2, cls: 0.004, lcpMs: 1203 })
  })

  it('says null for an audit that is missing or has no number', () => {
    expect(loadFigures({ 'total-blocking-time': { numericValue: 'x' }, 'cumulative-layout-shift': {} })).toEqual({
      tbtMs: null,
      mainThreadMs: null,
      cls: null,
      lcpMs: null,
    })
  })
})

describe('medianFigures', () => {
  it('takes each figure’s median over the runs that reported it', () => {
    const runs = [
      { tbtMs: 300, mainThreadMs: 2000, cls: 0, lcpMs: 900 },
      { tbtMs: 100, mainThreadMs: null, cls: 0.01, lcpMs: 700 },
      { tbtMs: 200, mainThreadMs: 1000, cls: 0, lcpMs: 800 },
    ]
    expect(medianFigures(runs)).toEqual({ tbtMs: 200, mainThreadMs: 1000, cls: 0, lcpMs: 800 })
    expect(medianFigures([])).toEqual({ tbtMs: null, mainThreadMs: null, cls: null, lcpMs: null })
  })
})

describe('compareToFloor', () => {
  const byKey = (page: PageFigures, base = floor, tier: 'low' | 'mid' = 'low') =>
    Object.fromEntries(compareToFloor(page, base, tier).map((c) => [c.goal.key, c]))

  it("checks issue #50's low-tier goals: performance −5 points, TBT 1.5×, CLS < 0.02; main-thread work and LCP reported", () => {
    const c = byKey(pair)
    expect(c.performance).toMatchObject({ vsFloor: -17, met: false })
    expect(c.tbtMs?.vsFloor).toBeCloseTo(2.24, 2)
    expect(c.tbtMs?.met).toBe(false)
    expect(c.mainThreadMs?.vsFloor).toBeCloseTo(2.56, 2)
    expect(c.mainThreadMs?.met).toBeNull()
    expect(c.cls).toMatchObject({ vsFloor: null, met: true })
    expect(c.lcpMs).toMatchObject({ vsFloor: 450, met: null })
  })

  it('meets a goal at its limit, and CLS only below 0.02', () => {
    const atLimits = byKey({ performance: 92, tbtMs: 301.5, mainThreadMs: 1692, cls: 0.02, lcpMs: 1250 })
    expect([atLimits.performance?.met, atLimits.tbtMs?.met]).toEqual([true, true])
    expect(atLimits.cls?.met).toBe(false)
  })

  it('holds the mid tier at the floor: performance ≥ floor − 2, the rest reported', () => {
    expect(byKey({ ...pair, performance: 95 }, floor, 'mid').performance).toMatchObject({ vsFloor: -2, met: true })
    expect(byKey({ ...pair, performance: 94 }, floor, 'mid').performance).toMatchObject({ vsFloor: -3, met: false })
    expect(byKey({ ...pair, performance: 94 }, floor, 'low').performance?.met).toBe(true)
    expect(byKey(pair, floor, 'mid').tbtMs?.met).toBeNull()
  })

  it('gives no ratio to a floor of 0 and still checks the goal; null when a figure is missing', () => {
    const zero = byKey({ ...pair, tbtMs: 0 }, { ...floor, tbtMs: 0 })
    expect(zero.tbtMs).toMatchObject({ vsFloor: null, met: true })
    const missing = byKey({ ...pair, lcpMs: null, cls: 0.01 }, { ...floor, cls: null, tbtMs: null })
    expect(missing.lcpMs?.met).toBeNull()
    expect(missing.tbtMs?.met).toBeNull()
    expect(missing.cls?.met).toBe(true) // CLS needs no floor
  })
})

describe('the printed table', () => {
  it('shows the floor, each page with its difference or ratio and the verdict, and the goal', () => {
    const lines = floorTable(floor, { pair }, 'low')
    expect(lines[0]?.trim().split(/\s+/)).toEqual(['floor', 'pair', 'goal'])
    expect(lines[1]).toMatch(/^performance\s+97\s+80 \(−17\) MISSED\s+≥ floor − 5$/)
    expect(lines[2]).toMatch(/^TBT\s+201 ms\s+451 ms \(2\.24×\) MISSED\s+≤ 1\.5 × floor$/)
    expect(lines[3]).toMatch(/^main-thread work\s+0\.94 s\s+2\.41 s \(2\.56×\)\s+reported$/)
    expect(lines[4]).toMatch(/^CLS\s+0\.000\s+0\.001 met\s+< 0\.02$/)
    expect(lines[5]).toMatch(/^LCP \(simulated\)\s+0\.75 s\s+1\.20 s \(\+0\.45 s\)\s+reported$/)
  })

  it('writes a missing figure as n/a', () => {
    expect(formatFigure('lcpMs', null)).toBe('n/a')
  })
})

describe('main-thread work by category', () => {
  it("sums the breakdown audit's groups, takes each group's median (0 ms when a run lacks it) and prints the ratios", () => {
    expect(mainThreadBreakdown([{ group: 'scriptEvaluation', duration: 100 }, { group: 'styleLayout', duration: 40 }, { group: 'x' }])).toEqual({
      scriptEvaluation: 100,
      styleLayout: 40,
    })
    const m = medianBreakdown([{ scriptEvaluation: 300, styleLayout: 50 }, { scriptEvaluation: 100 }, { scriptEvaluation: 200, styleLayout: 70 }])
    expect(m).toEqual({ scriptEvaluation: 200, styleLayout: 50 })
    const lines = breakdownLines({ scriptEvaluation: 100, styleLayout: 25 }, { pair: m })
    expect(lines[1]).toMatch(/^scriptEvaluation\s+100 ms\s+200 ms \(2\.00×\)$/)
    expect(lines[2]).toMatch(/^styleLayout\s+25 ms\s+50 ms \(2\.00×\)$/)
  })
})

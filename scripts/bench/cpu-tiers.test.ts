import { calibrate, calibrateAs, describeCalibration, MIN_READINGS, slowdownFor, TIER_INDEX } from './cpu-tiers'

describe('the CPU slowdown of each tier', () => {
  it("divides the host's benchmarkIndex by the tier phone's (mid 1000, low 264)", () => {
    expect(TIER_INDEX).toEqual({ mid: 1000, low: 264 })
    expect(slowdownFor(1878, 'mid')).toBeCloseTo(1.878, 3)
    expect(slowdownFor(1878, 'low')).toBeCloseTo(7.11, 2)
  })

  it('never goes below 1×: a host slower than the phone is measured as it is', () => {
    expect(slowdownFor(600, 'mid')).toBe(1)
    expect(slowdownFor(200, 'low')).toBe(1)
    expect(slowdownFor(600, 'low')).toBeCloseTo(2.27, 2)
  })

  it('refuses an index that is not a positive number', () => {
    expect(() => slowdownFor(0, 'mid')).toThrow(/positive/)
    expect(() => slowdownFor(Number.NaN, 'low')).toThrow(/positive/)
  })
})

describe('calibrate', () => {
  it('takes the median of the readings, not their mean or the first', () => {
    // The two single readings and a third: one reading alone would have said 1,658 or 2,380.
    const c = calibrate([2380, 1658, 1878])
    expect(c.benchmarkIndex).toBe(1878)
    expect(c.slowdown.mid).toBeCloseTo(1.878, 3)
    expect(c.slowdown.low).toBeCloseTo(1878 / 264, 6)
    expect(c.readings).toEqual([2380, 1658, 1878])
    expect(describeCalibration(c)).toMatch(/benchmarkIndex 1878 \(median of 2380, 1658, 1878\): mid tier \(1000\) 1\.88×, low tier \(264\) 7\.11×/)
  })

  it(`needs at least ${MIN_READINGS} usable readings`, () => {
    expect(() => calibrate([1500, 1600])).toThrow(/needs 3 benchmarkIndex readings, got 2/)
    expect(() => calibrate([1500, 1600, Number.NaN])).toThrow(/got 2/)
    expect(calibrate([1500, 1600, 1700, 5000]).benchmarkIndex).toBe(1600)
  })

  it("repeats an earlier calibration from BENCH_CPU_INDEX, keeping the host's readings beside it", () => {
    const c = calibrateAs([900, 1000, 1100], { BENCH_CPU_INDEX: '2640' })
    expect(c).toMatchObject({ benchmarkIndex: 2640, fixed: true, readings: [900, 1000, 1100] })
    expect(c.slowdown.low).toBe(10)
    expect(describeCalibration(c)).toMatch(/^benchmarkIndex 2640 \(BENCH_CPU_INDEX; this host read 900, 1000, 1100, median 1000\)/)
    expect(calibrateAs([900, 1000, 1100], {})).toMatchObject({ benchmarkIndex: 1000, fixed: false })
    expect(() => calibrateAs([900, 1000, 1100], { BENCH_CPU_INDEX: 'fast' })).toThrow(/BENCH_CPU_INDEX must be a positive number/)
  })
})

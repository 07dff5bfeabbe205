import { probeDelay, reportDelay } from './cadence'
import * as C from './constants'

describe('fast-path timings (SPEC §9)', () => {
  it('exports the spec constants', () => {
    expect([C.FAST_PATH_PROBE_INTERVAL_START_MS, C.FAST_PATH_PROBE_INTERVAL_STEP_MS, C.FAST_PATH_PROBE_INTERVAL_MAX_MS]).toEqual([10000, 10000, 30000])
    expect(C.FAST_PATH_CACHE_TTL_MS).toBe(86_400_000)
    expect(C.FAST_PATH_SLOW_MS).toBe(3000)
    expect(C.FAST_PATH_CHECK_INTERVAL_MS).toBe(25000)
    expect([C.FAST_PATH_REFRESH_MIN_MS, C.FAST_PATH_REFRESH_MAX_MS]).toEqual([10000, 30000])
    expect([C.FAST_PATH_REPORT_FIRST_MS, C.FAST_PATH_REPORT_MS]).toEqual([10000, 30000])
  })

  it('grows the probe interval 10 → 20 → 30 → 30 s without jitter (random 0.5)', () => {
    expect([0, 1, 2, 3, 4, 50].map((i) => probeDelay(i, 0.5))).toEqual([10000, 20000, 30000, 30000, 30000, 30000])
  })

  it('adds ±10 % jitter but never leaves the 10–30 s refresh bounds', () => {
    expect(probeDelay(1, 0)).toBe(18000)
    expect(probeDelay(1, 0.999999)).toBeCloseTo(22000, 0)
    expect(probeDelay(0, 0)).toBe(10000) // 9000 would be under the 10 s bound
    expect(probeDelay(2, 0.999999)).toBe(30000) // 33000 would be over the 30 s bound
    for (let i = 0; i < 1000; i++) {
      const delay = probeDelay(i % 5, (i * 0.618) % 1)
      expect(delay).toBeGreaterThanOrEqual(10000)
      expect(delay).toBeLessThanOrEqual(30000)
    }
  })

  it('reports every 10 s three times, then every 30 s', () => {
    expect([0, 1, 2, 3, 4, 9].map((n) => reportDelay(n))).toEqual([10000, 10000, 10000, 30000, 30000, 30000])
  })
})

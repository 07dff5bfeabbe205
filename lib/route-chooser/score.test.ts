import { ROUTE_HISTORY_DEFAULT_MS, ROUTE_PROBE_FAILURE_MS } from './constants'
import { initialHistory, probeTime, pushSample, ROUTE_WEIGHTS, weightedScore } from './score'

describe('route history and weighted score (SPEC §9)', () => {
  it('weighs the newest sample 0.1, then 0.07 and 0.04 (start 0.1, falling by 0.03)', () => {
    expect(ROUTE_WEIGHTS).toEqual([0.1, 0.07, 0.04])
  })

  it('starts a host at [100, 100, 100], scoring 21', () => {
    expect(initialHistory()).toEqual([ROUTE_HISTORY_DEFAULT_MS, ROUTE_HISTORY_DEFAULT_MS, ROUTE_HISTORY_DEFAULT_MS])
    expect(weightedScore(initialHistory())).toBeCloseTo(21, 10)
  })

  it('keeps the last 3 times, oldest first, and weighs the newest most', () => {
    const history = [10, 20, 30, 40].reduce(pushSample, initialHistory())
    expect(history).toEqual([20, 30, 40])
    expect(weightedScore(history)).toBeCloseTo(0.1 * 40 + 0.07 * 30 + 0.04 * 20, 10)
    expect(weightedScore([100, 100, 40])).toBeLessThan(weightedScore([40, 100, 100]))
  })

  it('counts a failed probe, or one slower than 15000 ms, as 15000 ms', () => {
    expect(probeTime(12, false)).toBe(ROUTE_PROBE_FAILURE_MS)
    expect(probeTime(20000, true)).toBe(ROUTE_PROBE_FAILURE_MS)
    expect(probeTime(Number.NaN, true)).toBe(ROUTE_PROBE_FAILURE_MS)
    expect(probeTime(87.5, true)).toBe(87.5)
  })
})

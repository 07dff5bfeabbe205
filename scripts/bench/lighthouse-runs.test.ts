import { paintHoldMs, paintStalled, PAINT_STALL_MS, scriptsBeforePaint, summariseRuns, type LighthouseRun } from './lighthouse-runs'
import { median } from './report'

// Observed timings as Lighthouse 13 reported them on this machine (ms after navigation).
const prompt = { observedDomContentLoaded: 258, observedFirstContentfulPaint: 473 }
const stalled = { observedDomContentLoaded: 258, observedFirstContentfulPaint: 2271 }

describe('paintStalled', () => {
  it('tells a first paint held back for seconds from one that follows DOMContentLoaded', () => {
    expect(paintStalled(prompt)).toBe(false)
    expect(paintStalled(stalled)).toBe(true)
  })

  it('draws the line at PAINT_STALL_MS after DOMContentLoaded', () => {
    expect(paintStalled({ observedDomContentLoaded: 100, observedFirstContentfulPaint: 100 + PAINT_STALL_MS })).toBe(false)
    expect(paintStalled({ observedDomContentLoaded: 100, observedFirstContentfulPaint: 101 + PAINT_STALL_MS })).toBe(true)
  })

  it('measures the hold from DOMContentLoaded to the first paint', () => {
    expect(paintHoldMs(stalled)).toBe(2013)
    expect(paintHoldMs({ observedDomContentLoaded: 258 })).toBeNull()
  })

  it('calls a run without observed timings not stalled', () => {
    expect(paintStalled(undefined)).toBe(false)
    expect(paintStalled({ observedFirstContentfulPaint: 3000 })).toBe(false)
  })
})

describe('scriptsBeforePaint', () => {
  // network-requests rows of a pair-page run on this machine (ms; its largest paint at 194 ms).
  const requests = [
    { resourceType: 'Document', networkEndTime: 17, transferSize: 12952 },
    { resourceType: 'Script', networkEndTime: 69, transferSize: 9133 },
    { resourceType: 'Script', networkEndTime: 128, transferSize: 73980 },
    { resourceType: 'Image', networkEndTime: 166, transferSize: 501 },
    { resourceType: 'Script', networkEndTime: 194, transferSize: 1000 },
    { resourceType: 'Script', networkEndTime: 353, transferSize: 1672 },
    { resourceType: 'Script', transferSize: 5000 },
  ]

  it('counts the scripts whose download ended by the observed largest paint, and their bytes', () => {
    expect(scriptsBeforePaint(requests, { observedLargestContentfulPaint: 194 })).toEqual({ count: 3, bytes: 84113 })
  })

  it('counts none when the paint came first, and says nothing without an observed paint', () => {
    expect(scriptsBeforePaint(requests, { observedLargestContentfulPaint: 60 })).toEqual({ count: 0, bytes: 0 })
    expect(scriptsBeforePaint(requests, { observedFirstContentfulPaint: 194 })).toBeNull()
    expect(scriptsBeforePaint(requests, undefined)).toBeNull()
  })
})

describe('median', () => {
  it('takes the middle value, the lower one of an even count, and null of none', () => {
    expect(median([72, 49, 55])).toBe(55)
    expect(median([90, 40, 60, 70])).toBe(60)
    expect(median([])).toBeNull()
  })
})

describe('summariseRuns', () => {
  const run = (performance: number | null, metrics: LighthouseRun['metrics'], accessibility: number | null = 1): LighthouseRun => ({
    scores: { performance, accessibility },
    metrics,
  })

  it('gives the median score of every run per category and counts the stalled runs', () => {
    const summary = summariseRuns([run(0.54, stalled), run(0.72, prompt), run(0.59, stalled)], ['performance', 'accessibility'])
    expect(summary).toEqual({ scores: { performance: 59, accessibility: 100 }, performanceUnstalled: 72, stalled: 2, runs: 3 })
  })

  it('leaves out unscored runs, and says null when no run scored or none was unstalled', () => {
    const summary = summariseRuns([run(null, stalled, null), run(0.5, stalled, null)], ['performance', 'accessibility'])
    expect(summary.scores).toEqual({ performance: 50, accessibility: null })
    expect(summary.performanceUnstalled).toBeNull()
    expect(summary.stalled).toBe(2)
  })
})

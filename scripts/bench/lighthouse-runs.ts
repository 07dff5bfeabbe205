/**
 * Several Lighthouse runs of one page, summed up: the median score per category, and which runs
 * were hit by headless Chromium's paint stall (docs/decisions/pages.md "Lighthouse scores in the
 * bench").
 *
 * The stall: in headless runs, viz sometimes withholds BeginFrames from the page for a whole
 * second or two, so the first frame is presented long after the page was ready to paint with an
 * idle main thread (GoogleChrome/lighthouse#17148, #17230). Lantern then counts every task
 * before that late paint into the simulated LCP, and the score drops by 20–30 points with no
 * change in the page. A script-free copy of our pair page shows it too, so it is not the page's
 * doing; the bench reports it rather than hiding it.
 */

import { median } from './report'

/** The part of a Lighthouse result read here (the `metrics` audit's observed timings). */
export interface RunMetrics {
  observedDomContentLoaded?: number
  observedFirstContentfulPaint?: number
  observedLargestContentfulPaint?: number
}

/** A row of the `network-requests` audit, as far as it is read here (times in ms after the navigation's first request). */
export interface RequestRow {
  resourceType?: string
  networkEndTime?: number
  transferSize?: number
}

/**
 * Scripts whose download ended before the observed largest paint. Lantern's simulated LCP counts
 * such a script as render-blocking unless it finds the script's evaluation after the paint, and it
 * prunes tasks under 10 ms from its graph: a small async chunk evaluated after the paint, in a
 * short task, still counts, and its download over simulated slow 4G lands in the LCP
 * (node_modules/@paulirish/trace_engine/models/trace/lantern: FirstContentfulPaint.js
 * getRenderBlockingNodeData, PageDependencyGraph.js SIGNIFICANT_DUR_THRESHOLD_MS). Unthrottled,
 * whether the chunks arrive before the page's first paint is a race, so the LCP of one page
 * jumps by a second from run to run; the bench reports the race with the figure.
 */
export function scriptsBeforePaint(requests: readonly RequestRow[], metrics: RunMetrics | undefined): { count: number; bytes: number } | null {
  const paint = metrics?.observedLargestContentfulPaint
  if (typeof paint !== 'number') return null
  const early = requests.filter((r) => r.resourceType === 'Script' && typeof r.networkEndTime === 'number' && r.networkEndTime <= paint)
  return { count: early.length, bytes: early.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) }
}

export interface LighthouseRun {
  /** Category id → score 0–1 (null when Lighthouse could not score it). */
  scores: Record<string, number | null | undefined>
  metrics: RunMetrics | undefined
}

/**
 * First paint this long after DOMContentLoaded is the stall, not the page: unstalled runs of
 * both pages paint within 0.5 s of it (383–696 ms after navigation, DOMContentLoaded at
 * 250–380 ms), stalled ones 0.9–2.1 s after it.
 */
export const PAINT_STALL_MS = 800

/** How long after DOMContentLoaded the first paint came; null without both observed timings. */
export function paintHoldMs(metrics: RunMetrics | undefined): number | null {
  const dcl = metrics?.observedDomContentLoaded
  const fcp = metrics?.observedFirstContentfulPaint
  if (typeof dcl !== 'number' || typeof fcp !== 'number') return null
  return fcp - dcl
}

export function paintStalled(metrics: RunMetrics | undefined): boolean {
  const held = paintHoldMs(metrics)
  return held !== null && held > PAINT_STALL_MS
}

export interface RunsSummary {
  /** Category id → median score ×100 over every run (null when no run scored it). */
  scores: Record<string, number | null>
  /** Median performance ×100 over the runs without a paint stall (null when every run stalled). */
  performanceUnstalled: number | null
  stalled: number
  runs: number
}

export function summariseRuns(runs: readonly LighthouseRun[], categories: readonly string[]): RunsSummary {
  const scored = (list: readonly LighthouseRun[], id: string) =>
    list
      .map((run) => run.scores[id])
      .filter((s): s is number => typeof s === 'number')
      .map((s) => Math.round(s * 100))
  const unstalled = runs.filter((run) => !paintStalled(run.metrics))
  return {
    scores: Object.fromEntries(categories.map((id) => [id, median(scored(runs, id))])),
    performanceUnstalled: median(scored(unstalled, 'performance')),
    stalled: runs.length - unstalled.length,
    runs: runs.length,
  }
}

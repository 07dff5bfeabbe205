/**
 * Our pages' Lighthouse figures against the floor's (./floor.ts: a bare Next page run in the same
 * rounds), pure: each run's load figures from its audits, their medians, the goals per page and
 * the table the bench prints (docs/decisions/pages.md "Lighthouse scores in the bench"). Ratios
 * to a page measured in the same minutes, not absolute scores: on a shared 2-core machine the
 * absolute figures move with whatever else runs.
 */
import type { CpuTier } from './cpu-tiers'
import { median } from './report'

/** One run's figures: TBT, main-thread work and LCP in ms, CLS unitless; null when not reported. */
export interface LoadFigures {
  tbtMs: number | null
  mainThreadMs: number | null
  cls: number | null
  lcpMs: number | null
}

/** A page's medians over the rounds, with its performance score (×100). */
export interface PageFigures extends LoadFigures {
  performance: number | null
}

/** Where each figure is in a Lighthouse 13 result: the audit's numericValue. */
const AUDITS: Record<keyof LoadFigures, string> = {
  tbtMs: 'total-blocking-time',
  mainThreadMs: 'mainthread-work-breakdown',
  cls: 'cumulative-layout-shift',
  lcpMs: 'largest-contentful-paint',
}
const KEYS = Object.keys(AUDITS) as (keyof LoadFigures)[]

export function loadFigures(audits: Record<string, { numericValue?: unknown } | undefined>): LoadFigures {
  const value = (id: string) => {
    const v = audits[id]?.numericValue
    return typeof v === 'number' && Number.isFinite(v) ? v : null
  }
  return Object.fromEntries(KEYS.map((key) => [key, value(AUDITS[key])])) as unknown as LoadFigures
}

/** Median of each figure over the runs that reported it (the lower middle of an even count). */
export function medianFigures(runs: readonly LoadFigures[]): LoadFigures {
  return Object.fromEntries(KEYS.map((key) => [key, median(runs.map((run) => run[key]).filter((v): v is number => v !== null))])) as unknown as LoadFigures
}

export interface FloorGoal {
  key: keyof PageFigures
  label: string
  /** The goal as the table shows it; '' for a figure that is reported, not a goal. */
  text: string
  /** How the page is shown beside the floor: page − floor, page / floor, or alone. */
  against: 'difference' | 'ratio' | 'none'
  /** The goal on page − floor or page / floor (on the page alone for 'none'), for the summary table; '' when reported only. */
  againstText: string
  /** null: reported, not a goal. */
  met: ((page: number, floor: number) => boolean) | null
}

const reported = (key: keyof PageFigures, label: string, against: FloorGoal['against']): FloorGoal => ({
  key,
  label,
  text: '',
  against,
  againstText: '',
  met: null,
})
const CLS_GOAL: FloorGoal = { key: 'cls', label: 'CLS', text: '< 0.02', against: 'none', againstText: '< 0.02', met: (page) => page < 0.02 }

/**
 * The goals per phone tier (issue #50), on the medians of the interleaved rounds: at the low tier
 * performance ≥ floor − 5 and TBT ≤ 1.5×; at the mid tier performance ≥ floor − 2 (the page stays
 * at the floor). Main-thread work and the simulated LCP are reported (the LCP goal is on the
 * observed one, scripts/bench-phone-cpu.ts); CLS < 0.02 at both.
 */
export const FLOOR_GOALS: Readonly<Record<CpuTier, readonly FloorGoal[]>> = {
  low: [
    { key: 'performance', label: 'performance', text: '≥ floor − 5', against: 'difference', againstText: '≥ −5', met: (page, floor) => page >= floor - 5 },
    { key: 'tbtMs', label: 'TBT', text: '≤ 1.5 × floor', against: 'ratio', againstText: '≤ 1.5×', met: (page, floor) => page <= 1.5 * floor },
    reported('mainThreadMs', 'main-thread work', 'ratio'),
    CLS_GOAL,
    reported('lcpMs', 'LCP (simulated)', 'difference'),
  ],
  mid: [
    { key: 'performance', label: 'performance', text: '≥ floor − 2', against: 'difference', againstText: '≥ −2', met: (page, floor) => page >= floor - 2 },
    reported('tbtMs', 'TBT', 'ratio'),
    reported('mainThreadMs', 'main-thread work', 'ratio'),
    CLS_GOAL,
    reported('lcpMs', 'LCP (simulated)', 'difference'),
  ],
}

export interface FloorComparison {
  goal: FloorGoal
  page: number | null
  floor: number | null
  /** page − floor or page / floor (null for a floor of 0, or a goal that stands alone). */
  vsFloor: number | null
  /** null: not measured. */
  met: boolean | null
}

export function compareToFloor(page: PageFigures, floor: PageFigures, tier: CpuTier): FloorComparison[] {
  return FLOOR_GOALS[tier].map((goal) => {
    const p = page[goal.key]
    const f = floor[goal.key]
    const vsFloor = p === null || f === null ? null : goal.against === 'difference' ? p - f : goal.against === 'ratio' && f !== 0 ? p / f : null
    const met = goal.met === null || p === null ? null : goal.against === 'none' ? goal.met(p, 0) : f === null ? null : goal.met(p, f)
    return { goal, page: p, floor: f, vsFloor, met }
  })
}

/** A figure as the table shows it: scores whole, TBT in ms, main-thread work and LCP in s, CLS to 3 places. */
export function formatFigure(key: keyof PageFigures, value: number | null): string {
  if (value === null) return 'n/a'
  if (key === 'performance') return value.toFixed(0)
  if (key === 'cls') return value.toFixed(3)
  if (key === 'tbtMs') return `${value.toFixed(0)} ms`
  return `${(value / 1000).toFixed(2)} s`
}

function formatAgainst(c: FloorComparison): string {
  if (c.vsFloor === null) return ''
  if (c.goal.against === 'ratio') return ` (${c.vsFloor.toFixed(2)}×)`
  const sign = c.vsFloor < 0 ? '−' : '+'
  const size = Math.abs(c.vsFloor)
  return ` (${sign}${c.goal.key === 'performance' ? size.toFixed(0) : `${(size / 1000).toFixed(2)} s`})`
}

/** One row per goal: the floor's median, each page's median with its difference or ratio and met/MISSED, the goal. */
export function floorTable(floor: PageFigures, pages: Readonly<Record<string, PageFigures>>, tier: CpuTier): string[] {
  const names = Object.keys(pages)
  const comparisons = Object.fromEntries(names.map((name) => [name, compareToFloor(pages[name] as PageFigures, floor, tier)]))
  const rows = [
    ['', 'floor', ...names, 'goal'],
    ...FLOOR_GOALS[tier].map((goal, i) => [
      goal.label,
      formatFigure(goal.key, floor[goal.key]),
      ...names.map((name) => {
        const c = comparisons[name]?.[i]
        if (!c) return ''
        return `${formatFigure(goal.key, c.page)}${formatAgainst(c)}${c.met === null ? '' : c.met ? ' met' : ' MISSED'}`
      }),
      goal.text || 'reported',
    ]),
  ]
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length))) ?? []
  return rows.map((row) =>
    row
      .map((cell, col) => cell.padEnd(widths[col] ?? 0))
      .join('  ')
      .trimEnd(),
  )
}

/** Main-thread work by category (the `mainthread-work-breakdown` audit's groups: scriptEvaluation, styleLayout, …), ms. */
export type Breakdown = Record<string, number>

/** Lighthouse scales each group by the simulated CPU slowdown, so a tier's breakdown is its own. */
export function mainThreadBreakdown(items: readonly Record<string, unknown>[] | undefined): Breakdown {
  const out: Breakdown = {}
  for (const item of items ?? []) {
    if (typeof item.group === 'string' && typeof item.duration === 'number') out[item.group] = (out[item.group] ?? 0) + item.duration
  }
  return out
}

/** Each group's median over the runs (a run without the group counts as 0 ms in it). */
export function medianBreakdown(runs: readonly Breakdown[]): Breakdown {
  const groups = [...new Set(runs.flatMap((run) => Object.keys(run)))]
  return Object.fromEntries(groups.map((group) => [group, median(runs.map((run) => run[group] ?? 0)) ?? 0]))
}

/** One line per group, the largest of the pages' first: the floor's ms, then each page's with its ratio to the floor's. */
export function breakdownLines(floor: Breakdown, pages: Readonly<Record<string, Breakdown>>): string[] {
  const names = Object.keys(pages)
  const groups = [...new Set([...Object.keys(floor), ...names.flatMap((n) => Object.keys(pages[n] ?? {}))])]
  const most = (g: string) => Math.max(floor[g] ?? 0, ...names.map((n) => pages[n]?.[g] ?? 0))
  groups.sort((a, b) => most(b) - most(a))
  const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`
  const width = Math.max(5, ...groups.map((g) => g.length))
  return [
    `${''.padEnd(width)}  ${'floor'.padStart(9)}  ${names.map((n) => n.padStart(20)).join('  ')}`,
    ...groups.map((g) => {
      const f = floor[g] ?? 0
      const cells = names.map((n) => {
        const v = pages[n]?.[g] ?? 0
        return `${ms(v)}${f > 0 ? ` (${(v / f).toFixed(2)}×)` : ''}`.padStart(20)
      })
      return `${g.padEnd(width)}  ${ms(f).padStart(9)}  ${cells.join('  ')}`
    }),
  ]
}

/**
 * The phone-CPU figures of `npm run bench` (scripts/bench-phone-cpu.ts), pure: a page load in
 * Chromium with its CPU slowed to the low tier's phone and its network to Lighthouse's slow 4G
 * through the DevTools protocol (./cpu-tiers.ts), measured on the main thread itself rather than
 * simulated. Lighthouse's score swings 15–25
 * points between runs of one build on this machine (docs/decisions/pages.md "Lighthouse scores in
 * the bench"); these figures move with the page's own work.
 */
import { median } from './report'

/**
 * A load's main-thread task time in phases: up to React's first commit, the hydration (the page's
 * boot: Next hydrates in a transition, so on a phone that commit comes after the load event), the
 * 2 s after it (the engines' start: their chunks, the first requests, the first live prices and
 * the symbol list's revalidation), then 3 s of live life.
 */
export const PHONE_START_MS = 2_000
export const PHONE_AFTER_HYDRATION_MS = 5_000
export interface PhonePhases {
  boot: number
  start: number
  live: number
}

/** One load: the renderer's totals (ms) and its long tasks ([start, duration], ms from navigation). */
export interface PhoneLoad {
  /** Task time in each phase; the three add up to taskMs. */
  phaseMs: PhonePhases
  /** The hydration commit, ms after the load event; null when none came in time (the phases then start where the bench stopped waiting). */
  hydratedAfterLoadMs: number | null
  taskMs: number
  scriptMs: number
  styleLayoutMs: number
  firstPaintMs: number | null
  /** The last largest-contentful-paint entry (ms from navigation): the LCP observed under DevTools throttling. */
  lcpMs: number | null
  longTasks: readonly (readonly [number, number])[]
}

/** A long task blocks input for what it lasts beyond 50 ms; Lighthouse sums this after the first paint (TBT). */
export const BLOCKING_THRESHOLD_MS = 50

export function blockingAfterFirstPaint(load: Pick<PhoneLoad, 'firstPaintMs' | 'longTasks'>): number | null {
  if (load.firstPaintMs === null) return null
  const paint = load.firstPaintMs
  return load.longTasks.filter(([start]) => start >= paint).reduce((sum, [, duration]) => sum + Math.max(0, duration - BLOCKING_THRESHOLD_MS), 0)
}

export interface PhoneSummary {
  loads: number
  phaseMs: { [phase in keyof PhonePhases]: number | null }
  hydratedAfterLoadMs: number | null
  taskMs: number | null
  scriptMs: number | null
  styleLayoutMs: number | null
  blockingMs: number | null
  longTasks: number | null
  firstPaintMs: number | null
  lcpMs: number | null
}

/** Medians over the loads (the lower middle value of an even count, as the Lighthouse figures). */
export function summarisePhoneLoads(loads: readonly PhoneLoad[]): PhoneSummary {
  const of = (pick: (load: PhoneLoad) => number | null) => median(loads.map(pick).filter((v): v is number => v !== null))
  return {
    loads: loads.length,
    phaseMs: { boot: of((l) => l.phaseMs.boot), start: of((l) => l.phaseMs.start), live: of((l) => l.phaseMs.live) },
    hydratedAfterLoadMs: of((l) => l.hydratedAfterLoadMs),
    taskMs: of((l) => l.taskMs),
    scriptMs: of((l) => l.scriptMs),
    styleLayoutMs: of((l) => l.styleLayoutMs),
    blockingMs: of((l) => blockingAfterFirstPaint(l)),
    longTasks: of((l) => l.longTasks.length),
    firstPaintMs: of((l) => l.firstPaintMs),
    lcpMs: of((l) => l.lcpMs),
  }
}

/** One row of the comparison with the floor: its median, and each page's with its ratio to it. */
export interface PhoneFloorRow {
  label: string
  floor: number | null
  pages: Record<string, { value: number | null; ratio: number | null }>
}

/**
 * Below this the floor did next to nothing (a bare page is idle once hydrated), and a ratio to it
 * says nothing: the row shows the page's milliseconds alone.
 */
export const FLOOR_RATIO_MIN_MS = 100

/**
 * Each page against the floor measured in the same run, phase by phase: where a page's extra
 * main-thread time goes, to its boot with the hydration, the engines' start or its live work
 * (docs/measurements.md "Phone CPU against the floor, phase by phase").
 */
export function phoneFloorRows(floor: PhoneSummary, pages: Readonly<Record<string, PhoneSummary>>): PhoneFloorRow[] {
  const rows: { label: string; pick: (s: PhoneSummary) => number | null }[] = [
    { label: 'tasks to the hydration commit', pick: (s) => s.phaseMs.boot },
    { label: `tasks, hydration → +${PHONE_START_MS / 1000} s`, pick: (s) => s.phaseMs.start },
    { label: `tasks, +${PHONE_START_MS / 1000} s → +${PHONE_AFTER_HYDRATION_MS / 1000} s`, pick: (s) => s.phaseMs.live },
    { label: `tasks in all (hydration + ${PHONE_AFTER_HYDRATION_MS / 1000} s)`, pick: (s) => s.taskMs },
    { label: 'blocking after first paint', pick: (s) => s.blockingMs },
  ]
  return rows.map(({ label, pick }) => {
    const f = pick(floor)
    const out: PhoneFloorRow['pages'] = {}
    for (const [name, summary] of Object.entries(pages)) {
      const value = pick(summary)
      out[name] = { value, ratio: value === null || f === null || f < FLOOR_RATIO_MIN_MS ? null : value / f }
    }
    return { label, floor: f, pages: out }
  })
}

/** The rows as text: one line each, the floor first, then each page as "1,234 ms (1.42×)". */
export function phoneFloorLines(rows: readonly PhoneFloorRow[]): string[] {
  const ms = (v: number | null) => (v === null ? 'n/a' : `${Math.round(v).toLocaleString('en')} ms`)
  const cell = (c: PhoneFloorRow['pages'][string] | undefined) => (c ? `${ms(c.value)}${c.ratio === null ? '' : ` (${c.ratio.toFixed(2)}×)`}` : 'n/a')
  const names = Object.keys(rows[0]?.pages ?? {})
  const width = Math.max(...rows.map((r) => r.label.length))
  return [
    `  ${''.padEnd(width)}  ${'floor'.padStart(9)}  ${names.map((n) => n.padStart(20)).join('  ')}`,
    ...rows.map((r) => `  ${r.label.padEnd(width)}  ${ms(r.floor).padStart(9)}  ${names.map((n) => cell(r.pages[n]).padStart(20)).join('  ')}`),
  ]
}

/** Issue #50's goal on the observed LCP at the low tier: at most this much after the floor's. */
export const OBSERVED_LCP_OVER_FLOOR_MS = 500

/** The page's observed LCP minus the floor's, and the goal (≤ +0.5 s); null when either is missing. */
export function observedLcpAgainstFloor(page: Pick<PhoneSummary, 'lcpMs'>, floor: Pick<PhoneSummary, 'lcpMs'>): { overMs: number | null; met: boolean | null } {
  if (page.lcpMs === null || floor.lcpMs === null) return { overMs: null, met: null }
  const overMs = page.lcpMs - floor.lcpMs
  return { overMs, met: overMs <= OBSERVED_LCP_OVER_FLOOR_MS }
}

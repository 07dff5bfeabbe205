/**
 * The phone-CPU figures of `npm run bench` (scripts/bench-phone-cpu.ts), pure: a page load in
 * Chromium with its CPU slowed 4× through the DevTools protocol (Lighthouse's mobile factor),
 * measured on the main thread itself rather than simulated. Lighthouse's score swings 15–25
 * points between runs of one build on this machine (docs/decisions/pages.md "Lighthouse scores in
 * the bench"); these figures move with the page's own work.
 */
import { median } from './report'

/** One load: the renderer's totals (ms) and its long tasks ([start, duration], ms from navigation). */
export interface PhoneLoad {
  taskMs: number
  scriptMs: number
  styleLayoutMs: number
  firstPaintMs: number | null
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
  taskMs: number | null
  scriptMs: number | null
  styleLayoutMs: number | null
  blockingMs: number | null
  longTasks: number | null
  firstPaintMs: number | null
}

/** Medians over the loads (the lower middle value of an even count, as the Lighthouse figures). */
export function summarisePhoneLoads(loads: readonly PhoneLoad[]): PhoneSummary {
  const of = (pick: (load: PhoneLoad) => number | null) => median(loads.map(pick).filter((v): v is number => v !== null))
  return {
    loads: loads.length,
    taskMs: of((l) => l.taskMs),
    scriptMs: of((l) => l.scriptMs),
    styleLayoutMs: of((l) => l.styleLayoutMs),
    blockingMs: of((l) => blockingAfterFirstPaint(l)),
    longTasks: of((l) => l.longTasks.length),
    firstPaintMs: of((l) => l.firstPaintMs),
  }
}

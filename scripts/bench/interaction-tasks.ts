/**
 * The interaction figures of `npm run bench` (./interactions.ts), pure: what the main thread did
 * around one tap or key press on a phone tier's CPU (./cpu-tiers.ts), from the page's own
 * long-task and Event Timing entries. Goals: the interaction's next paint within 200 ms (issue
 * #50, Event Timing's duration, at both tiers) and, at the mid tier, no task over 50 ms while the
 * page answers it (issue #26).
 */
import { median } from './report'

/** A performance entry as the page recorded it (ms from navigation). */
export interface TaskEntry {
  type: 'longtask' | 'event'
  name: string
  startTime: number
  duration: number
  /** Event Timing only: when the handlers started and ended. */
  processingStart?: number
  processingEnd?: number
  /** Event Timing only: > 0 for the events of a user interaction (pointerdown, pointerup, click, keydown, keyup), 0 for hover and the like. */
  interactionId?: number
}

/** A task longer than this blocks input (the long-task threshold, and TBT's). */
export const INTERACTION_TASK_GOAL_MS = 50
/** Issue #50: from the input to the next paint (Event Timing's duration), at most this. */
export const NEXT_PAINT_GOAL_MS = 200
/** Events faster than this are not reported (Event Timing's lowest durationThreshold): an interaction without one painted within it. */
export const EVENT_THRESHOLD_MS = 16

export interface InteractionCost {
  /**
   * The longest task overlapping the interaction: a long-task entry's duration, or, when no task
   * passed 50 ms (long tasks are only reported above it), the longest event handler run, a
   * lower bound on its task.
   */
  longestTaskMs: number
  /** Long-task entries overlapping the interaction. */
  longTasks: number
  /** The slowest event's duration (input to next paint, Event Timing's 8 ms grain); null when none passed 16 ms. */
  slowestEventMs: number | null
  slowestEvent: string | null
}

/** What happened between `from` and `to` (performance.now() before the action and once the page was quiet again). */
export function interactionCost(entries: readonly TaskEntry[], from: number, to: number): InteractionCost {
  const tasks = entries.filter((e) => e.type === 'longtask' && e.startTime < to && e.startTime + e.duration > from)
  const events = entries.filter((e) => e.type === 'event' && e.startTime >= from && e.startTime <= to)
  const handlerRuns = events.map((e) => (e.processingEnd ?? 0) - (e.processingStart ?? 0)).filter((ms) => ms > 0)
  // The next paint of the interaction itself, as INP reads it: a tap's emulated mouseover paints too, but is no interaction.
  const slowest = events
    .filter((e) => e.interactionId === undefined || e.interactionId > 0)
    .reduce<TaskEntry | null>((worst, e) => (worst === null || e.duration > worst.duration ? e : worst), null)
  return {
    longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration), ...handlerRuns),
    longTasks: tasks.length,
    slowestEventMs: slowest?.duration ?? null,
    slowestEvent: slowest?.name ?? null,
  }
}

export interface InteractionSummary {
  page: string
  interaction: string
  /** Median over the runs of the longest task (ms), and the worst run's. */
  longestTaskMs: number | null
  worstRunMs: number | null
  slowestEventMs: number | null
  /** Median over the runs of the input's next paint: the slowest event's duration, EVENT_THRESHOLD_MS for a run with none reported. */
  nextPaintMs: number | null
  /** On the median: a run can catch a task of something else the shared machine did. */
  met: boolean | null
  nextPaintMet: boolean | null
}

/** Per interaction, over its runs: medians and the worst run, and the goals (task ≤ 50 ms, next paint ≤ 200 ms) on the medians. */
export function summariseInteraction(page: string, interaction: string, runs: readonly InteractionCost[]): InteractionSummary {
  const longest = median(runs.map((r) => r.longestTaskMs))
  const nextPaint = median(runs.map((r) => r.slowestEventMs ?? EVENT_THRESHOLD_MS))
  return {
    page,
    interaction,
    longestTaskMs: longest,
    worstRunMs: runs.length ? Math.max(...runs.map((r) => r.longestTaskMs)) : null,
    slowestEventMs: median(runs.map((r) => r.slowestEventMs).filter((ms): ms is number => ms !== null)),
    nextPaintMs: nextPaint,
    met: longest === null ? null : longest <= INTERACTION_TASK_GOAL_MS,
    nextPaintMet: nextPaint === null ? null : nextPaint <= NEXT_PAINT_GOAL_MS,
  }
}

/** The page's worst interaction: the one with the longest median task. */
export function worstInteraction(summaries: readonly InteractionSummary[]): InteractionSummary | null {
  return summaries.reduce<InteractionSummary | null>(
    (worst, s) => (s.longestTaskMs !== null && (worst?.longestTaskMs == null || s.longestTaskMs > worst.longestTaskMs) ? s : worst),
    null,
  )
}

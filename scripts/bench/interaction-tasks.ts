/**
 * The interaction figures of `npm run bench` (./interactions.ts), pure: what the main thread did
 * around one tap or key press on a 4×-slowed CPU, from the page's own long-task and Event Timing
 * entries. Issue #26's goal: no task over 50 ms while the page answers an interaction.
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
}

/** A task longer than this blocks input (the long-task threshold, and TBT's). */
export const INTERACTION_TASK_GOAL_MS = 50

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
  const slowest = events.reduce<TaskEntry | null>((worst, e) => (worst === null || e.duration > worst.duration ? e : worst), null)
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
  /** On the median: a run can catch a task of something else the shared machine did. */
  met: boolean | null
}

/** Per interaction, over its runs: medians and the worst run, and the goal (≤ 50 ms) on the median. */
export function summariseInteraction(page: string, interaction: string, runs: readonly InteractionCost[]): InteractionSummary {
  const longest = median(runs.map((r) => r.longestTaskMs))
  return {
    page,
    interaction,
    longestTaskMs: longest,
    worstRunMs: runs.length ? Math.max(...runs.map((r) => r.longestTaskMs)) : null,
    slowestEventMs: median(runs.map((r) => r.slowestEventMs).filter((ms): ms is number => ms !== null)),
    met: longest === null ? null : longest <= INTERACTION_TASK_GOAL_MS,
  }
}

/** The page's worst interaction: the one with the longest median task. */
export function worstInteraction(summaries: readonly InteractionSummary[]): InteractionSummary | null {
  return summaries.reduce<InteractionSummary | null>(
    (worst, s) => (s.longestTaskMs !== null && (worst?.longestTaskMs == null || s.longestTaskMs > worst.longestTaskMs) ? s : worst),
    null,
  )
}

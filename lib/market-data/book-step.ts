/**
 * The book's grouping step, kept per pair in the browser (issue 51 item 3): one localStorage key
 * holding the latest BOOK_STEPS_KEPT pairs' steps. A kept step the pair no longer offers, or none,
 * gives the finest step.
 */
import type { KeyValueStorage } from '../storage/storage'

export const BOOK_STEP_KEY = 'spot.bookSteps'
export const BOOK_STEPS_KEPT = 50

function read(storage: KeyValueStorage): Record<string, string> {
  try {
    const value = JSON.parse(storage.getItem(BOOK_STEP_KEY) ?? '{}') as unknown
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {}
  } catch {
    return {}
  }
}

/** The step to show for `symbol`: the kept one when the pair still offers it, else the finest (`steps[0]`). */
export function readBookStep(storage: KeyValueStorage, symbol: string, steps: readonly string[]): string | undefined {
  const kept = read(storage)[symbol]
  return kept !== undefined && steps.includes(kept) ? kept : steps[0]
}

/** Keeps `step` for `symbol`, the pair moved to the newest; the oldest beyond BOOK_STEPS_KEPT forgotten. */
export function keepBookStep(storage: KeyValueStorage, symbol: string, step: string): void {
  const steps = read(storage)
  delete steps[symbol]
  const entries = [...Object.entries(steps), [symbol, step] as const].slice(-BOOK_STEPS_KEPT)
  storage.setItem(BOOK_STEP_KEY, JSON.stringify(Object.fromEntries(entries)))
}

/**
 * The simulator's clocks: the change-feed clock (real time plus an offset the admin can advance,
 * or a clock the caller injects) and a registry of pending timers so close() can cancel them.
 */

export interface SimClock {
  now(): number
  advance(ms: number): void
}

export function createClock(injected?: () => number): SimClock {
  let offset = 0
  return {
    now: () => (injected ? injected() : Date.now() + offset),
    advance(ms) {
      if (injected) throw new Error('advanceClock: this simulator was given its own `now`; move that clock instead')
      if (!Number.isFinite(ms) || ms < 0) throw new Error(`advanceClock: ms must be a finite number ≥ 0, got ${ms}`)
      offset += ms
    },
  }
}

export interface Timers {
  /** Resolves after `ms`; never resolves once clear() ran, which is what an aborted answer needs. */
  wait(ms: number): Promise<void>
  /** Runs `tick` every `ms` until it returns false or clear() runs. */
  every(ms: number, tick: () => boolean): void
  clear(): void
}

export function createTimers(): Timers {
  const timeouts = new Set<NodeJS.Timeout>()
  const intervals = new Set<NodeJS.Timeout>()
  return {
    wait(ms) {
      if (ms <= 0) return Promise.resolve()
      return new Promise((resolve) => {
        const t = setTimeout(() => {
          timeouts.delete(t)
          resolve()
        }, ms)
        timeouts.add(t)
      })
    },
    every(ms, tick) {
      const t = setInterval(() => {
        if (tick()) return
        clearInterval(t)
        intervals.delete(t)
      }, ms)
      intervals.add(t)
    },
    clear() {
      timeouts.forEach(clearTimeout)
      intervals.forEach(clearInterval)
      timeouts.clear()
      intervals.clear()
    },
  }
}

import type { Timers, Visibility } from './environment'

/**
 * A repeating job that runs only while the page is visible: hiding the tab clears the timer and
 * aborts the run in progress (so not even a request timeout fires while hidden); showing it runs
 * the job at once and resumes the cadence. Used by the route chooser and the fast path.
 */
export interface VisibleLoopOptions {
  timers: Timers
  visibility: Visibility
  /**
   * Asked each time the next run is scheduled; `index` counts the delays asked since the loop
   * started or the page became visible again (0 first), so callers can grow the interval.
   */
  nextDelay(index: number): number
  /** The job. It must ignore its own results once `signal` is aborted. */
  run(signal: AbortSignal): Promise<void> | void
  /** Run at once on start and on becoming visible (probes do; reports wait a full delay). */
  immediate?: boolean
  onError(error: unknown): void
}

export interface VisibleLoop {
  start(): void
  stop(): void
  /** Runs now (when visible) and restarts the cadence from here. */
  runNow(): Promise<void>
  /** The next delay asked is index 0 again (the fast path's interval starts over). */
  resetCadence(): void
  isRunning(): boolean
}

export function createVisibleLoop(options: VisibleLoopOptions): VisibleLoop {
  const { timers, visibility } = options
  let running = false
  let timer: unknown
  let hasTimer = false
  let inFlight: { controller: AbortController; done: Promise<void> } | null = null
  let unsubscribe: (() => void) | null = null
  let index = 0
  let hidden = false

  function clearTimer(): void {
    if (hasTimer) timers.clearTimeout(timer)
    hasTimer = false
  }

  function schedule(): void {
    clearTimer()
    if (!running || visibility.isHidden()) return
    let delay: number
    try {
      delay = Math.max(0, options.nextDelay(index++))
    } catch (error) {
      // Runs from a timer callback: a throw here would escape to the page. Report, stop ticking.
      return safely(() => options.onError(error))
    }
    timer = timers.setTimeout(() => {
      hasTimer = false
      void tick()
    }, delay)
    hasTimer = true
  }

  /** Schedules the next run first, so the cadence does not drift by the run's own duration. */
  function tick(): Promise<void> {
    schedule()
    return execute()
  }

  function execute(): Promise<void> {
    // Never two runs at once: a run still going (slow probes) makes this a no-op.
    if (inFlight) return inFlight.done
    const controller = new AbortController()
    let finish: () => void = () => {}
    const done = new Promise<void>((resolve) => (finish = resolve))
    // Registered before the job starts, so a job that throws synchronously still clears it.
    inFlight = { controller, done }
    void (async () => {
      try {
        await options.run(controller.signal)
      } catch (error) {
        if (!controller.signal.aborted) safely(() => options.onError(error))
      } finally {
        if (inFlight?.controller === controller) inFlight = null
        finish()
      }
    })()
    return done
  }

  function abortRun(): void {
    inFlight?.controller.abort()
    inFlight = null
  }

  function onVisibility(): void {
    // Only real transitions count: browsers may repeat "visible" (prerender, bfcache).
    if (!running || visibility.isHidden() === hidden) return
    hidden = visibility.isHidden()
    if (hidden) {
      clearTimer()
      abortRun()
      return
    }
    index = 0
    if (options.immediate === false) schedule()
    else void tick()
  }

  return {
    start() {
      if (running) return
      running = true
      index = 0
      hidden = visibility.isHidden()
      unsubscribe = visibility.onVisibilityChange(onVisibility)
      if (hidden) return
      if (options.immediate === false) schedule()
      else void tick()
    },
    stop() {
      running = false
      unsubscribe?.()
      unsubscribe = null
      clearTimer()
      abortRun()
    },
    runNow() {
      if (visibility.isHidden()) return Promise.resolve()
      // Stopped: a one-off run (the settings panel asks for fresh times in a manual mode).
      return running ? tick() : execute()
    },
    resetCadence() {
      index = 0
    },
    isRunning: () => running,
  }
}

function safely(fn: () => void): void {
  try {
    fn()
  } catch {
    // The error handler is the last resort; a loop must survive even its failure.
  }
}

import type { Timers } from './environment'

/**
 * The project's one timeout-plus-abort (docs/decisions/network-layer.md "One deadline, one timer provider"): a signal
 * that aborts once `ms` have passed on `timers` or the caller's signal aborts, whichever comes
 * first, and `expired()` to tell the two apart. The request client's attempts, /x-api's upstream
 * calls, the fast path's probes and the patience race are all bounded by it.
 */
export interface Deadline {
  /** Aborted when the time runs out, when the caller's signal aborts, or on release(). */
  readonly signal: AbortSignal
  /** The time ran out (rather than the caller aborting, or the work ending first). */
  expired(): boolean
  /** The work is over: clears the timer, lets go of the caller's signal and aborts its own, so whatever still listens (a socket, a body) lets go too. */
  release(): void
}

export function startDeadline(timers: Timers, ms: number, caller?: AbortSignal): Deadline {
  const controller = new AbortController()
  let expired = false
  let timer: unknown
  const stop = () => {
    timers.clearTimeout(timer)
    caller?.removeEventListener('abort', onCallerAbort)
  }
  const onCallerAbort = () => {
    stop()
    controller.abort(caller?.reason)
  }
  if (caller?.aborted) {
    controller.abort(caller.reason)
  } else {
    timer = timers.setTimeout(() => {
      expired = true
      caller?.removeEventListener('abort', onCallerAbort)
      controller.abort(new DOMException(`deadline of ${ms} ms passed`, 'TimeoutError'))
    }, ms)
    caller?.addEventListener('abort', onCallerAbort, { once: true })
  }
  return {
    signal: controller.signal,
    expired: () => expired,
    release() {
      stop()
      if (!controller.signal.aborted) controller.abort(new DOMException('released', 'AbortError'))
    },
  }
}

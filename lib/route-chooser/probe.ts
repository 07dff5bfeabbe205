import type { FetchLike, Timers } from '../engine-kit/environment'
import { createAliveProber } from '../http/probe'
import { ROUTE_PROBE_FAILURE_MS } from './constants'
import { probeTime } from './score'

/**
 * One latency probe of one API host: GET {host}/t1 (wire.md) through the one liveness probe
 * (lib/http/probe.ts). Timed with the injected clock; a failure or a time past the limit counts
 * as the limit.
 */
export interface ProbeOutcome {
  /** The time entered into the history (15000 for a failure). */
  ms: number
  ok: boolean
  at: number
}

export interface HostProber {
  probe(url: string, signal: AbortSignal): Promise<ProbeOutcome>
}

export interface HostProberOptions {
  fetch: FetchLike
  timers: Timers
  now: () => number
  path: string
  failureMs?: number
}

export function createHostProber(options: HostProberOptions): HostProber {
  const failureMs = options.failureMs ?? ROUTE_PROBE_FAILURE_MS
  const prober = createAliveProber({ fetch: options.fetch, timers: options.timers, now: options.now, timeoutMs: failureMs })
  return {
    async probe(url, signal) {
      const { ok, elapsedMs, at } = await prober.probe(url, options.path, signal)
      return { ms: probeTime(elapsedMs, ok, failureMs), ok, at }
    },
  }
}

import { ALIVE_RET_CODES } from '../http/constants'
import { createHttpClient, type HttpClient } from '../http/client'
import type { FetchLike, Timers } from '../engine-kit/environment'
import { ROUTE_PROBE_FAILURE_MS } from './constants'
import { probeTime } from './score'

/**
 * One latency probe of one API host: GET {host}/t1 (wire.md), alive on ret_code 0 or 10017.
 * Timed with the injected clock; a failure or a time past the limit counts as the limit.
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
  // One client per host URL: the request client's base URL is fixed per client.
  const clients = new Map<string, HttpClient>()
  const clientFor = (url: string) => {
    let client = clients.get(url)
    if (!client) {
      client = createHttpClient({ baseUrl: url, fetch: options.fetch, timers: options.timers, timeoutMs: failureMs })
      clients.set(url, client)
    }
    return client
  }

  return {
    async probe(url, signal) {
      const started = options.now()
      let ok = false
      try {
        await clientFor(url).getEnvelope(options.path, { okCodes: ALIVE_RET_CODES, timeoutMs: failureMs, signal })
        ok = true
      } catch {
        // Any failure (timeout, refused, HTTP error, other ret_code) is "failed" by definition.
      }
      const at = options.now()
      return { ms: probeTime(at - started, ok, failureMs), ok, at }
    },
  }
}

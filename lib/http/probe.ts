import type { FetchLike, Timers } from '../engine-kit/environment'
import { createHttpClient, type HttpClient } from './client'
import { ALIVE_RET_CODES } from './constants'

/** One liveness probe's outcome. */
export interface AliveProbe {
  /** The host answered ret_code 0 or 10017 (WIRE.md) within the timeout. */
  ok: boolean
  /** From the request to its answer or its failure, on the injected clock. */
  elapsedMs: number
  /** When it ended. */
  at: number
}

export interface AliveProberOptions {
  fetch: FetchLike
  timers: Timers
  now: () => number
  /** The probe's timeout (SPEC §9: 15000 ms for the route chooser and the fast path), connecting included. */
  timeoutMs: number
}

export interface AliveProber {
  /** GET `path` on `origin`; never throws: any failure (timeout, refused, HTTP error, other ret_code) is ok false. */
  probe(origin: string, path: string, signal: AbortSignal): Promise<AliveProbe>
}

/**
 * The one liveness probe (docs/decisions/network-layer.md "Probes"): the route chooser's
 * `GET {host}/t1` and the fast path's `GET {proxy}/hats/t1` both go through it, each on a request
 * client of its own per host (no language, no rewrite: a probe measures that very host) bounded by
 * the one deadline.
 */
export function createAliveProber(options: AliveProberOptions): AliveProber {
  const clients = new Map<string, HttpClient>()
  const clientFor = (origin: string) => {
    let client = clients.get(origin)
    if (!client)
      clients.set(origin, (client = createHttpClient({ baseUrl: origin, fetch: options.fetch, timers: options.timers, timeoutMs: options.timeoutMs })))
    return client
  }
  return {
    async probe(origin, path, signal) {
      const started = options.now()
      let ok = false
      try {
        await clientFor(origin).getEnvelope(path, { okCodes: ALIVE_RET_CODES, timeoutMs: options.timeoutMs, signal })
        ok = true
      } catch {
        // Refused, timed out, HTTP error or another ret_code: not alive now.
      }
      const at = options.now()
      return { ok, elapsedMs: at - started, at }
    },
  }
}

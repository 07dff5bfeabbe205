// autocannon ships no types and @types/autocannon describes v7; this declares only the part of
// the v9 API that scripts/bench uses (lib/run.js and lib/aggregateResult.js are the source).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string
      path?: string
      headers?: Record<string, string>
      /** Called before every request of the sequence; returns the request to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request
    }

    interface Options {
      url: string
      connections?: number
      /** Seconds. */
      duration?: number
      /** Seconds before a request counts as timed out (and its connection is reset). */
      timeout?: number
      headers?: Record<string, string>
      requests?: Request[]
    }

    /** hdr-histogram summary; latency in ms, requests in completed requests per second. */
    interface Histogram {
      average: number
      mean: number
      stddev: number
      min: number
      max: number
      total: number
      p50: number
      p90: number
      p99: number
    }

    interface Result {
      /** Latency of 2xx answers only. */
      latency: Histogram
      requests: Histogram
      /** Seconds. */
      duration: number
      errors: number
      timeouts: number
      non2xx: number
      statusCodeStats: Record<string, { count: number }>
    }

    interface Instance extends PromiseLike<Result> {
      stop(): void
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance
  export = autocannon
}

/** Load runs with autocannon: one path under steady load, or a rotation of paths beside it. */
import autocannon from 'autocannon'

export interface LoadFigures {
  /** Mean completed requests per second (autocannon's per-second samples). */
  rps: number
  /** Latency of 2xx answers, ms. */
  p50: number
  p99: number
  requests: number
  non2xx: number
  /** Socket errors, timeouts included. */
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
}

export interface LoadTarget {
  port: number
  path: string
  /** Host header: selects the region. */
  host: string
  /** More request headers (accept-encoding, as a browser sends it). */
  headers?: Record<string, string>
}

export interface LoadOptions {
  connections: number
  seconds: number
  warmupSeconds: number
}

export const DEFAULT_LOAD: LoadOptions = { connections: 10, seconds: 8, warmupSeconds: 2 }

function figures(result: autocannon.Result): LoadFigures {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
  }
}

function run(target: LoadTarget, connections: number, seconds: number): PromiseLike<autocannon.Result> {
  return autocannon({ url: `http://127.0.0.1:${target.port}${target.path}`, headers: { ...target.headers, host: target.host }, connections, duration: seconds })
}

/**
 * A warm-up run whose figures are dropped (connections opened, JIT and caches warm), then
 * the measured run with the same load.
 */
export async function measure(target: LoadTarget, options: LoadOptions = DEFAULT_LOAD): Promise<LoadFigures> {
  if (options.warmupSeconds > 0) await run(target, options.connections, options.warmupSeconds)
  return figures(await run(target, options.connections, options.seconds))
}

export interface RotateOptions {
  connections: number
  seconds: number
  timeoutSeconds: number
}

/**
 * Requests `targets` in turn for `seconds`, with one cursor shared by every connection, so each
 * request asks for the next page rather than all connections for the same one.
 */
export async function rotate(port: number, targets: ReadonlyArray<Omit<LoadTarget, 'port'>>, options: RotateOptions): Promise<LoadFigures> {
  let next = 0
  const pick = () => {
    const target = targets[next++ % targets.length]
    if (!target) throw new Error('rotate: no targets')
    return target
  }
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: options.connections,
    duration: options.seconds,
    timeout: options.timeoutSeconds,
    requests: [
      {
        setupRequest: (request) => {
          const { path, host } = pick()
          return { ...request, path, headers: { ...request.headers, host } }
        },
      },
    ],
  })
  return figures(result)
}

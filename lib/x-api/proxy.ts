import { MAX_RESPONSE_BYTES, MESSAGES, TIMEOUT_RET_CODE } from '../http/constants'
import { startDeadline } from '../engine-kit/deadline'
import type { FetchLike, Timers } from '../engine-kit/environment'
import { BodyTooLargeError, readCapped } from '../http/body'
import { declaredTooLarge, streamCapped } from './body'
import { CROSS_API_ENDPOINTS, matchEndpoint, type CrossApiEndpoint } from './endpoints'
import { clientResponseHeaders, upstreamRequestHeaders } from './headers'
import { createInFlightSlots } from './slots'

/** Requests in flight per upstream origin (docs/decisions/client-wiring.md "/x-api: connection limit and timeouts"). */
export const PROXY_MAX_IN_FLIGHT = 64
/** Largest request body accepted (docs/decisions/client-wiring.md "/x-api: connection limit and timeouts"). */
export const PROXY_MAX_BODY_BYTES = 64 * 1024

export interface CrossApiRequest {
  method: string
  /** The path after /x-api, as the browser sent it ("/t1"). */
  path: string
  /** "" or "?…", passed on as it came. */
  search: string
  headers: Headers
  body: ReadableStream<Uint8Array> | null
  /** The region's configured server-side upstream (SiteConfig), never anything from the request. */
  upstreamBase: string
  publicUrl: string
  clientAddress: string | null
  /** Aborted when the browser goes away: its upstream request is cancelled and the slot freed. */
  signal?: AbortSignal
}

/** How one request ended, for metrics: the status class the browser saw, or why the proxy answered itself. */
export type ProxyOutcome = 'ok' | 'upstream_error' | 'timeout' | 'busy' | 'too_large' | 'not_found' | 'method' | 'bad_query' | 'bad_gateway'

export interface CrossApiProxyOptions {
  fetch: FetchLike
  timers: Timers
  endpoints?: readonly CrossApiEndpoint[]
  maxInFlight?: number
  maxBodyBytes?: number
  maxResponseBytes?: number
  onOutcome?: (outcome: ProxyOutcome) => void
}

/** The proxy's own answers carry the SPEC §8 messages in the envelope the browser's client reads. */
function answer(status: number, message: string, headers: Record<string, string> = {}): Response {
  const retCode = status === 504 ? TIMEOUT_RET_CODE : status
  return Response.json({ ret_code: retCode, ret_msg: message, result: null }, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
}

export function createCrossApiProxy(options: CrossApiProxyOptions) {
  const endpoints = options.endpoints ?? CROSS_API_ENDPOINTS
  const slots = createInFlightSlots(options.maxInFlight ?? PROXY_MAX_IN_FLIGHT)
  const maxBody = options.maxBodyBytes ?? PROXY_MAX_BODY_BYTES
  const maxResponse = options.maxResponseBytes ?? MAX_RESPONSE_BYTES
  const report = (outcome: ProxyOutcome, response: Response) => {
    options.onOutcome?.(outcome)
    return response
  }

  async function handle(request: CrossApiRequest): Promise<Response> {
    // Before anything is read or routed: a huge upload is refused at once.
    if (declaredTooLarge(request.headers.get('content-length'), maxBody))
      return report('too_large', answer(413, MESSAGES.requestFailed, { Connection: 'close' }))
    const match = matchEndpoint(request.method, request.path, endpoints, request.search)
    if (!match.ok) {
      if (match.status === 404) return report('not_found', answer(404, MESSAGES.requestFailed))
      if (match.status === 400) return report('bad_query', answer(400, MESSAGES.requestFailed))
      return report('method', answer(405, MESSAGES.requestFailed, { Allow: match.allow }))
    }
    const { endpoint } = match
    const base = new URL(request.upstreamBase)
    const release = slots.tryAcquire(base.origin)
    if (release === null) return report('busy', answer(503, MESSAGES.requestFailed, { 'Retry-After': '1' }))

    // One deadline for the whole exchange, ended early when the browser goes away.
    const deadline = startDeadline(options.timers, endpoint.timeoutMs, request.signal)
    const finish = () => {
      deadline.release()
      release()
    }
    try {
      const takesBody = request.method !== 'GET' && request.method !== 'HEAD'
      const body = takesBody && request.body ? await readCapped(request.body, maxBody, deadline.signal) : undefined
      const target = `${base.origin}${base.pathname.replace(/\/+$/, '')}${endpoint.path}${request.search}`
      const upstream = await options.fetch(target, {
        method: request.method,
        headers: upstreamRequestHeaders(request.headers, request),
        body: body as BodyInit | undefined,
        signal: deadline.signal,
        redirect: 'manual',
      })
      // A redirect would show the browser an upstream URL; the browser layer expects none.
      if (
        (upstream.status >= 300 && upstream.status < 400 && upstream.status !== 304) ||
        declaredTooLarge(upstream.headers.get('content-length'), maxResponse)
      ) {
        await upstream.body?.cancel().catch(() => undefined)
        finish()
        return report('bad_gateway', answer(502, MESSAGES.requestFailed))
      }
      const headers = clientResponseHeaders(upstream.headers)
      const out = upstream.body ? streamCapped(upstream.body, maxResponse, finish) : null
      if (!out) finish()
      return report(upstream.status < 500 ? 'ok' : 'upstream_error', new Response(out, { status: upstream.status, headers }))
    } catch (error) {
      finish()
      if (error instanceof BodyTooLargeError) return report('too_large', answer(413, MESSAGES.requestFailed, { Connection: 'close' }))
      if (deadline.expired()) return report('timeout', answer(504, MESSAGES.timeout))
      return report('bad_gateway', answer(502, MESSAGES.requestFailed))
    }
  }

  return { handle, inFlight: (upstreamBase: string) => slots.inFlight(new URL(upstreamBase).origin) }
}

export type CrossApiProxy = ReturnType<typeof createCrossApiProxy>

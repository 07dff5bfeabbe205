import { startDeadline } from '../engine-kit/deadline'
import { retryDelay } from './backoff'
import { readCappedText } from './body'
import { parseBody, readEnvelope, type Envelope } from './envelope'
import { ApiError, HttpStatusError, NetworkError, ParseError, RequestError, TimeoutError, type RequestContext } from './errors'
import { normalizeOptions, type HttpClientOptions, type NormalizedOptions } from './options'
import { buildRequestHeaders } from './headers'
import { SingleFlight } from './single-flight'

export type Query = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions {
  query?: Query
  /** Overrides the client's timeout (8000 ms for symbol requests, SPEC §9). */
  timeoutMs?: number
  /** Keep the successful result in the result cache: true = default lifetime (60000 ms). */
  cache?: boolean | { ttlMs: number }
  /** Skip reading the cache (still writes it on success). */
  fresh?: boolean
  /**
   * With `cache`: a request that fails answers the cached entry while it lives instead of the
   * error (SPEC §7 profile: "a failed response does not remove its cached entry").
   */
  staleOnError?: boolean
  /** ret_codes that count as success; default [0] (SPEC §5). The route probe passes [0, 10017]. */
  okCodes?: readonly number[]
  retries?: number
  signal?: AbortSignal
}

export interface HttpResponse<T> extends Envelope<T> {
  httpStatus: number
  url: string
}

export interface HttpClient {
  /** GET a successful envelope's `result`; throws a RequestError subclass otherwise. */
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>
  /** GET the whole normalised envelope (success judged by `okCodes`). */
  getEnvelope<T = unknown>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>
  /** GET an object body without the ret_code rule (getproxy answers with err_code, WIRE.md). */
  getJson(path: string, options?: Omit<RequestOptions, 'okCodes'>): Promise<Record<string, unknown>>
  /** The absolute (or /x-api relative) URL a path would be requested at. */
  url(path: string, query?: Query): string
}

function buildUrl(base: string, path: string, query: Query | undefined): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value))
  }
  const qs = search.toString()
  return `${base}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`
}

function isRetryable(error: unknown): boolean {
  if (error instanceof TimeoutError || error instanceof NetworkError) return true
  return error instanceof HttpStatusError && error.status >= 500
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const opts: NormalizedOptions = normalizeOptions(options)
  const flights = new SingleFlight<unknown>()

  function url(path: string, query?: Query): string {
    return buildUrl(opts.baseUrl(), path, query)
  }

  /** One attempt: the timeout bounds headers *and* body, so a dripping body times out too (one deadline, lib/engine-kit/deadline.ts). */
  async function attempt(target: string, request: RequestOptions): Promise<{ body: Record<string, unknown>; httpStatus: number; ctx: RequestContext }> {
    const ctx: RequestContext = { method: 'GET', url: target }
    const timeoutMs = request.timeoutMs ?? opts.timeoutMs
    const deadline = startDeadline(opts.timers, timeoutMs, request.signal)
    try {
      let response: Response
      try {
        response = await opts.fetch(target, {
          method: 'GET',
          headers: buildRequestHeaders(opts.language()),
          credentials: 'include',
          signal: deadline.signal,
        })
      } catch (error) {
        throw deadline.expired() ? new TimeoutError(ctx, timeoutMs) : new NetworkError(ctx, error)
      }
      const withStatus = { ...ctx, httpStatus: response.status }
      let text: string
      try {
        text = await readCappedText(response, opts.maxResponseBytes, withStatus)
      } catch (error) {
        if (deadline.expired()) throw new TimeoutError(ctx, timeoutMs)
        throw error instanceof RequestError ? error : new NetworkError(ctx, error)
      }
      if (response.status < 200 || response.status > 299) throw statusError(ctx, response.status, text)
      return { body: parseBody(text, withStatus), httpStatus: response.status, ctx }
    } finally {
      deadline.release()
    }
  }

  /**
   * A request the fast path rewrote that fails in transit is sent once more to the original
   * host: a broken proxy must never break the site (SPEC §4 "restores the original request
   * behaviour"; docs/decisions/client-wiring.md "Fast-path failures fall back to the direct host").
   */
  async function attemptDirectOnRewriteFailure(original: string, request: RequestOptions) {
    let target = original
    try {
      target = opts.rewriteUrl(original)
    } catch {
      // rewriteUrl must not throw; if it does, the request goes direct.
    }
    if (target === original) return attempt(original, request)
    try {
      return await attempt(target, request)
    } catch (error) {
      if (!isRetryable(error)) throw error
      opts.onRewriteFailure(target, error as RequestError)
      return attempt(original, request)
    }
  }

  async function send(path: string, request: RequestOptions) {
    const original = url(path, request.query)
    const retries = request.retries ?? opts.retries
    for (let tryNo = 0; ; tryNo++) {
      try {
        return await attemptDirectOnRewriteFailure(original, request)
      } catch (error) {
        if (tryNo >= retries || !isRetryable(error)) throw error
        await opts.sleep(retryDelay(opts.random))
      }
    }
  }

  function cacheKey(kind: string, path: string, request: RequestOptions): string {
    return `${kind} ${url(path, request.query)} ${opts.language()?.code ?? ''}`
  }

  /** Cache read → single-flight → network → cache write on success only. */
  function cached<V>(key: string, request: RequestOptions, load: () => Promise<V>): Promise<V> {
    if (request.cache && !request.fresh) {
      const hit = opts.cache.get(key)
      if (hit !== undefined) return Promise.resolve(hit as V)
    }
    return flights.run(
      key,
      async () => {
        let value: V
        try {
          value = await load()
        } catch (error) {
          const kept = request.cache && request.staleOnError ? opts.cache.get(key) : undefined
          if (kept === undefined) throw error
          return kept as V
        }
        if (request.cache) opts.cache.set(key, value, typeof request.cache === 'object' ? request.cache.ttlMs : undefined)
        return value
      },
      request.signal,
    ) as Promise<V>
  }

  function getEnvelope<T>(path: string, request: RequestOptions = {}): Promise<HttpResponse<T>> {
    const okCodes = request.okCodes ?? [0]
    return cached(cacheKey(`envelope[${okCodes.join(',')}]`, path, request), request, async () => {
      const { body, httpStatus, ctx } = await send(path, request)
      const envelope = readEnvelope<T>(body)
      if (envelope.retCode === undefined || !okCodes.includes(envelope.retCode)) {
        throw new ApiError({ ...ctx, httpStatus }, envelope.retCode, envelope.retMsg, envelope.extCode)
      }
      return { ...envelope, httpStatus, url: ctx.url }
    })
  }

  return {
    url,
    getEnvelope,
    async get<T>(path: string, request: RequestOptions = {}) {
      return (await getEnvelope<T>(path, request)).result
    },
    getJson(path, request = {}) {
      return cached(cacheKey('json', path, request), request, async () => (await send(path, request)).body)
    },
  }
}

/**
 * A non-2xx answer, its message in the catalogue's order (SPEC §8, docs/decisions/request-client.md "Which
 * message for which failure"): an empty body is "Non Response!", a body that is not an object
 * "Access error, please try again later", an object its ret_msg, else the default message.
 */
function statusError(ctx: RequestContext, status: number, text: string): HttpStatusError {
  try {
    const envelope = readEnvelope(parseBody(text, ctx))
    return new HttpStatusError(ctx, status, { code: envelope.retCode, message: envelope.retMsg, extCode: envelope.extCode })
  } catch (error) {
    if (!(error instanceof ParseError)) throw error
    return new HttpStatusError(ctx, status, { message: error.message })
  }
}

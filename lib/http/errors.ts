import { DEFAULT_FAILURE_STATUS, MESSAGES, TIMEOUT_RET_CODE } from './constants'

/**
 * Error classes, one per concept, each with a stable `name` and its context. `message` is the user-facing
 * text of SPEC §8, verbatim; `detail` names what failed for logs ("GET …/symbol_list_v3 timed
 * out after 8000 ms"). See docs/decisions/request-client.md "Which message for which failure".
 */
export interface RequestContext {
  method: string
  url: string
}

export interface RequestErrorInit extends RequestContext {
  message: string
  detail: string
  /** ret_code from the body, or the client's own code (9000001 for a timeout). */
  code?: number
  /** HTTP status when a response arrived. */
  httpStatus?: number
  extCode?: string | number
  cause?: unknown
}

export class RequestError extends Error {
  override name = 'RequestError'
  readonly method: string
  readonly url: string
  readonly detail: string
  readonly code: number | undefined
  readonly httpStatus: number | undefined
  readonly extCode: string | number | undefined

  constructor(init: RequestErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.method = init.method
    this.url = init.url
    this.detail = init.detail
    this.code = init.code
    this.httpStatus = init.httpStatus
    this.extCode = init.extCode
  }

  /**
   * SPEC §8 failure status: the HTTP status, else ext_code, else 500. A 2xx status is not a
   * failure status, so an API error inside a 200 answer reports its ext_code or 500
   * (docs/decisions/request-client.md "Which message for which failure").
   */
  get status(): number {
    if (this.httpStatus !== undefined && (this.httpStatus < 200 || this.httpStatus > 299)) return this.httpStatus
    const ext = typeof this.extCode === 'number' ? this.extCode : Number.parseInt(this.extCode ?? '', 10)
    if (Number.isInteger(ext) && ext > 0) return ext
    return DEFAULT_FAILURE_STATUS
  }
}

/** SPEC §8: no answer within the timeout (headers or whole body). ret_code 9000001. */
export class TimeoutError extends RequestError {
  override name = 'TimeoutError'
  readonly timeoutMs: number
  constructor(ctx: RequestContext, timeoutMs: number) {
    super({
      ...ctx,
      message: MESSAGES.timeout,
      code: TIMEOUT_RET_CODE,
      detail: `Request timed out: ${ctx.method} ${ctx.url} after ${timeoutMs} ms`,
    })
    this.timeoutMs = timeoutMs
  }
}

/** The request never got an HTTP answer: refused, reset, DNS, aborted by the caller. */
export class NetworkError extends RequestError {
  override name = 'NetworkError'
  constructor(ctx: RequestContext, cause: unknown) {
    super({
      ...ctx,
      message: MESSAGES.requestFailed,
      cause,
      detail: `Network failure: ${ctx.method} ${ctx.url}: ${describeCause(cause)}`,
    })
  }
}

/** HTTP status outside 200–299 (SPEC §5). `code`/`message` come from the body when it has them. */
export class HttpStatusError extends RequestError {
  override name = 'HttpStatusError'
  constructor(ctx: RequestContext, httpStatus: number, body?: { code?: number; message?: string; extCode?: string | number }) {
    super({
      ...ctx,
      httpStatus,
      code: body?.code,
      extCode: body?.extCode,
      message: body?.message || MESSAGES.requestFailed,
      detail: `HTTP ${httpStatus}: ${ctx.method} ${ctx.url}`,
    })
  }
}

export type ParseFailure = 'empty' | 'invalid-json' | 'not-object' | 'too-large'

const PARSE_MESSAGES: Record<ParseFailure, string> = {
  empty: MESSAGES.nonResponse,
  'invalid-json': MESSAGES.accessError,
  'not-object': MESSAGES.accessError,
  'too-large': MESSAGES.requestFailed,
}

/** The body could not be used: empty ("Non Response!"), not JSON, not an object, or too large. */
export class ParseError extends RequestError {
  override name = 'ParseError'
  readonly reason: ParseFailure
  constructor(ctx: RequestContext & { httpStatus?: number }, reason: ParseFailure, info = '') {
    super({
      ...ctx,
      message: PARSE_MESSAGES[reason],
      detail: `Unusable response (${reason}${info ? `: ${info}` : ''}): ${ctx.method} ${ctx.url}`,
    })
    this.reason = reason
  }
}

/** A well-formed envelope whose ret_code is not 0 (SPEC §5). */
export class ApiError extends RequestError {
  override name = 'ApiError'
  constructor(ctx: RequestContext & { httpStatus?: number }, code: number | undefined, message: string | undefined, extCode?: string | number) {
    super({
      ...ctx,
      code,
      extCode,
      message: message || MESSAGES.requestFailed,
      detail: `API error ret_code=${String(code)}: ${ctx.method} ${ctx.url}`,
    })
  }
}

/** "fetch failed (ECONNREFUSED)": undici hides the useful part in `cause.code`. */
function describeCause(cause: unknown): string {
  // Duck-typed, not instanceof: fetch's errors may come from another realm (jest, workers).
  if (cause && typeof cause === 'object' && 'message' in cause) {
    const inner = (cause as { cause?: unknown }).cause
    const code = inner && typeof inner === 'object' && 'code' in inner ? String((inner as { code: unknown }).code) : ''
    const message = String((cause as { message: unknown }).message)
    return code ? `${message} (${code})` : message
  }
  return String(cause)
}

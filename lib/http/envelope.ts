import { ParseError, type RequestContext } from './errors'

/** The response envelope of SPEC §3 after normalising both casings (WIRE.md "Envelope"). */
export interface Envelope<T = unknown> {
  retCode: number | undefined
  retMsg: string
  result: T
  extCode: string | number | undefined
  /** The answer's server time (ms), where it carries one: the v5 market data does (WIRE.md "Market data"). */
  time: number | undefined
}

type Raw = Record<string, unknown>

/**
 * Decodes a URL-encoded ret_msg (WIRE.md: `Too%20many%20visits`); text that is not a valid
 * escape sequence (`100%`) is kept as it came.
 */
export function decodeMessage(raw: unknown): string {
  if (typeof raw !== 'string') return ''
  try {
    return decodeURIComponent(raw.replace(/\+/g, '%20'))
  } catch {
    return raw
  }
}

function pickCode(body: Raw): number | undefined {
  const value = body.ret_code ?? body.retCode
  return typeof value === 'number' ? value : undefined
}

function pickExtCode(body: Raw): string | number | undefined {
  const value = body.ext_code ?? body.extCode
  return typeof value === 'string' || typeof value === 'number' ? value : undefined
}

/** Reads ret_code/retCode etc. from an object body; never throws. */
export function readEnvelope<T = unknown>(body: Raw): Envelope<T> {
  return {
    retCode: pickCode(body),
    retMsg: decodeMessage(body.ret_msg ?? body.retMsg),
    result: body.result as T,
    extCode: pickExtCode(body),
    time: typeof body.time === 'number' && Number.isFinite(body.time) ? body.time : undefined,
  }
}

/** JSON text → object body. Throws ParseError for empty, non-JSON and non-object bodies. */
export function parseBody(text: string, ctx: RequestContext & { httpStatus?: number }): Raw {
  if (text.trim() === '') throw new ParseError(ctx, 'empty')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new ParseError(ctx, 'invalid-json', error instanceof Error ? error.message : '')
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ParseError(ctx, 'not-object', Array.isArray(parsed) ? 'array' : typeof parsed)
  }
  return parsed as Raw
}

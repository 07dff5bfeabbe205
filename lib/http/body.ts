import { ParseError, type RequestContext } from './errors'

/**
 * Reads a response body as text while enforcing the size cap *before* anything is parsed
 * (docs/decisions/request-client.md "Response size cap"): a declared Content-Length over the cap is refused without reading, and a body
 * that streams past the cap is cancelled at that point.
 */
export async function readCappedText(response: Response, maxBytes: number, ctx: RequestContext & { httpStatus?: number }): Promise<string> {
  const declared = Number.parseInt(response.headers.get('content-length') ?? '', 10)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new ParseError(ctx, 'too-large', `Content-Length ${declared} > ${maxBytes}`)
  }
  if (!response.body) return ''
  try {
    return new TextDecoder().decode(await readCapped(response.body, maxBytes))
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new ParseError(ctx, 'too-large', `more than ${maxBytes} bytes`)
    throw error
  }
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`body over ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/**
 * Reads a whole body, never holding more than `limit` bytes: past it the stream is cancelled and
 * this rejects with BodyTooLargeError (the client's answers, /x-api and /api/monitor requests).
 */
export async function readCapped(body: ReadableStream<Uint8Array>, limit: number, signal?: AbortSignal): Promise<Uint8Array> {
  const reader = body.getReader()
  // A slow upload must not outlive the request's deadline: cancelling ends the pending read.
  const stop = () => void reader.cancel().catch(() => undefined)
  signal?.addEventListener('abort', stop, { once: true })
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw new BodyTooLargeError(limit)
    }
    chunks.push(value)
  }
  signal?.removeEventListener('abort', stop)
  if (signal?.aborted) throw signal.reason
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.byteLength
  }
  return out
}

import { ParseError, type RequestContext } from './errors'

/**
 * Reads a response body as text while enforcing the size cap *before* anything is parsed
 * (docs/decisions.md "Response size cap"): a declared Content-Length over the cap is refused without reading, and a body
 * that streams past the cap is cancelled at that point.
 */
export async function readCappedText(response: Response, maxBytes: number, ctx: RequestContext & { httpStatus?: number }): Promise<string> {
  const declared = Number.parseInt(response.headers.get('content-length') ?? '', 10)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new ParseError(ctx, 'too-large', `Content-Length ${declared} > ${maxBytes}`)
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let received = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw new ParseError(ctx, 'too-large', `more than ${maxBytes} bytes`)
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

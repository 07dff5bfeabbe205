/**
 * Request and response body bounds of the /x-api proxy (docs/decisions.md "/x-api: body
 * limit"). A declared length is checked before anything is read; a chunked body is counted
 * while it streams and cut at the limit.
 */

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`body over ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/** True when Content-Length says more than `limit`; a malformed length counts as too large. */
export function declaredTooLarge(contentLength: string | null, limit: number): boolean {
  if (contentLength === null) return false
  if (!/^\s*\d+\s*$/.test(contentLength)) return true
  return Number(contentLength) > limit
}

/** Reads a whole body, never holding more than `limit` bytes: rejects with BodyTooLargeError. */
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

/**
 * Passes `body` through, erroring once more than `limit` bytes went by, and calls `onEnd`
 * exactly once however it ends (done, error, or the reader cancelling).
 */
export function streamCapped(body: ReadableStream<Uint8Array>, limit: number, onEnd: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  let size = 0
  let ended = false
  const end = () => {
    if (!ended) {
      ended = true
      onEnd()
    }
  }
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read()
        if (done) {
          end()
          controller.close()
          return
        }
        size += value.byteLength
        if (size > limit) throw new BodyTooLargeError(limit)
        controller.enqueue(value)
      } catch (error) {
        end()
        await reader.cancel().catch(() => undefined)
        controller.error(error)
      }
    },
    async cancel(reason) {
      end()
      await reader.cancel(reason).catch(() => undefined)
    },
  })
}

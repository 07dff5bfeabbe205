/**
 * Request and response body bounds of the /x-api proxy (docs/decisions/client-wiring.md "/x-api:
 * connection limit and timeouts"). A declared length is checked before anything is read; a chunked
 * body is counted
 * while it streams and cut at the limit. A whole body is read by lib/http/body.ts readCapped.
 */

import { BodyTooLargeError } from '../http/body'

/** True when Content-Length says more than `limit`; a malformed length counts as too large. */
export function declaredTooLarge(contentLength: string | null, limit: number): boolean {
  if (contentLength === null) return false
  if (!/^\s*\d+\s*$/.test(contentLength)) return true
  return Number(contentLength) > limit
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

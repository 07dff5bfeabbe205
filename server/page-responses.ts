import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { unconfirmedPairAt, type UnconfirmedPair } from './unconfirmed-pairs'

/**
 * Two rules Next has no setting for, applied to every answer of this process's HTTP server as
 * its status line is written (Node's own `http.server.request.start` channel hands over each
 * response first; nothing is patched globally):
 *
 * - `x-middleware-rewrite` never leaves the server: it names the internal `/{region}/{lang}/…`
 *   route. Next's router sets it on every rewritten answer, and only Next's server reads it; the
 *   App Router client reads `x-nextjs-rewritten-path` instead (docs/decisions/fleet.md "No internal
 *   path in response headers"; nginx hides it too).
 * - a pair page that answered not-found from a list it cannot trust (./unconfirmed-pairs.ts) is a
 *   503 with Retry-After and no-store: the pair may exist (docs/decisions/pages.md "Pair pages and
 *   stale data").
 */
export const INTERNAL_PATH_HEADER = 'x-middleware-rewrite'
/** Seconds: the pair-list back-off and the pages' revalidate period are within it. */
export const UNCONFIRMED_RETRY_AFTER_S = 60

export interface PageResponseSinks {
  /** Once per 503 answer for an unconfirmed pair. */
  unconfirmed(pair: UnconfirmedPair): void
}

type WriteHead = ServerResponse['writeHead']

function internalPath(value: unknown): string | null {
  const text = Array.isArray(value) ? value[0] : value
  if (typeof text !== 'string') return null
  if (text.startsWith('/')) return text
  try {
    return new URL(text).pathname
  } catch {
    return null
  }
}

/** Headers passed straight to writeHead (an object or a flat [name, value, …] list). */
function withoutInternalPath(headers: unknown): unknown {
  if (Array.isArray(headers)) {
    const kept: unknown[] = []
    for (let i = 0; i < headers.length; i += 2) if (String(headers[i]).toLowerCase() !== INTERNAL_PATH_HEADER) kept.push(headers[i], headers[i + 1])
    return kept
  }
  if (headers && typeof headers === 'object') {
    return Object.fromEntries(Object.entries(headers as OutgoingHttpHeaders).filter(([name]) => name.toLowerCase() !== INTERNAL_PATH_HEADER))
  }
  return headers
}

/** Applies both rules to one response, as its head is written. */
export function guardResponse(response: ServerResponse, sinks: PageResponseSinks, now: () => number = Date.now): void {
  const writeHead = response.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse
  response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const path = internalPath(this.getHeader(INTERNAL_PATH_HEADER))
    this.removeHeader(INTERNAL_PATH_HEADER)
    const args = rest.map((arg) => (typeof arg === 'string' ? arg : withoutInternalPath(arg)))
    let status = statusCode
    const pair = status === 404 && path !== null ? unconfirmedPairAt(path, now()) : null
    if (pair) {
      status = 503
      if (typeof args[0] === 'string') args.shift() // "Not Found" is no longer the reason phrase
      this.setHeader('Retry-After', String(UNCONFIRMED_RETRY_AFTER_S))
      this.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate')
      sinks.unconfirmed(pair)
    }
    return writeHead.call(this, status, ...args)
  } as WriteHead
}

/** Subscribes for the life of the process; returns the unsubscriber (tests). */
export function guardPageResponses(sinks: PageResponseSinks, now: () => number = Date.now): () => void {
  const onStart = (message: unknown) => guardResponse((message as { response: ServerResponse }).response, sinks, now)
  subscribe('http.server.request.start', onStart)
  return () => unsubscribe('http.server.request.start', onStart)
}

import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { unconfirmedPairAt, type UnconfirmedPair } from './unconfirmed-pairs'

/**
 * Three rules Next has no setting for, applied to every answer of this process's HTTP server as
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
 * - any other not-found that a shared cache may keep (an unknown pair's, which Next marks with the
 *   page's s-maxage and stale-while-revalidate) is kept there `NOT_FOUND_SHARED_S` at most, with
 *   no stale use, so a pair listed meanwhile appears (docs/decisions/fleet.md "An unknown pair's
 *   404 at the edge").
 * - a page served from a copy past its revalidate period (`x-nextjs-cache: STALE`, rendered again
 *   meanwhile) is fresh for a shared cache `STALE_SHARED_S` only, with no stale use: Next sends it
 *   the full s-maxage, and an edge would add that to its age (docs/decisions/fleet.md "The worst
 *   age of a page").
 */
export const INTERNAL_PATH_HEADER = 'x-middleware-rewrite'
/** Seconds: the symbol-list back-off and the pages' revalidate period are within it. */
export const UNCONFIRMED_RETRY_AFTER_S = 60
/** Seconds an edge or CDN may keep a 404. */
export const NOT_FOUND_SHARED_S = 10
/** Seconds an edge or CDN may keep a page an instance served stale, as fresh. */
export const STALE_SHARED_S = 1

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

/** An answer a shared cache may keep (s-maxage) is kept `seconds`, and never used stale. */
function sharedAtMost(response: ServerResponse, seconds: number): void {
  const cacheControl = response.getHeader('Cache-Control')
  if (typeof cacheControl === 'string' && /\bs-maxage=/.test(cacheControl)) response.setHeader('Cache-Control', `s-maxage=${seconds}`)
}

/** Applies the rules to one response, as its head is written. */
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
    } else if (status === 404) {
      sharedAtMost(this, NOT_FOUND_SHARED_S)
    } else if (this.getHeader('x-nextjs-cache') === 'STALE') {
      sharedAtMost(this, STALE_SHARED_S)
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

import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * Every answer of this process's HTTP server, pages included, seen through Node's own
 * `http.server.*` diagnostics channels: Next offers no request counter, and the edge middleware
 * cannot count what the Node server answers (docs/decisions/fleet.md "5xx counted by the Node
 * server"). Labels stay bounded: a status class, a cache result; never a URL.
 */
export interface ResponseSinks {
  /** Once per answer, with its status class ('2xx' … '5xx'). */
  answered(status: string): void
  /** Once per ISR page (an `x-nextjs-cache` header): its cache result and seconds to the last byte. */
  page(cache: PageCache, seconds: number): void
}

export type PageCache = 'HIT' | 'STALE' | 'MISS' | 'REVALIDATED'
const PAGE_CACHE = new Set<string>(['HIT', 'STALE', 'MISS', 'REVALIDATED'])

export const statusClass = (status: number) => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other')

/** Subscribes for the life of the process; returns the unsubscriber (tests). */
export function countResponses(sinks: ResponseSinks, now: () => number = performance.now.bind(performance)): () => void {
  const started = new WeakMap<IncomingMessage, number>()
  const onStart = (message: unknown) => {
    started.set((message as { request: IncomingMessage }).request, now())
  }
  const onFinish = (message: unknown) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse }
    sinks.answered(statusClass(response.statusCode))
    const cache = response.getHeader('x-nextjs-cache')
    const at = started.get(request)
    if (typeof cache === 'string' && PAGE_CACHE.has(cache) && at !== undefined) sinks.page(cache as PageCache, (now() - at) / 1000)
  }
  subscribe('http.server.request.start', onStart)
  subscribe('http.server.response.finish', onFinish)
  return () => {
    unsubscribe('http.server.request.start', onStart)
    unsubscribe('http.server.response.finish', onFinish)
  }
}

import type { Monitor } from '../monitor/monitor'
import type { WritableStore } from '../engine-kit/external-store'
import type { AllowList } from './allow-list'
import { rewriteApiUrl } from './rewrite'
import { isFresh } from './route'
import type { FastPathSnapshot } from './snapshot'

/**
 * The fast path's `rewriteUrl` as the request client calls it (SPEC §4): the current route, if
 * on and younger than the cache lifetime, rewrites matching API requests. It never throws —
 * anything unexpected goes to `fail` (the engine turns itself off) and the URL comes back as it
 * was, which is exactly the original request behaviour.
 */
export interface RewriterContext {
  store: WritableStore<FastPathSnapshot>
  now: () => number
  ttlMs: number
  apiHost: () => string
  allowList: AllowList
  monitor: Monitor
  isTerminal(): boolean
  countRewrite(): void
  fail(error: unknown): void
}

export function createRewriter(c: RewriterContext): (url: string) => string {
  const dropRoute = (route: FastPathSnapshot['route']) => c.store.update((x) => (x.route === route ? { ...x, route: null } : x))
  return (url) => {
    try {
      const { state, route } = c.store.getSnapshot()
      if (c.isTerminal() || state === 'off' || !route) return url
      if (!isFresh(route.at, { ttlMs: c.ttlMs, now: c.now() })) {
        dropRoute(route) // a result older than 24 h says nothing about the network now
        return url
      }
      const host = c.apiHost()
      // A relative API base (/x-api) has no origin to match: such requests are never rewritten.
      if (!/^https?:\/\//i.test(host)) return url
      const outcome = rewriteApiUrl(url, { apiOrigin: new URL(host).origin, target: route.host, allowList: c.allowList })
      if (outcome.kind === 'rewritten') {
        c.countRewrite()
        return outcome.url
      }
      if (outcome.kind === 'refused') {
        c.monitor.event('fast_path_refused', { target: outcome.target })
        dropRoute(route)
      }
      return url
    } catch (error) {
      try {
        c.fail(error)
      } catch {
        // Turning off failed as well; the caller still gets its URL back.
      }
      return url
    }
  }
}

'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS loaded by Node as is (see below) */
/**
 * The ISR cache handler (next.config.ts `cacheHandler`): a storing policy over a store.
 *
 * Policy: only a 200 page is worth storing. A 404 for an unknown pair or a 308 for a case
 * variant is rendered again when asked again, so the set of stored pages is bounded by the real
 * pairs × languages × regions, not by the URLs a crawler or attacker sends
 * (docs/decisions.md "Only 200 pages are stored").
 *
 * Store: Next's own file-system cache (memory LRU + .next/server/route-cache), so build seeds,
 * tags and lifetimes behave exactly as without a handler. A shared store for a fleet goes in as
 * another `makeStore`; the policy stays in front of it.
 *
 * Plain CommonJS: `next start` loads this file with Node as is, and the build also bundles it
 * into the edge middleware, where it stands aside (no Node module is required on that path).
 */

/** Entry kinds that are whole responses with an HTTP status (pages and route handlers). */
const RESPONSE_KINDS = new Set(['APP_PAGE', 'APP_ROUTE', 'PAGES'])

/** Whether an entry may be stored: anything that is not a response, or a response with status 200. */
function isWorthStoring(data) {
  if (!data || !RESPONSE_KINDS.has(data.kind)) return data !== null
  return data.status === undefined || data.status === 200
}

/**
 * Next remembers each stored entry's lifetime in a process-wide map before it calls set()
 * (IncrementalCache.set → SharedCacheControls). For a refused entry that map would still grow by
 * one key per URL, so the key is taken out again.
 */
function forgetLifetime(key) {
  try {
    const { SharedCacheControls } = require('next/dist/server/lib/incremental-cache/shared-cache-controls.external')
    SharedCacheControls.cacheControls.delete(key)
  } catch {
    // Another Next layout: the map then grows by a few hundred bytes per refused URL, no more.
  }
}

/** Next's file-system cache (the default store), required only on the Node runtime. */
function fileSystemStore(ctx) {
  const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache').default
  return new FileSystemCache(ctx)
}

/** A store that keeps nothing: the edge runtime renders no ISR page. */
const noStore = {
  get: async () => null,
  set: async () => {},
  revalidateTag: async () => {},
  resetRequestCache: () => {},
}

function createCacheHandler(makeStore = fileSystemStore, onRefused = forgetLifetime) {
  return class PairSiteCacheHandler {
    constructor(ctx) {
      this.store = process.env.NEXT_RUNTIME === 'edge' ? noStore : makeStore(ctx)
    }
    get(key, ctx) {
      return this.store.get(key, ctx)
    }
    async set(key, data, ctx) {
      if (isWorthStoring(data)) return this.store.set(key, data, ctx)
      onRefused(key)
    }
    revalidateTag(tags, durations) {
      return this.store.revalidateTag(tags, durations)
    }
    resetRequestCache() {
      this.store.resetRequestCache?.()
    }
  }
}

module.exports = createCacheHandler()
module.exports.createCacheHandler = createCacheHandler
module.exports.isWorthStoring = isWorthStoring

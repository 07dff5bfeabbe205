'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS loaded by Node as is (see below) */
/**
 * The ISR cache handler (next.config.ts `cacheHandler`): a storing policy over a store.
 *
 * Policy: only a 200 page is worth storing. A 404 for an unknown pair or a 308 for a case
 * variant is rendered again when asked again, so the set of stored pages is bounded by the real
 * pairs × languages × regions, not by the URLs a crawler or attacker sends
 * (docs/decisions/pages.md "Only 200 pages are stored").
 *
 * Store: Next's own file-system cache (memory LRU + .next/server/route-cache), so build seeds,
 * tags and lifetimes behave exactly as without a handler. In fleet mode (REDIS_URL, set up by
 * server/fleet/startup.ts) a shared layer goes over it (./cache-shared.cjs; docs/decisions/fleet.md "Shared
 * page cache"); the policy stays in front of both.
 *
 * Plain CommonJS: `next start` loads this file with Node as is, and the build also bundles it
 * into the edge middleware, where it stands aside (no Node module is required on that path).
 */

const { isResponse } = require('./cache-codec.cjs')

/** Whether an entry may be stored: anything that is not a response, or a response with status 200. */
function isWorthStoring(data) {
  if (!isResponse(data)) return data !== null
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

/**
 * The shared layer's process-wide state, one per cache namespace: the build (BUILD_ID and
 * deployment id) and the site configuration's fingerprint, so no instance ever serves a page made
 * by another build or with other settings (docs/decisions/fleet.md "Shared page cache").
 */
function sharedState(settings, ctx) {
  const { readFileSync } = require('node:fs')
  const { join } = require('node:path')
  let buildId = 'dev'
  try {
    buildId = readFileSync(join(ctx.serverDistDir, '..', 'BUILD_ID'), 'utf8').trim()
  } catch {
    // No build (tests): the fingerprint and deployment id still separate namespaces.
  }
  const prefix = `spot:${buildId}:${process.env.NEXT_DEPLOYMENT_ID ?? ''}:${settings.fingerprint}`
  const states = (globalThis[Symbol.for('spot-site.shared-cache')] ??= new Map())
  if (!states.has(prefix)) {
    const { processRedisLink } = require('./redis-link.cjs')
    const { createSharedState } = require('./cache-shared.cjs')
    const log = (level, detail, message) => console[level === 'warn' ? 'warn' : 'log'](JSON.stringify({ level, service: 'spot-site', ...detail, msg: message }))
    states.set(prefix, createSharedState({ link: processRedisLink(settings, log), prefix, maxMemoryBytes: ctx.maxMemoryCacheSize || undefined }))
  }
  return states.get(prefix)
}

/**
 * The instance's own store's context. In fleet mode Redis keeps the fleet's copy of every page, so
 * the instance keeps its own in memory and writes no files: each render's seven files (HTML, RSC,
 * segments, meta) cost it 12–19 % of its CPU (docs/decisions/fleet.md "In fleet mode pages stay
 * off the instance's disk"). The build's own pages are still read from disk.
 */
function localContext(ctx, inFleet) {
  return inFleet ? { ...ctx, flushToDisk: false } : ctx
}

/** Fleet mode: the shared layer over the file-system cache; otherwise the file-system cache alone. */
function defaultStore(ctx) {
  const settings = globalThis[Symbol.for('spot-site.fleet')]
  if (!settings || process.env.NEXT_PHASE === 'phase-production-build') return fileSystemStore(ctx)
  return layered(sharedState(settings, ctx), fileSystemStore(localContext(ctx, true)))
}

/** A store over a shared state and this instance's local store. */
function layered(state, local) {
  return {
    get: (key, ctx) => state.get(key, ctx, local),
    set: (key, data, ctx) => state.set(key, data, ctx, local),
    revalidateTag: (tags, durations) => state.revalidateTag(tags, durations, local),
    resetRequestCache: () => local.resetRequestCache?.(),
  }
}

/** A store that keeps nothing: the edge runtime renders no ISR page. */
const noStore = {
  get: async () => null,
  set: async () => {},
  revalidateTag: async () => {},
  resetRequestCache: () => {},
}

function createCacheHandler(makeStore = defaultStore, onRefused = forgetLifetime) {
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
module.exports.layered = layered
module.exports.fileSystemStore = fileSystemStore
module.exports.localContext = localContext

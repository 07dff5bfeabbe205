'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS loaded by Node as is */
/**
 * The fleet's page and data cache: a per-instance memory layer and the instance's own
 * file-system cache, with Redis shared by every instance (docs/decisions/fleet.md "Shared page cache").
 *
 * - get: one round trip asks Redis for the entry's last-modified time and the tag version (and
 *   the entry itself when this instance holds none); the full entry is fetched only when Redis
 *   holds a newer one. Entries carry their own time, so the newest copy wins wherever it is, and a
 *   local copy newer than Redis's is written back. Entries are compressed bytes (./cache-codec.cjs).
 * - revalidateTag: tag times go to sorted sets (ZADD GT, so a late writer never moves a time
 *   back) and bump a version; every get sees a new version and merges the times into Next's tag
 *   manifest before deciding, so a revalidation on one instance reaches all.
 * - Redis away (breaker open, timeout): everything answers from memory and disk; what was set or
 *   revalidated meanwhile is written back when the breaker closes.
 */
const { decodeEntry, encodeEntry, entrySize, isResponse } = require('./cache-codec.cjs')
const { writeIfNewer } = require('./redis-link.cjs')

/** A shared entry outlives any revalidate period we use; Redis's own eviction bounds the rest. */
const ENTRY_TTL_MS = 24 * 3600 * 1000

/** Replies as Buffers, not UTF-8 text: entries are compressed bytes (./cache-codec.cjs). RESP_TYPES.BLOB_STRING is 36. */
const AS_BYTES = { 36: Buffer }

function tagsOf(key, entry, ctx) {
  const value = entry?.value
  if (isResponse(value)) {
    const header = value.headers?.['x-next-cache-tags']
    return typeof header === 'string' ? header.split(',') : []
  }
  return [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])]
}

function nextTagsManifest() {
  return require('next/dist/server/lib/incremental-cache/tags-manifest.external')
}

/** Process-wide state of one shared cache (the handler itself is made once per request). */
function createSharedState({ link, prefix, maxMemoryBytes = 50 * 1024 * 1024, now = Date.now, tags = nextTagsManifest() }) {
  // The instance's own disk holds pages from before this process: the build's prerenders (made
  // with the build environment's public URLs) and copies made under another configuration. The
  // fingerprinted keys do not cover them, so only entries this process wrote are trusted; the
  // others render once and are then shared (docs/decisions/fleet.md "Shared page cache").
  const startedAt = now()
  const ownLocal = (entry) => (entry && entry.lastModified >= startedAt ? entry : null)
  // So the disk is read only for keys this process stored (out of memory since): a lookup of a
  // missing file costs a first view about a millisecond of CPU, and would find nothing trusted.
  const storedHere = new Set()
  const memory = new Map()
  let memoryBytes = 0
  const unsynced = new Set()
  const unsyncedTags = new Set()
  let tagVersion = null
  const k = { entry: (key) => `${prefix}:e:${key}`, stale: `${prefix}:tag-stale`, expired: `${prefix}:tag-expired`, version: `${prefix}:tag-version` }

  function remember(key, entry) {
    const old = memory.get(key)
    if (old) memoryBytes -= old.size
    memory.delete(key)
    const size = entrySize(entry)
    memory.set(key, { entry, size })
    memoryBytes += size
    for (const [oldest, held] of memory) {
      if (memoryBytes <= maxMemoryBytes || oldest === key) break
      memory.delete(oldest)
      memoryBytes -= held.size
    }
  }
  const recall = (key) => memory.get(key)?.entry

  async function pushEntry(key, entry) {
    // Only if newer than what is there: two instances regenerating at once keep the newest.
    const done = await link.run((c) =>
      writeIfNewer(c, k.entry(key), { timeField: 'lm', time: entry.lastModified, fields: { d: encodeEntry(entry) }, ttlMs: ENTRY_TTL_MS }),
    )
    if (done === undefined) unsynced.add(key)
    else unsynced.delete(key)
  }

  async function pushTags(names) {
    const times = names.map((tag) => ({ tag, entry: tags.tagsManifest.get(tag) ?? {} }))
    const done = await link.run(async (c) => {
      const multi = c.multi()
      for (const { tag, entry } of times) {
        if (typeof entry.stale === 'number') multi.zAdd(k.stale, { score: entry.stale, value: tag }, { GT: true })
        if (typeof entry.expired === 'number') multi.zAdd(k.expired, { score: entry.expired, value: tag }, { GT: true })
      }
      multi.incr(k.version)
      return multi.exec()
    })
    for (const tag of names) {
      if (done === undefined) unsyncedTags.add(tag)
      else unsyncedTags.delete(tag)
    }
  }

  /** Merges the fleet's tag times into Next's manifest (never moving a time back). */
  async function pullTags(version) {
    const lists = await link.run((c) => Promise.all([c.zRangeWithScores(k.stale, 0, -1), c.zRangeWithScores(k.expired, 0, -1)]))
    if (!lists) return
    lists.forEach((list, i) => {
      const field = i === 0 ? 'stale' : 'expired'
      for (const { value: tag, score } of list) {
        const current = tags.tagsManifest.get(tag) ?? {}
        if (!(typeof current[field] === 'number' && current[field] >= score)) tags.tagsManifest.set(tag, { ...current, [field]: score })
      }
    })
    tagVersion = version
  }

  link.onRecovered(async () => {
    if (unsyncedTags.size > 0) await pushTags([...unsyncedTags])
    for (const key of [...unsynced]) {
      const entry = recall(key)
      if (entry) await pushEntry(key, entry)
      else unsynced.delete(key)
    }
  })

  /** An entry whose tags were revalidated after it was made is a miss (as in Next's own cache). */
  function unlessExpired(key, entry, ctx) {
    if (!entry) return null
    const names = tagsOf(key, entry, ctx)
    return names.length > 0 && tags.areTagsExpired(names, entry.lastModified) ? null : entry
  }

  return {
    counts: () => ({ memoryEntries: memory.size, memoryBytes, unsynced: unsynced.size + unsyncedTags.size }),
    async get(key, ctx, local) {
      const mine = recall(key) ?? (storedHere.has(key) ? ownLocal(await local.get(key, ctx)) : null)
      // With no copy here, Redis's is wanted whatever its time: it comes in the same round trip.
      const head = await link.run((c) =>
        Promise.all([c.hGet(k.entry(key), 'lm'), c.get(k.version), mine ? null : c.withTypeMapping(AS_BYTES).hGet(k.entry(key), 'd')]),
      )
      if (!head) return unlessExpired(key, mine, ctx)
      const [lm, version, fetched] = head
      if (version !== null && version !== tagVersion) await pullTags(version)
      const remoteTime = Number(lm ?? 0)
      if (remoteTime > (mine?.lastModified ?? 0)) {
        const bytes = fetched ?? (await link.run((c) => c.withTypeMapping(AS_BYTES).hGet(k.entry(key), 'd')))
        // Bytes of another format or damaged ones are no copy: this instance renders, and its newer write replaces them.
        const entry = bytes ? decodeEntry(bytes) : undefined
        if (entry) {
          remember(key, entry)
          return unlessExpired(key, entry, ctx)
        }
      } else if (mine?.value && mine.lastModified > remoteTime) {
        // Made while Redis was away, or Redis restarted empty: the fleet gets it back.
        void pushEntry(key, { value: mine.value, lastModified: mine.lastModified, cacheControl: mine.cacheControl })
      }
      return unlessExpired(key, mine, ctx)
    },
    async set(key, data, ctx, local) {
      const entry = { value: data, lastModified: now(), cacheControl: ctx?.fetchCache ? undefined : ctx?.cacheControl }
      remember(key, entry)
      storedHere.add(key)
      await local.set(key, data, ctx)
      if (data) await pushEntry(key, entry)
    },
    async revalidateTag(names, durations, local) {
      const list = typeof names === 'string' ? [names] : names
      await local.revalidateTag(list, durations)
      if (list.length > 0) await pushTags(list)
    },
  }
}

module.exports = { createSharedState }

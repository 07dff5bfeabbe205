'use strict'
/**
 * Cache entries: which are whole responses, and their text for Redis. No Node module is
 * required here: the cache handler requires this file on every runtime, the edge included.
 */

/** Entry kinds that are whole responses with an HTTP status (pages and route handlers). */
const RESPONSE_KINDS = new Set(['APP_PAGE', 'APP_ROUTE', 'PAGES'])

/** Whether an entry's value is a whole response (its status and tags are on it). */
const isResponse = (value) => Boolean(value) && RESPONSE_KINDS.has(value.kind)

/*
 * Entries as text for Redis: an entry holds Buffers (rscData, route bodies) and a Map
 * (segmentData) that JSON alone would turn into plain objects ("segmentData.get is not a
 * function" on the other instance); they are tagged on the way out and rebuilt on the way in.
 */

function encodeEntry(entry) {
  return JSON.stringify(entry, function replace(key, value) {
    const raw = this[key]
    if (Buffer.isBuffer(raw)) return { $b: raw.toString('base64') }
    if (raw instanceof Uint8Array) return { $b: Buffer.from(raw).toString('base64') }
    if (raw instanceof Map) return { $m: [...raw.entries()] }
    return value
  })
}

function decodeEntry(text) {
  return JSON.parse(text, (key, value) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (typeof value.$b === 'string' && Object.keys(value).length === 1) return Buffer.from(value.$b, 'base64')
      if (Array.isArray(value.$m) && Object.keys(value).length === 1) return new Map(value.$m)
    }
    return value
  })
}

/** Rough bytes an entry holds in memory (for the per-instance LRU's bound). */
function entrySize(entry) {
  const value = entry?.value
  if (!value) return 64
  let size = 256
  for (const part of [value.html, value.rscData, value.body, value.buffer]) size += part?.length ?? 0
  if (value.segmentData instanceof Map) for (const buffer of value.segmentData.values()) size += buffer?.length ?? 0
  if (value.kind === 'FETCH') size += JSON.stringify(value.data ?? null).length
  return size
}

module.exports = { isResponse, encodeEntry, decodeEntry, entrySize }

'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS loaded by Node as is (see below) */
/**
 * Cache entries: which are whole responses, and their bytes for Redis. No Node module is
 * required when this file loads: the cache handler requires it on every runtime, the edge
 * included; zlib is required by the first encode or decode, which only the Node runtime's shared
 * layer makes (server/fleet/cache-shared.cjs).
 */

/** Entry kinds that are whole responses with an HTTP status (pages and route handlers). */
const RESPONSE_KINDS = new Set(['APP_PAGE', 'APP_ROUTE', 'PAGES'])

/** Whether an entry's value is a whole response (its status and tags are on it). */
const isResponse = (value) => Boolean(value) && RESPONSE_KINDS.has(value.kind)

/*
 * Entries as bytes for Redis (docs/decisions/fleet.md "Shared entries are compressed bytes"): an
 * entry holds Buffers (rscData, route bodies, segments), a Map (segmentData) and the page's HTML.
 * Stored as MAGIC, then one compressed body: the length of a JSON skeleton (u32, big-endian), the
 * skeleton, and the parts back to back. The skeleton is the entry with each Buffer and each long
 * string taken out as a part ({$b} / {$s}: offset and length in the parts) and each Map tagged
 * ({$m}: its entries), so the other instance gets Buffers and a Map back ("segmentData.get is not
 * a function" otherwise), and no byte goes through base64 or JSON escaping. One compressed body:
 * the RSC payload and its segments repeat the HTML's text, and brotli's window spans all of them.
 */

/**
 * 'spe' and the format's number: anything else (an older format's JSON text, garbage) is no entry.
 * A Uint8Array: this file loads on the edge too, where Buffer is no global to count on.
 */
const MAGIC = Uint8Array.of(0x73, 0x70, 0x65, 0x02)
/** Strings longer than this go out of the skeleton as parts (the HTML; short ones stay inline). */
const LONG_STRING = 512
/**
 * Brotli quality 5 with a 4 MB window: an entry is written once per render and read on many HITs;
 * higher qualities cost the render milliseconds for a few percent (docs/measurements.md).
 */
const QUALITY = 5

let zlib
const lazyZlib = () => (zlib ??= require('node:zlib'))

/** The entry as bytes for Redis. */
function encodeEntry(entry) {
  const parts = []
  let offset = 0
  const part = (tag, bytes) => {
    parts.push(bytes)
    const at = offset
    offset += bytes.length
    return { [tag]: [at, bytes.length] }
  }
  const skeleton = JSON.stringify(entry, function replace(key, value) {
    const raw = this[key]
    if (Buffer.isBuffer(raw)) return part('$b', raw)
    if (raw instanceof Uint8Array) return part('$b', Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength))
    if (raw instanceof Map) return { $m: [...raw.entries()] }
    if (typeof raw === 'string' && raw.length > LONG_STRING) return part('$s', Buffer.from(raw, 'utf8'))
    return value
  })
  const head = Buffer.from(skeleton, 'utf8')
  const length = Buffer.alloc(4)
  length.writeUInt32BE(head.length)
  const { brotliCompressSync, constants } = lazyZlib()
  const body = Buffer.concat([length, head, ...parts])
  const packed = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: 22,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  })
  return Buffer.concat([MAGIC, packed])
}

/**
 * The entry back from its bytes; undefined for bytes of another format (an older build's JSON
 * text) or damaged ones: the caller then has no shared copy, renders, and its newer write
 * replaces them.
 */
function decodeEntry(bytes) {
  if (!Buffer.isBuffer(bytes) || bytes.length <= MAGIC.length || Buffer.compare(bytes.subarray(0, MAGIC.length), MAGIC) !== 0) return undefined
  try {
    const body = lazyZlib().brotliDecompressSync(bytes.subarray(MAGIC.length))
    const headLength = body.readUInt32BE(0)
    const partsAt = 4 + headLength
    if (partsAt > body.length) return undefined
    const slice = ([at, length]) => {
      if (!(Number.isInteger(at) && Number.isInteger(length) && at >= 0 && length >= 0 && partsAt + at + length <= body.length))
        throw new RangeError('part out of range')
      return [partsAt + at, partsAt + at + length]
    }
    return JSON.parse(body.toString('utf8', 4, partsAt), (key, value) => {
      if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1) {
        if (Array.isArray(value.$b)) return body.subarray(...slice(value.$b))
        if (Array.isArray(value.$s)) return body.toString('utf8', ...slice(value.$s))
        if (Array.isArray(value.$m)) return new Map(value.$m)
      }
      return value
    })
  } catch {
    return undefined
  }
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

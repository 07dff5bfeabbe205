/**
 * Serwist plugins that keep one cache within its caps (docs/decisions/offline.md "What the worker
 * keeps"): LedgerPlugin refuses what must not be kept, writes each entry's ledger into its headers
 * and drops what is too old before it is served; TrimAfterWrite trims the cache after a write. The
 * rules are lib/offline's; this file only moves bytes between Serwist and the Cache API.
 */
import type { SerwistPlugin } from 'serwist'
import { mayKeep } from '@/lib/offline/choice'
import { evictions, isExpired, LEDGER_HEADERS, readLedger, type LedgerEntry } from '@/lib/offline/ledger'
import type { Caps } from '@/lib/offline/policy'

export interface LedgerOptions {
  caps: Caps
  /** Entries made (or saved) longer ago than this are never served and are trimmed. */
  maxAgeMs?: number
  /** A page's render time from its HTML; an answer without one is not kept (it is no page of the site). */
  madeAt?: (html: string) => number | null
  now?: () => number
}

export class LedgerPlugin implements SerwistPlugin {
  private readonly now: () => number
  constructor(private readonly options: LedgerOptions) {
    this.now = options.now ?? Date.now
  }

  cacheWillUpdate: SerwistPlugin['cacheWillUpdate'] = async ({ response }) => {
    if (!mayKeep(response)) return null
    const body = await response.arrayBuffer()
    if (body.byteLength > this.options.caps.maxEntryBytes) return null
    let madeAt: number | null = null
    if (this.options.madeAt) {
      madeAt = this.options.madeAt(new TextDecoder().decode(body))
      if (madeAt === null) return null
    }
    return withLedger(response, body, { savedAt: this.now(), bytes: body.byteLength, madeAt })
  }

  cachedResponseWillBeUsed: SerwistPlugin['cachedResponseWillBeUsed'] = async ({ cacheName, request, cachedResponse }) => {
    if (!cachedResponse) return null
    const ledger = readLedger(request.url, cachedResponse.headers)
    if (ledger && !isExpired(ledger, this.now(), this.options.maxAgeMs ?? Infinity)) return cachedResponse
    await (await caches.open(cacheName)).delete(request)
    return null
  }
}

/**
 * Trims the cache after writes, once per burst. Only where writes are rare (pages): Serwist clones
 * each answer and looks up the one it replaces for a plugin with this hook, so the scripts a save
 * brings (twenty at a time) are trimmed once after the save instead (worker/sw.ts).
 */
export class TrimAfterWrite implements SerwistPlugin {
  constructor(private readonly options: Pick<LedgerOptions, 'caps' | 'maxAgeMs' | 'now'>) {}

  /** Writes that come while a trim runs are covered by one more trim after it, not one each. */
  private trimAgain = false
  private trimming: Promise<void> | null = null

  cacheDidUpdate: SerwistPlugin['cacheDidUpdate'] = ({ cacheName }) => {
    this.trimAgain = true
    this.trimming ??= (async () => {
      try {
        while (this.trimAgain) {
          this.trimAgain = false
          await trimCache(cacheName, this.options, (this.options.now ?? Date.now)())
        }
      } finally {
        this.trimming = null
      }
    })()
    return this.trimming
  }
}

/** A copy of the answer with its ledger in its headers (a body already read cannot be kept otherwise). */
export function withLedger(response: Response, body: ArrayBuffer, ledger: Omit<LedgerEntry, 'key'>): Response {
  const headers = new Headers(response.headers)
  headers.set(LEDGER_HEADERS.savedAt, String(ledger.savedAt))
  headers.set(LEDGER_HEADERS.bytes, String(ledger.bytes))
  if (ledger.madeAt != null) headers.set(LEDGER_HEADERS.madeAt, String(ledger.madeAt))
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}

/** Every entry's ledger; an entry without one (not written by this worker) is deleted. */
export async function readCache(cacheName: string): Promise<LedgerEntry[]> {
  const cache = await caches.open(cacheName)
  const requests = await cache.keys()
  const responses = await Promise.all(requests.map((request) => cache.match(request)))
  const entries: LedgerEntry[] = []
  for (const [i, request] of requests.entries()) {
    const response = responses[i]
    const ledger = response ? readLedger(request.url, response.headers) : null
    if (ledger) entries.push(ledger)
    else await cache.delete(request)
  }
  return entries
}

export async function trimCache(cacheName: string, options: Pick<LedgerOptions, 'caps' | 'maxAgeMs'>, now: number): Promise<void> {
  const cache = await caches.open(cacheName)
  for (const key of evictions(await readCache(cacheName), now, options.caps, options.maxAgeMs)) await cache.delete(key)
}

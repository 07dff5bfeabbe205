/// <reference lib="webworker" />
/**
 * The service worker (docs/decisions/offline.md): Serwist's router and lifecycle over the rules of
 * lib/offline. Bundled by @serwist/turbopack at build time (app/serwist/[path]/route.ts) and served
 * as /serwist/sw.js. It precaches nothing: a first visit costs the script and the two pages it
 * keeps (the one shown and its language's offline page).
 */
import { CacheFirst, Serwist, type PrecacheEntry, type SerwistGlobalConfig } from 'serwist'
import { readRenderedAt } from '@/lib/offline/marks'
import { CURRENT_CACHES, outdatedCaches, PAGES_CACHE, STATIC_CACHE } from '@/lib/offline/cache-names'
import { PAGE_CAPS, PAGE_MAX_AGE_MS, STATIC_CAPS } from '@/lib/offline/policy'
import { classifyRequest, languageOfPath, pageKey, type RequestKind } from '@/lib/offline/requests'
import { LedgerPlugin, TrimAfterWrite, trimCache } from './ledger-plugin'
import { refreshOfflinePage } from './offline-pages'
import { Flight, Launch, SavedPages, StallMemory } from './strategies'
import { isSaveMessage } from '@/lib/offline/messages'

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined
  }
}
declare const self: ServiceWorkerGlobalScope

const origin = self.location.origin
const stall = new StallMemory()

const pageLedger = { caps: PAGE_CAPS, maxAgeMs: PAGE_MAX_AGE_MS }
const pages = new SavedPages({
  cacheName: PAGES_CACHE,
  stall,
  plugins: [
    { cacheKeyWillBeUsed: ({ request }) => pageKey(request.url) },
    new LedgerPlugin({ ...pageLedger, madeAt: readRenderedAt }),
    new TrimAfterWrite(pageLedger),
    {
      // Each page saved brings its language's offline page along (worker/offline-pages.ts).
      cacheDidUpdate: async ({ request }) => {
        const language = languageOfPath(new URL(request.url).pathname)
        if (language !== null) await refreshOfflinePage(origin, language, Date.now())
      },
    },
  ],
})
// Trimmed after each save and on activation, not after each write (worker/ledger-plugin.ts TrimAfterWrite).
const staticLedger = { caps: STATIC_CAPS }
const statics = new CacheFirst({ cacheName: STATIC_CACHE, plugins: [new LedgerPlugin(staticLedger)] })

const kind =
  (wanted: RequestKind) =>
  ({ request }: { request: Request }) =>
    classifyRequest(request, origin) === wanted

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // A new build's worker takes over at once: its rules read what older workers kept
  // (docs/decisions/offline.md "A new build takes over").
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching: [
    { matcher: kind('page'), handler: pages },
    { matcher: kind('launch'), handler: new Launch({ stall, pagesCache: PAGES_CACHE }) },
    { matcher: kind('flight'), handler: new Flight({ stall }) },
    { matcher: kind('static'), handler: statics },
  ],
})
serwist.addEventListeners()

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of outdatedCaches(await caches.keys(), CURRENT_CACHES)) await caches.delete(name)
      await trimCache(PAGES_CACHE, pageLedger, Date.now())
      await trimCache(STATIC_CACHE, staticLedger, Date.now())
    })(),
  )
})

// "save": the page asks the worker to keep a page the trader opened (components/offline/ServiceWorker.tsx).
self.addEventListener('message', (event) => {
  if (!isSaveMessage(event.data)) return
  const url = new URL(event.data.path, origin)
  if (classifyRequest({ method: 'GET', url: url.href, mode: 'navigate', headers: new Headers() }, origin) !== 'page') return
  const request = new Request(url, { credentials: 'same-origin', cache: event.data.fromHttpCache ? 'force-cache' : 'no-cache' })
  const assets = event.data.assets
    .map((asset) => new Request(new URL(asset, origin), { credentials: 'same-origin', cache: 'force-cache' }))
    .filter((asset) => classifyRequest(asset, origin) === 'static')
  const page = pages.handle({ event, request })
  const scripts = Promise.allSettled(assets.map((asset) => statics.handleAll({ event, request: asset })[1])).then(() =>
    trimCache(STATIC_CACHE, staticLedger, Date.now()),
  )
  event.waitUntil(Promise.allSettled([page, scripts]))
})

/**
 * The site's offline page, one per language the trader used (docs/decisions/offline.md "The
 * offline page"): fetched when a page of that language is saved and the copy kept is missing or a
 * day old, served for a page never saved.
 */
import { OFFLINE_CACHE } from '@/lib/offline/cache-names'
import { mayKeep, offlineLanguage } from '@/lib/offline/choice'
import { OFFLINE_CAPS, OFFLINE_PAGE_REFRESH_MS } from '@/lib/offline/policy'
import { languageOfPath, offlinePagePath } from '@/lib/offline/requests'
import { readCache, trimCache, withLedger } from './ledger-plugin'

/** Keeps the offline page of `language` when none is kept or the one kept is a day old. */
export async function refreshOfflinePage(origin: string, language: string, now: number): Promise<void> {
  const url = `${origin}${offlinePagePath(language)}`
  const kept = (await readCache(OFFLINE_CACHE)).find((entry) => entry.key === url)
  if (kept && now - kept.savedAt < OFFLINE_PAGE_REFRESH_MS) return
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-cache' }).catch(() => null)
  if (!response || !mayKeep(response)) return
  const body = await response.arrayBuffer()
  if (body.byteLength > OFFLINE_CAPS.maxEntryBytes) return
  await (await caches.open(OFFLINE_CACHE)).put(url, withLedger(response, body, { savedAt: now, bytes: body.byteLength }))
  await trimCache(OFFLINE_CACHE, { caps: OFFLINE_CAPS }, now)
}

/** The offline page for `url`: in its language when kept, else the language used last, else a plain English one. */
export async function offlinePage(url: URL): Promise<Response> {
  const kept = (await readCache(OFFLINE_CACHE)).flatMap((entry) => {
    const language = languageOfPath(new URL(entry.key).pathname)
    return language === null ? [] : [{ language, savedAt: entry.savedAt }]
  })
  const language = offlineLanguage(url.pathname, kept)
  const cached = language === null ? undefined : await (await caches.open(OFFLINE_CACHE)).match(`${url.origin}${offlinePagePath(language)}`)
  // 503: the page asked for is not here; the body says so in the trader's language.
  if (cached) return new Response(cached.body, { status: 503, headers: cached.headers })
  return new Response(PLAIN_OFFLINE_PAGE, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
}

/** The last resort, when the browser has dropped every offline page kept: no language is known. */
const PLAIN_OFFLINE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>Offline</title></head><body style="font:16px/1.5 system-ui,sans-serif;margin:2rem;background:#0b0e11;color:#eaecef">' +
  '<h1 data-offline-page>You are offline</h1><p>This page has not been saved on this device. It opens again when the network is back.</p>' +
  '<p><a href="" style="color:#f7a600">Try again</a></p></body></html>'

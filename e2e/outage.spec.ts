import { expect, test } from '@playwright/test'
import { E2E_PORT } from '../playwright.config'
import { REGIONS, type RegionId } from '../lib/regions/regions'
import { regionHost } from './support/hosts'
import { getRaw, inParallel } from './support/raw-http'
import { clearFaults, listedPairs, resetHits, setFaults, simState, type ListedPair } from './support/sim'

// docs/decisions/pages.md "Server symbol-list reuse" and
// "Health, liveness and readiness". Every region of the e2e run shares the simulator's main host.
const PAGES = 200
const LIST_ENDPOINTS = ['symbol_list_v3', 'symbol_list_all', 'symbol_list_v2'] as const

/** 200 distinct pages (region × language × pair) that no other spec renders. */
function distinctPages(pairs: ListedPair[]) {
  const sites = (Object.keys(REGIONS) as RegionId[]).flatMap((region) => REGIONS[region].languages.map((lang) => ({ region, lang })))
  return Array.from({ length: PAGES }, (_, i) => {
    const site = sites[i % sites.length]!
    const pair = pairs[(i * 7) % pairs.length]!
    return { host: regionHost(site.region), path: `/${site.lang}/trade/spot/${pair.base}/${pair.quote}`, symbolId: pair.symbolId }
  })
}

test('while every symbol-list endpoint fails, 200 new pages make a handful of upstream calls and all answer 200', async () => {
  test.setTimeout(180_000)
  // Skipping the anchors other specs render, and pairs the sites' lists may not have yet (support/sim.ts).
  const pairs = await listedPairs({ skip: 5, untouched: true })
  // Every region holds a good list: one page in its default language before the outage.
  for (const region of Object.keys(REGIONS) as RegionId[]) {
    expect((await getRaw(regionHost(region), `/${REGIONS[region].defaultLanguage}/trade/spot/BTC/USDT`)).status).toBe(200)
  }
  await setFaults(LIST_ENDPOINTS.map((endpoint) => ({ host: 'main', endpoint, fault: { kind: 'status', status: 503 } })))
  try {
    await resetHits()
    const pages = distinctPages(pairs)
    const answers = await inParallel(pages, 50, async (page) => ({ page, answer: await getRaw(page.host, page.path) }))
    const hits = (await simState()).hits.main ?? {}
    const calls = Object.fromEntries(LIST_ENDPOINTS.map((endpoint) => [endpoint, hits[endpoint] ?? 0]))
    console.log(`upstream calls during the outage for ${PAGES} new pages: ${JSON.stringify(calls)}`)
    const failed = answers.filter(({ answer }) => answer.status !== 200).map(({ page, answer }) => `${answer.status} ${page.host}${page.path}`)
    expect(failed).toEqual([])
    for (const { page, answer } of answers) expect(answer.body).toContain(`data-symbol="${page.symbolId}"`)
    // A handful per region: nine regions share this upstream here.
    for (const endpoint of LIST_ENDPOINTS) expect(calls[endpoint]).toBeLessThanOrEqual(20)

    // Health tells the truth: degraded, with the incident code and the back-off; still ready.
    const health = JSON.parse((await getRaw(regionHost('main'), '/api/health')).body)
    expect(health.status).toBe('degraded')
    expect(health.regions.ae.symbolList).not.toBeNull()
    expect(health.regions.tr.symbolList).toMatchObject({ status: 'degraded', lastError: { code: 11511509 } })
    expect(health.regions.tr.symbolList.consecutiveFailures).toBeGreaterThan(0)
    expect((await getRaw(regionHost('main'), '/api/ready')).status).toBe(200)
    expect((await getRaw(regionHost('main'), '/api/live')).status).toBe(200)
  } finally {
    await clearFaults()
  }
})

test('an unknown pair while the list is a cached copy: 503 with Retry-After, not stored, counted; while it is live: 404', async ({ request }) => {
  test.setTimeout(120_000)
  const unknown = [
    ['main', '/en/trade/spot/ZZ999111/USDT'],
    ['main', '/en/trade/spot/QQQ/USDT'],
    ['main', '/vi-VN/trade/spot/ZZ1/USDT'],
  ] as const
  const ask = (region: RegionId, path: string) =>
    request.get(`http://127.0.0.1:${E2E_PORT}${path}`, { headers: { host: `${regionHost(region)}:${E2E_PORT}` }, maxRedirects: 0 })
  const counted = async () => {
    const text = await (await request.get(`http://127.0.0.1:${E2E_PORT}/api/metrics`)).text()
    return [...text.matchAll(/^spot_unconfirmed_pair_pages_total\{[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0)
  }
  // Live again after any earlier outage (its back-off is seconds; each language's list has its
  // own, so vi-VN may still be a cached copy when en is live): a live list's no is a 404.
  for (const [region, path] of unknown) {
    await expect(async () => expect((await ask(region, path)).status(), path).toBe(404)).toPass({ timeout: 40_000 })
  }
  // Down, then answering garbage: once past the reuse window the pages render from the cached copy.
  for (const fault of [{ kind: 'refuse' }, { kind: 'retCode', code: 10006, msg: 'Too many visits' }] as const) {
    await setFaults(LIST_ENDPOINTS.map((endpoint) => ({ host: 'main', endpoint, fault })))
    try {
      // Each language's list goes stale on its own once past its reuse window.
      for (const [region, path] of unknown) {
        await expect(async () => expect((await ask(region, path)).status(), `${fault.kind} ${path}`).toBe(503)).toPass({ timeout: 40_000 })
      }
      const before = await counted()
      for (const [region, path] of unknown) {
        const answer = await ask(region, path)
        expect(answer.status(), `${fault.kind} ${path}`).toBe(503)
        expect(answer.headers()['retry-after']).toBe('60')
        expect(answer.headers()['cache-control']).toContain('no-store')
        // Asked again: rendered again (nothing stored), and again a 503.
        expect((await ask(region, path)).status()).toBe(503)
      }
      expect(await counted()).toBe(before + 2 * unknown.length)
      // A real pair still renders from the cached copy.
      expect((await ask('main', '/en/trade/spot/ETH/USDT')).status()).toBe(200)
    } finally {
      await clearFaults()
    }
  }
})

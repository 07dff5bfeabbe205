import { expect, test } from '@playwright/test'
import { resetHits, simState } from './support/sim'

/**
 * The browser starts from the pair list embedded in the markets page (docs/decisions.md "The
 * browser starts from the embedded pair list"): its first revalidation is conditional and the
 * simulator serves a version hit and an empty delta, not the whole list again.
 */
const MARKETS = '/en'
const LIST = /\/spot\/api\/basic\/symbol_list_(v3|all|v2)/

type Answer = { url: URL; endpoint: string; wireBytes: number; result: Record<string, unknown> }

test('a markets page load asks the simulator for a version hit and an empty delta only', async ({ page, request }) => {
  test.setTimeout(90_000)
  // The served page must carry a live list (ISR may first serve the build's copy and regenerate).
  await expect
    .poll(async () => /data-state="live"/.test(await (await request.get(MARKETS)).text()), { timeout: 60_000, intervals: [1000] })
    .toBe(true)

  await resetHits()
  const answers: Promise<Answer>[] = []
  let html: Promise<{ decoded: number; wire: number }> | undefined
  page.on('requestfinished', (finished) => {
    const url = new URL(finished.url())
    if (finished.resourceType() === 'document') html = Promise.all([finished.response().then((r) => r!.body()), finished.sizes()]).then(([b, s]) => ({ decoded: b.length, wire: s.responseBodySize }))
    const match = LIST.exec(url.pathname)
    if (!match || finished.method() !== 'GET') return
    answers.push(
      Promise.all([finished.response().then((r) => r!.text()), finished.sizes()]).then(([body, sizes]) => ({
        url,
        endpoint: match[1] ?? '',
        wireBytes: sizes.responseBodySize + sizes.responseHeadersSize,
        result: (JSON.parse(body) as { result: Record<string, unknown> }).result,
      })),
    )
  })
  // What the browser asked, for the failure message.
  const seen: string[] = []
  page.on('request', (r) => void (LIST.test(r.url()) && seen.push(`${r.method()} ${r.url()}`)))
  page.on('requestfailed', (r) => void seen.push(`failed ${r.url()} ${r.failure()?.errorText}`))
  await page.goto(MARKETS)
  await expect
    .poll(() => answers.length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2)
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\nlist requests: ${seen.join('; ')}`)
    })
  await expect(page.getByTestId('provenance')).toHaveAttribute('data-state', 'live')
  const got = await Promise.all(answers)
  const hits = (await simState()).hits
  const listHits = Object.values(hits).reduce((n, host) => n + (host.symbol_list_v3 ?? 0) + (host.symbol_list_all ?? 0) + (host.symbol_list_v2 ?? 0), 0)
  const page_ = await html!
  console.log(
    `markets load: HTML ${page_.decoded} B (${page_.wire} B on the wire); list answers ${got.map((a) => `${a.endpoint} ${a.wireBytes} B ${a.url.search}`).join(', ')}; simulator list hits ${listHits}`,
  )

  expect(got.map((a) => a.endpoint).sort()).toEqual(['all', 'v3'])
  const v3 = got.find((a) => a.endpoint === 'v3')!
  const all = got.find((a) => a.endpoint === 'all')!
  expect(v3.url.searchParams.get('version')).toBeTruthy()
  expect(v3.result).not.toHaveProperty('quoteTokenResult') // a version hit: the seeded groups are kept
  expect(all.url.searchParams.get('last_modified_at')).toMatch(/^\d+$/)
  expect(all.result.quoteTokenSymbols).toEqual([])
  // Only the browser asked (the page was fresh): two requests, both small.
  expect(listHits).toBe(2)
  expect(v3.wireBytes + all.wireBytes).toBeLessThan(4000)
})

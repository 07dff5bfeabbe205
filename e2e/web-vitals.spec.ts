import { expect, test, type APIRequestContext } from '@playwright/test'
import { E2E_PORT } from '../playwright.config'
import { regionOrigin } from './support/hosts'

// Field performance through the client monitor (docs/decisions/client-wiring.md "Web vitals
// through the client monitor"). The e2e server reports every page view (WEB_VITALS_SAMPLE_RATE=1
// in playwright.config.ts).
const HK = regionOrigin('hk')
const site = `http://127.0.0.1:${E2E_PORT}`
const SERIES = {
  LCP: 'spot_web_vitals_seconds_count{metric="LCP",page_type="pair",region="hk"}',
  INP: 'spot_web_vitals_seconds_count{metric="INP",page_type="pair",region="hk"}',
  TTFB: 'spot_web_vitals_seconds_count{metric="TTFB",page_type="pair",region="hk"}',
  CLS: 'spot_web_vitals_cls_count{metric="CLS",page_type="pair",region="hk"}',
}
type Counts = Record<keyof typeof SERIES, number>

async function counts(request: APIRequestContext): Promise<Counts> {
  const lines = (await (await request.get(`${site}/api/metrics`)).text()).split('\n')
  const count = (series: string) =>
    Number(
      lines
        .find((line) => line.startsWith(`${series} `))
        ?.split(' ')
        .pop() ?? 0,
    )
  return { LCP: count(SERIES.LCP), INP: count(SERIES.INP), TTFB: count(SERIES.TTFB), CLS: count(SERIES.CLS) }
}

test('a page view in Chromium is one observation per metric, labelled pair and the host’s region', async ({ page, request }) => {
  test.setTimeout(60_000)
  const before = await counts(request)
  await page.goto(`${HK}/en-HK/trade/spot/BTC/USDT`)
  await expect(page.locator('h1')).toHaveText('BTC/USDT')
  // TTFB is reported as soon as web-vitals runs (its chunk loads after hydration) and leaves
  // with the monitor's next batch: once it is counted, the library is listening.
  await expect.poll(async () => (await counts(request)).TTFB, { timeout: 20_000 }).toBe(before.TTFB + 1)
  await page.locator('h1').click() // INP needs an interaction; it also ends LCP
  await page.waitForTimeout(500)
  await page.goto('about:blank') // hiding the page reports INP and CLS; the monitor flushes them with a beacon
  const expected = { LCP: before.LCP + 1, INP: before.INP + 1, TTFB: before.TTFB + 1, CLS: before.CLS + 1 }
  await expect.poll(() => counts(request), { timeout: 15_000 }).toEqual(expected)
  await page.waitForTimeout(1000)
  expect(await counts(request)).toEqual(expected) // and nothing more arrives later
})

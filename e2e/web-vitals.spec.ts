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

/** Batches the collector has taken in, whatever became of them (every outcome). */
async function batchesReceived(request: APIRequestContext): Promise<number> {
  const lines = (await (await request.get(`${site}/api/metrics`)).text()).split('\n')
  return lines.filter((line) => line.startsWith('spot_client_monitor_batches_total{')).reduce((sum, line) => sum + Number(line.split(' ').pop()), 0)
}

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
  const batchesBefore = await batchesReceived(request)
  // Every batch the page sends (fetch or beacon) is counted here as it leaves.
  let sent = 0
  page.context().on('request', (r) => void (r.method() === 'POST' && new URL(r.url()).pathname === '/api/monitor' && sent++))
  await page.goto(`${HK}/en-HK/trade/spot/BTC/USDT`)
  await expect(page.locator('h1')).toHaveText('BTC/USDT')
  // TTFB is reported as soon as web-vitals runs (its chunk loads after hydration) and leaves
  // with the monitor's next batch: once it is counted, the library is listening.
  await expect.poll(async () => (await counts(request)).TTFB, { timeout: 20_000 }).toBe(before.TTFB + 1)
  // web-vitals takes an interaction's entries in the next idle period; a page hidden before that
  // reports no INP (its hidden handler runs first and finds none). The test leaves after an idle
  // callback posted behind web-vitals' own: from an observer notified after its observer, in the
  // same task, for the same entry.
  await page.evaluate(() => {
    const w = window as { idleAfterInput?: boolean }
    new PerformanceObserver((_list, observer) => {
      observer.disconnect()
      requestIdleCallback(() => (w.idleAfterInput = true))
    }).observe({ type: 'first-input' })
  })
  await page.locator('h1').click() // INP needs an interaction; it also ends LCP
  await expect.poll(() => page.evaluate(() => (window as { idleAfterInput?: boolean }).idleAfterInput === true)).toBe(true)
  await page.goto('about:blank') // hiding the page reports INP and CLS; the monitor flushes them with a beacon
  const expected = { LCP: before.LCP + 1, INP: before.INP + 1, TTFB: before.TTFB + 1, CLS: before.CLS + 1 }
  await expect.poll(() => counts(request), { timeout: 15_000 }).toEqual(expected)
  // Nothing more arrives later: the page is gone, and every batch it sent has reached the collector.
  await expect.poll(() => batchesReceived(request), { timeout: 15_000 }).toBeGreaterThanOrEqual(batchesBefore + sent)
  expect(await counts(request)).toEqual(expected)
})

import { expect, test, type APIRequestContext } from '@playwright/test'
import { E2E_PORT } from '../playwright.config'
import { regionOrigin } from './support/hosts'
import { requestListOnLoad } from './support/list-request'

// The client monitor's collector, /api/monitor, on the e2e server (its bounds behind a
// trusted proxy: monitor.spec.ts).
const TR = regionOrigin('tr')
const site = `http://127.0.0.1:${E2E_PORT}`

async function eventsCounted(request: APIRequestContext): Promise<number> {
  const text = await scrape(request)
  return text
    .split('\n')
    .filter((line) => line.startsWith('spot_client_monitor_events_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0)
}

/**
 * Reads the metrics as Prometheus does, which retries a scrape: a kept-alive connection the server
 * closed as the request went out answers ECONNRESET (seen once in CI). Any other error, or a third
 * reset, fails with what it last saw.
 */
async function scrape(request: APIRequestContext): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await (await request.get(`${site}/api/metrics`)).text()
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('ECONNRESET')) throw error
    }
  }
}

test('the collector receives batched events from the page', async ({ page, request }) => {
  await requestListOnLoad(page)
  const before = await eventsCounted(request)
  // The page queues its first event (symbol_list_loaded) as its first symbol-list revalidation
  // ends, before it shows that load's list: the test leaves once the page shows it (the list's
  // time differs from the server-rendered one), not at a fixed time after the answer.
  const served = await page.goto(`${TR}/en-TR`)
  const renderedAt = /data-fetched-at="(\d+)"/.exec((await served?.text()) ?? '')?.[1]
  expect(renderedAt).toBeTruthy()
  await expect(page.getByTestId('provenance')).toHaveAttribute('data-source', 'v3+all')
  await expect(page.getByTestId('provenance')).not.toHaveAttribute('data-fetched-at', renderedAt!, { timeout: 30_000 })
  await page.goto('about:blank') // pagehide flushes the queue with a beacon
  await expect.poll(() => eventsCounted(request), { timeout: 10_000 }).toBeGreaterThan(before)
})

test('the collector refuses malformed, oversized and non-JSON batches', async ({ request }) => {
  const url = `${site}/api/monitor`
  expect((await request.post(url, { data: { events: [{ type: 'event', name: 'x', at: 1, extra: true }] } })).status()).toBe(400)
  expect((await request.post(url, { data: 'not json', headers: { 'content-type': 'application/json' } })).status()).toBe(400)
  expect((await request.post(url, { data: 'x'.repeat(40_000), headers: { 'content-type': 'text/plain' } })).status()).toBe(413)
  expect((await request.post(url, { data: { events: [{ type: 'incident', code: 11511509, at: 1 }] } })).status()).toBe(204)
})

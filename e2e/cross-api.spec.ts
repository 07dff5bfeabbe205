import { expect, test } from '@playwright/test'
import { sim } from '../playwright.config'
import { SIM_HOSTS } from '../simulator/contract'
import { regionOrigin } from './support/hosts'
import { requestListOnLoad, V3 } from './support/list-request'
import { openNetworkPanel } from './support/network-panel'
import { resetHits, simState } from './support/sim'

// The fe.crossApi flag from the page's side; the /x-api proxy itself: x-api.spec.ts.
const TR = regionOrigin('tr')

test('the fe.crossApi flag sends symbol-list requests through the site’s own /x-api', async ({ page }) => {
  await requestListOnLoad(page)
  await page.addInitScript(() => localStorage.setItem('fe.crossApi', 'true'))
  const request = page.waitForRequest((r) => r.url().includes(V3))
  await page.goto(`${TR}/en-TR`)
  expect(new URL((await request).url()).origin + new URL((await request).url()).pathname).toBe(`${TR}/x-api${V3}`)
  await expect(page.getByTestId('provenance')).toHaveAttribute('data-source', 'v3+all')
})

test('with the flag on, no browser request, socket or probe reaches a direct host, and the price moves by polling /x-api', async ({ page }) => {
  // docs/decisions/client-wiring.md "fe.crossApi", "Market data through the request client".
  await page.addInitScript(() => localStorage.setItem('fe.crossApi', 'true'))
  const direct = SIM_HOSTS.map((host) => sim(host))
  const reached: string[] = []
  page.on('request', (r) => {
    // Pair icons are images from the icon host: not API calls.
    if (r.resourceType() !== 'image' && direct.includes(new URL(r.url()).origin)) reached.push(r.url())
  })
  page.on('websocket', (ws) => reached.push(ws.url()))
  await resetHits()
  const polled = page.waitForResponse((r) => r.url() === `${TR}/x-api/v5/market/tickers?category=spot&symbol=BTCUSDT` && r.ok(), { timeout: 15_000 })
  const candles = page.waitForResponse((r) => r.url().startsWith(`${TR}/x-api/v5/market/kline?category=spot&symbol=BTCUSDT&interval=60`) && r.ok(), {
    timeout: 15_000,
  })
  await page.goto(`${TR}/en-TR/trade/spot/BTC/USDT`)
  await Promise.all([polled, candles])
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-state', 'preview')
  // The simulator's price moves every second; the next polls through /x-api show it.
  const first = await page.getByTestId('last-price').textContent()
  await expect(page.getByTestId('last-price')).not.toHaveText(first ?? '', { timeout: 15_000 })
  await openNetworkPanel(page)
  await expect(page.getByTestId('route-host')).toHaveAttribute('data-host', 'x-api')
  expect(reached).toEqual([])
  // What only a browser asks (probes, the whitelist, sockets) never reached any host.
  const { hits } = await simState()
  const browserOnly = SIM_HOSTS.flatMap((host) => ['t1', 'getproxy', 'hats_t1', 'ws'].map((endpoint) => [`${host} ${endpoint}`, hits[host]?.[endpoint] ?? 0]))
  expect(browserOnly.filter(([, count]) => count !== 0)).toEqual([])
})

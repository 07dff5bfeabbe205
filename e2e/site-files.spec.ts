import { expect, test, type APIRequestContext } from '@playwright/test'
import { E2E_PORT } from '../playwright.config'
import type { RegionId } from '../lib/regions/regions'
import { regionHost, regionOrigin } from './support/hosts'

// The site's icon, web manifest and error pages (docs/decisions/pages.md "Icon and web manifest",
// "Error pages").

/** Node cannot resolve *.localhost: plain HTTP goes to 127.0.0.1 with the region's Host header. */
const getAs = (request: APIRequestContext, region: RegionId, path: string, options: { maxRedirects?: number } = {}) =>
  request.get(`http://127.0.0.1:${E2E_PORT}${path}`, { headers: { host: `${regionHost(region)}:${E2E_PORT}` }, ...options })

test('the layout links the SVG icon and an ICO, and /favicon.ico is that icon', async ({ page, request }) => {
  await page.goto(`${regionOrigin('nl')}/nl-NL`)
  await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute('href', '/favicon.svg')
  await expect(page.locator('link[rel="icon"][sizes]')).toHaveAttribute('href', '/favicon.ico')
  const svg = await getAs(request, 'nl', '/favicon.svg')
  expect(svg.status()).toBe(200)
  expect(svg.headers()['content-type']).toContain('image/svg+xml')

  const ico = await getAs(request, 'nl', '/favicon.ico', { maxRedirects: 0 })
  expect(ico.status()).toBe(200)
  expect(ico.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/)
  const bytes = await ico.body()
  // ICONDIR: reserved 0, type 1 (icon), then the number of images (16, 32 and 48 px).
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3])
})

test('the layout links a web manifest: valid JSON with a name and icons that load', async ({ page, request }) => {
  await page.goto(`${regionOrigin('tr')}/tr-TUR`)
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  const response = await getAs(request, 'tr', href!)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('application/manifest+json')
  const manifest = JSON.parse(await response.text())
  expect(manifest).toMatchObject({ name: 'Spot Trading', start_url: '/' })
  expect(manifest.icons.length).toBeGreaterThan(0)
  for (const icon of manifest.icons) expect((await getAs(request, 'tr', icon.src)).status()).toBe(200)
})

test('a page that fails shows a translated error with a retry and a way back to the markets', async ({ page }) => {
  test.setTimeout(60_000)
  // A part of the page that never arrives (every lazily loaded chunk refused, each retry too) is a
  // render error: the page's error boundary replaces it (docs/decisions/pages.md "Chunks that fail
  // to load are fetched again", "Error pages"). An unknown pair no longer fails: it is a 404 or 503.
  const path = '/tr-TUR/trade/spot/BTC/USDT'
  // Node's side cannot resolve *.localhost: the HTML comes from 127.0.0.1 with the region's host.
  const html = await (await page.request.get(`http://127.0.0.1:${E2E_PORT}${path}`, { headers: { host: `${regionHost('tr')}:${E2E_PORT}` } })).text()
  const chunks = '**/_next/static/chunks/*.js'
  await page.route(chunks, (route) => (html.includes(new URL(route.request().url()).pathname) ? route.continue() : route.abort('connectionreset')))
  await page.goto(`${regionOrigin('tr')}${path}`)
  const error = page.getByTestId('page-error')
  await expect(error.locator('h1')).toHaveText('Bir şeyler ters gitti.', { timeout: 40_000 })
  await expect(error.getByRole('button', { name: 'Tekrar dene' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr-TR')
  const back = error.getByRole('link', { name: 'Piyasalara git' })
  await expect(back).toHaveAttribute('href', '/tr-TUR')
  await page.unroute(chunks)
  await back.click()
  await expect(page).toHaveURL(`${regionOrigin('tr')}/tr-TUR`)
  await expect(page.getByTestId('market-table')).toBeVisible()
})

import { expect, test } from '@playwright/test'

test('the site serves a page in Chromium', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.locator('h1')).toBeVisible()
})

test('/x-api is proxied to the configured upstream, not to the Host header', async ({ request }) => {
  const response = await request.get('/x-api/spot/api/basic/symbol_list_v2', { headers: { host: 'evil.example' } })
  expect(response.status()).toBe(200)
  const body = await response.json()
  expect(body.ret_code).toBe(0)
  expect(Array.isArray(body.result.quoteTokenResult)).toBe(true)
})

test('/x-api refuses a path that would leave the upstream origin (only exact browser-layer paths are proxied)', async ({ request }) => {
  const response = await request.get('/x-api/%2F%2Fevil.example/t1')
  expect(response.status()).toBe(404)
})

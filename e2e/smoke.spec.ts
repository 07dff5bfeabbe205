import { createServer, type Server } from 'node:http'
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_PORTS } from '../playwright.config'
import { LANGUAGES } from '../lib/i18n/languages'
import { REGIONS } from '../lib/regions/regions'
import { simState } from './support/sim'

/** A port of this checkout's own range (E2E_PORT_OFFSET), for the trap server below. */
const TRAP_PORT = E2E_PORTS.own
const V2 = '/spot/api/basic/symbol_list_v2'

test('the site serves the main region’s page in Chromium', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  // baseURL is the main host: the page must be main's, in main's default language.
  await expect(page.locator('body')).toHaveAttribute('data-region', 'main')
  await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGES[REGIONS.main.defaultLanguage].locale)
  await expect(page.locator('h1')).toBeVisible()
})

test.describe('/x-api', () => {
  // A real server the Host header names: were /x-api proxied to the Host, this would answer.
  let trap: Server
  const trapped: string[] = []
  test.beforeAll(async () => {
    trap = createServer((req, res) => {
      trapped.push(`${req.method} ${req.url}`)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ ret_code: 0, ret_msg: 'trap', result: { quoteTokenResult: [] } }))
    })
    await new Promise<void>((resolve) => trap.listen(TRAP_PORT, '127.0.0.1', resolve))
  })
  test.afterAll(() => new Promise<void>((resolve) => trap.close(() => resolve())))

  test('is proxied to the configured upstream, never to the Host header', async ({ request }) => {
    const hitsBefore = (await simState()).hits.main?.symbol_list_v2 ?? 0
    const response = await request.get(`http://127.0.0.1:${E2E_PORT}/x-api${V2}`, { headers: { host: `127.0.0.1:${TRAP_PORT}` } })
    expect(response.status()).toBe(200)
    const body = await response.json()
    expect(body.ret_code).toBe(0)
    expect(body.result.quoteTokenResult.length).toBeGreaterThan(0)
    expect(trapped).toEqual([])
    // The configured upstream (the simulator's main host) answered this very request.
    expect(((await simState()).hits.main?.symbol_list_v2 ?? 0) - hitsBefore).toBe(1)
  })

  test('refuses a path that would leave the upstream origin (only exact browser-layer paths are proxied)', async ({ request }) => {
    const response = await request.get(`http://127.0.0.1:${E2E_PORT}/x-api/%2F%2F127.0.0.1:${TRAP_PORT}/t1`)
    expect(response.status()).toBe(404)
    expect(trapped).toEqual([])
  })
})

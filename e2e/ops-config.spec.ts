import { expect, test } from '@playwright/test'
import { E2E_PORTS, e2eEnv, sim } from '../playwright.config'
import { loadSiteConfig } from '../lib/regions/config'
import { REGIONS } from '../lib/regions/regions'
import { regionHost } from './support/hosts'
import { startNext, startNextExpectingFailure } from '../scripts/support/next-server'

const opsPort = E2E_PORTS.spec.opsConfig

// The same build, restarted with other ops variables: behaviour changes with no `next build`.
test('REGION_* variables switch a region off and move a region to a new host, without a rebuild', async ({ browser }) => {
  const opsEnv = { REGION_TR_ENABLED: 'false', REGION_HK_HOSTS: 'hongkong.localhost', API_BASE_URL: sim('main') }
  // Where the product itself says the moved region now lives (not a hand-typed copy).
  const moved = loadSiteConfig({ ...e2eEnv, ...opsEnv, PORT: String(opsPort) }).regions.hk
  expect(moved.hosts).toEqual(['hongkong.localhost'])
  const server = await startNext(opsPort, opsEnv)
  try {
    const context = await browser.newContext({ locale: 'fr-FR' })
    const page = await context.newPage()
    await page.goto(`http://${regionHost('tr')}:${opsPort}/`)
    await expect(page.locator('body')).toHaveAttribute('data-region', 'main')
    await page.goto(`${moved.publicUrl}/`)
    await expect(page.locator('body')).toHaveAttribute('data-region', 'hk')
    await expect(page).toHaveURL(`${moved.publicUrl}/${REGIONS.hk.defaultLanguage}`)
    // hk's default host is no longer hk's: it is served as main.
    await page.goto(`http://${regionHost('hk')}:${opsPort}/`)
    await expect(page.locator('body')).toHaveAttribute('data-region', 'main')
    await context.close()
  } finally {
    await server.stop()
  }
})

test('a bad value stops the server at start, naming the variable and the value', async () => {
  const result = await startNextExpectingFailure(E2E_PORTS.spec.badConfig, { REGION_TR_API_HOSTS: 'not a url' })
  expect(result.code).not.toBe(0)
  expect(result.output).toContain('REGION_TR_API_HOSTS')
  expect(result.output).toContain('not a url')
})

test('a bad server setting (LOG_LEVEL) stops the server at start too, naming it', async () => {
  const result = await startNextExpectingFailure(E2E_PORTS.spec.badConfig, { LOG_LEVEL: 'loud' })
  expect(result.code).not.toBe(0)
  expect(result.output).toContain('LOG_LEVEL="loud"')
})

import { expect, test } from '@playwright/test'
import { startNext, startNextExpectingFailure } from './support/next-server'

// The same build, restarted with other ops variables: behaviour changes with no `next build`.
test('REGION_* variables switch a region off and move a region to a new host, without a rebuild', async ({ browser }) => {
  const server = await startNext(3101, {
    REGION_TR_ENABLED: 'false',
    REGION_HK_HOSTS: 'hongkong.localhost',
    API_BASE_URL: process.env.API_BASE_URL ?? 'http://127.0.0.1:4110',
  })
  try {
    const context = await browser.newContext({ locale: 'fr-FR' })
    const page = await context.newPage()
    await page.goto('http://tr.localhost:3101/')
    await expect(page.locator('body')).toHaveAttribute('data-region', 'main')
    await page.goto('http://hongkong.localhost:3101/')
    await expect(page.locator('body')).toHaveAttribute('data-region', 'hk')
    await expect(page).toHaveURL('http://hongkong.localhost:3101/en-HK')
    await page.goto('http://hk.localhost:3101/')
    await expect(page.locator('body')).toHaveAttribute('data-region', 'main')
    await context.close()
  } finally {
    await server.stop()
  }
})

test('a bad value stops the server at start, naming the variable and the value', async () => {
  const result = await startNextExpectingFailure(3102, { REGION_TR_API_HOSTS: 'not a url' })
  expect(result.code).not.toBe(0)
  expect(result.output).toContain('REGION_TR_API_HOSTS')
  expect(result.output).toContain('not a url')
})

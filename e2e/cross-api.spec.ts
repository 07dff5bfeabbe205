import { expect, test } from '@playwright/test'
import { regionOrigin } from './support/hosts'
import { requestListOnLoad, V3 } from './support/list-request'

// The fe.crossApi flag from the page's side; the /x-api proxy itself: x-api.spec.ts.
const TR = regionOrigin('tr')

test('the fe.crossApi flag sends pair-list requests through the site’s own /x-api', async ({ page }) => {
  await requestListOnLoad(page)
  await page.addInitScript(() => localStorage.setItem('fe.crossApi', 'true'))
  const request = page.waitForRequest((r) => r.url().includes(V3))
  await page.goto(`${TR}/en-TR`)
  expect(new URL((await request).url()).origin + new URL((await request).url()).pathname).toBe(`${TR}/x-api${V3}`)
  await expect(page.getByTestId('provenance')).toHaveAttribute('data-source', 'v3+all')
})

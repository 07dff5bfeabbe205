import { expect, test } from '@playwright/test'
import { sim } from '../playwright.config'
import { regionOrigin } from './support/hosts'
import { nextV3Host, requestListOnLoad } from './support/list-request'
import { setFaults } from './support/sim'
import { resetSim } from './support/sim-reset'
import { openNetworkPanel } from './support/network-panel'

// The fast path (README "How a request flows"): the getproxy whitelist lets the browser's
// symbol-list requests go through the simulator's fastPath host.
const TR = regionOrigin('tr')

test.afterEach(resetSim)

test('a whitelisted user’s symbol-list requests go through the fast-path host', async ({ page }) => {
  await requestListOnLoad(page)
  const request = nextV3Host(page)
  await page.goto(`${TR}/en-TR`)
  expect(await request).toBe(sim('fastPath'))
  await openNetworkPanel(page)
  await expect(page.getByTestId('fast-path-state')).toHaveAttribute('data-state', 'whitelist')
  await expect(page.getByTestId('provenance')).toHaveAttribute('data-source', 'v3+all')
})

test('getproxy res_code 8 keeps requests direct', async ({ page }) => {
  await requestListOnLoad(page)
  await setFaults([{ host: '*', endpoint: 'getproxy', fault: { kind: 'proxyRes', resCode: 8 } }])
  const request = nextV3Host(page)
  await page.goto(`${TR}/en-TR`)
  expect(await request).toBe(sim('main'))
  await openNetworkPanel(page)
  await expect(page.getByTestId('fast-path-state')).toHaveAttribute('data-state', 'off')
})

test('killing the fast-path host switches the fast path off and requests keep working', async ({ page }) => {
  await requestListOnLoad(page)
  let request = nextV3Host(page)
  await page.goto(`${TR}/en-TR`)
  expect(await request).toBe(sim('fastPath'))
  await setFaults([{ host: 'fastPath', endpoint: '*', fault: { kind: 'refuse' } }])
  await openNetworkPanel(page)
  // The next probe round (10 s after start, ±10 %) finds the host gone and drops the route. The
  // page's clock is installed (requestListOnLoad): run it to that round instead of waiting for it.
  await page.clock.fastForward(11_000)
  await expect(page.getByTestId('fast-path-state')).toHaveAttribute('data-route', '', { timeout: 10_000 })
  request = nextV3Host(page)
  await page.reload()
  expect(await request).toBe(sim('main'))
  await expect(page.getByTestId('provenance')).toHaveAttribute('data-source', 'v3+all')
})

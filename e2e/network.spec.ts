import { expect, test, type Page } from '@playwright/test'
import { E2E_PORT, sim } from '../playwright.config'
import { REQUIRED_APP_VERSION } from '../lib/webview/detect'
import { SIM_HOSTS } from '../simulator/contract'
import en from '../messages/en.json'
import tr from '../messages/tr.json'
import { regionOrigin } from './support/hosts'
import { clearFaults, setFaults, setLatency } from './support/sim'
import { ageEmbeddedList } from './support/clock'

const SIM = { main: sim('main'), alt1: sim('alt1'), alt2: sim('alt2'), fastPath: sim('fastPath') }
const TR = regionOrigin('tr')
const V3 = '/spot/api/basic/symbol_list_v3'

/** The host the page's next pair-list request goes to. */
function nextV3Host(page: Page): Promise<string> {
  return page.waitForRequest((r) => r.url().includes(V3), { timeout: 10_000 }).then((r) => new URL(r.url()).origin)
}

const fastPathOff = { host: '*' as const, endpoint: 'getproxy' as const, fault: { kind: 'proxyRes' as const, resCode: 3 } }

test.afterEach(async () => {
  await clearFaults()
  for (const host of SIM_HOSTS) await setLatency(host, 5)
})

test('automatic mode moves client API calls to the fastest host, and moves again when latencies change', async ({ page }) => {
  await ageEmbeddedList(page) // the page's first list request is what this test watches
  await setFaults([fastPathOff]) // this test is about the route chooser alone
  await setLatency('main', 400)
  await setLatency('alt2', 400)
  await page.goto(`${TR}/en-TR`)
  await expect(page.getByTestId('route-host')).toHaveAttribute('data-host', 'alt1', { timeout: 10_000 })
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('route_chosen_v2') ?? '{}'))).toMatchObject({ site: 'tr', mode: 'auto', host: 'alt1' })
  let request = nextV3Host(page)
  await page.reload()
  expect(await request).toBe(SIM.alt1)

  await setLatency('alt1', 600)
  await setLatency('alt2', 5)
  await page.getByTestId('network-panel').locator('summary').click()
  await page.getByTestId('probe-now').click()
  await expect(page.getByTestId('route-host')).toHaveAttribute('data-host', 'alt2', { timeout: 10_000 })
  request = nextV3Host(page)
  await page.reload()
  expect(await request).toBe(SIM.alt2)
})

test('a clicked route radio is checked at once: the panel renders the choice in the click, not after it', async ({ page }) => {
  await setFaults([fastPathOff])
  await page.goto(`${TR}/en-TR`)
  await page.getByTestId('network-panel').locator('summary').click()
  await expect(page.getByTestId('route-host')).toHaveAttribute('data-mode', 'auto')
  // Read in the same task as the click: a radio rendered from a deferred snapshot is put back
  // to unchecked by React at the end of the click, until the deferred render lands.
  const checkedAfterClick = await page.getByTestId('route-mode-alt2').evaluate((el: HTMLInputElement) => {
    el.click()
    return el.checked
  })
  expect(checkedAfterClick).toBe(true)
  await expect(page.getByTestId('route-host')).toHaveAttribute('data-mode', 'alt2')
})

test('a manual choice sends client API calls to that host', async ({ page }) => {
  await ageEmbeddedList(page) // the page's first list request is what this test watches
  await setFaults([fastPathOff])
  await page.goto(`${TR}/en-TR`)
  await page.getByTestId('network-panel').locator('summary').click()
  await page.getByTestId('route-mode-alt2').check()
  await expect(page.getByTestId('route-host')).toHaveAttribute('data-mode', 'alt2')
  const request = nextV3Host(page)
  await page.reload()
  expect(await request).toBe(SIM.alt2)
})

test('a route_chosen_v2 value saved for another site is dropped', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem('route_chosen_v2', JSON.stringify({ site: 'hk', mode: 'alt2', host: 'alt2', savedAt: Date.now() }))
    }
  })
  await page.goto(`${TR}/en-TR`)
  // The seed really ran before the page's code (else "auto" would be the default, not a drop).
  expect(await page.evaluate(() => sessionStorage.getItem('seeded'))).toBe('1')
  await expect(page.getByTestId('route-host')).toHaveAttribute('data-mode', 'auto')
  const saved = await page.evaluate(() => localStorage.getItem('route_chosen_v2'))
  expect(saved === null || JSON.parse(saved).site === 'tr').toBe(true)
})

test('a whitelisted user’s pair-list requests go through the fast-path host', async ({ page }) => {
  await ageEmbeddedList(page) // the page's first list request is what this test watches
  const request = nextV3Host(page)
  await page.goto(`${TR}/en-TR`)
  expect(await request).toBe(SIM.fastPath)
  await expect(page.getByTestId('fast-path-state')).toHaveAttribute('data-state', 'whitelist')
  await expect(page.getByTestId('provenance')).toHaveAttribute('data-source', 'v3+all')
})

test('getproxy res_code 8 keeps requests direct', async ({ page }) => {
  await ageEmbeddedList(page) // the page's first list request is what this test watches
  await setFaults([{ host: '*', endpoint: 'getproxy', fault: { kind: 'proxyRes', resCode: 8 } }])
  const request = nextV3Host(page)
  await page.goto(`${TR}/en-TR`)
  expect(await request).toBe(SIM.main)
  await expect(page.getByTestId('fast-path-state')).toHaveAttribute('data-state', 'off')
})

test('killing the fast-path host switches the fast path off and requests keep working', async ({ page }) => {
  await ageEmbeddedList(page) // the page's first list request is what this test watches
  let request = nextV3Host(page)
  await page.goto(`${TR}/en-TR`)
  expect(await request).toBe(SIM.fastPath)
  await setFaults([{ host: 'fastPath', endpoint: '*', fault: { kind: 'refuse' } }])
  // The next probe round (10 s after start) finds the host gone and drops the route.
  await expect(page.getByTestId('fast-path-state')).toHaveAttribute('data-route', '', { timeout: 20_000 })
  request = nextV3Host(page)
  await page.reload()
  expect(await request).toBe(SIM.main)
  await expect(page.getByTestId('provenance')).toHaveAttribute('data-source', 'v3+all')
})

/** The notice as the product's own message files word it. */
const requiredNotice = (messages: typeof en) => messages.Webview.required.replace('{version}', REQUIRED_APP_VERSION)

const UA = (version: string) => `Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36 BybitApp/${version}`

test('webview 3.1.1: the bridge call shows the "open in the app" notice instead of breaking', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: UA('3.1.1') })
  const page = await context.newPage()
  await page.addInitScript(() => {
    const calls: unknown[] = []
    ;(window as unknown as { bridgeCalls: unknown[] }).bridgeCalls = calls
    ;(window as unknown as { bybitBridge: unknown }).bybitBridge = { call: (method: string) => calls.push(method) }
  })
  await page.goto(`${TR}/en-TR/trade/spot/BTC/USDT`)
  await page.getByTestId('open-in-app').click()
  await expect(page.getByTestId('webview-notice')).toHaveText(requiredNotice(en))
  // A too-old app's bridge is never called (recorded, not assumed).
  expect(await page.evaluate(() => (window as unknown as { bridgeCalls: unknown[] }).bridgeCalls)).toEqual([])
  await context.close()
})

test('webview 3.1.2: the bridge is called, translated notice absent', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: UA('3.1.2') })
  const page = await context.newPage()
  await page.addInitScript(() => {
    const calls: unknown[] = []
    ;(window as unknown as { bridgeCalls: unknown[] }).bridgeCalls = calls
    ;(window as unknown as { bybitBridge: unknown }).bybitBridge = { call: (method: string, params: unknown) => calls.push({ method, params }) }
  })
  await page.goto(`${TR}/tr-TUR/trade/spot/BTC/USDT`)
  await page.getByTestId('open-in-app').click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { bridgeCalls: unknown[] }).bridgeCalls)).toEqual([{ method: 'openSpotTrade', params: { symbolId: 'BTCUSDT' } }])
  await expect(page.getByTestId('webview-notice')).toHaveCount(0)
  await context.close()
})

test('a phone browser (not the app) gets the notice in the page’s language', async ({ browser }) => {
  // A desktop browser is offered no app at all (docs/decisions.md "Open the app: phones only").
  const context = await browser.newContext({ userAgent: UA('x').replace(/ BybitApp\/x$/, '') })
  const page = await context.newPage()
  await page.goto(`${TR}/tr-TUR/trade/spot/BTC/USDT`)
  await page.getByTestId('open-in-app').click()
  // Exactly the Turkish message (not merely "not English").
  await expect(page.getByTestId('webview-notice')).toHaveText(requiredNotice(tr))
  await context.close()
})

test('a bridge that rejects or throws shows the generic notice and leaves no unhandled rejection', async ({ browser }) => {
  for (const failure of ['reject', 'throw'] as const) {
    const context = await browser.newContext({ userAgent: UA('3.1.2') })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.addInitScript((kind) => {
      const rejections: string[] = []
      ;(window as unknown as { rejections: string[] }).rejections = rejections
      window.addEventListener('unhandledrejection', (event) => rejections.push(String(event.reason)))
      const call = kind === 'reject' ? () => Promise.reject(new Error('cancelled by the user')) : () => { throw new Error('bridge broke') }
      ;(window as unknown as { bybitBridge: unknown }).bybitBridge = { call }
    }, failure)
    await page.goto(`${TR}/en-TR/trade/spot/BTC/USDT`)
    await page.getByTestId('open-in-app').click()
    await expect(page.getByTestId('webview-notice')).toHaveText(en.Errors.generic)
    // Give a stray rejection time to surface (it is reported after the microtask queue drains).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)))
    expect(await page.evaluate(() => (window as unknown as { rejections: string[] }).rejections)).toEqual([])
    expect(pageErrors).toEqual([])
    await context.close()
  }
})

test('the collector receives batched events from the page', async ({ page, request }) => {
  await ageEmbeddedList(page) // the page's first list request is what this test watches
  const before = await eventsCounted(request)
  // The page queues an event once its first pair-list revalidation is done (symbol_list_loaded).
  // A fixed 500 ms after the server-rendered provenance was sometimes too early on a loaded CI
  // machine: the page was left with nothing queued and the collector got nothing.
  const revalidated = page.waitForResponse((response) => response.url().includes('symbol_list_all'), { timeout: 30_000 })
  await page.goto(`${TR}/en-TR`)
  await expect(page.getByTestId('provenance')).toHaveAttribute('data-source', 'v3+all')
  await revalidated
  await page.waitForTimeout(1000)
  await page.goto('about:blank') // pagehide flushes the queue with a beacon
  await expect.poll(() => eventsCounted(request), { timeout: 10_000 }).toBeGreaterThan(before)
})

test('the collector refuses malformed, oversized and non-JSON batches', async ({ request }) => {
  const url = `http://127.0.0.1:${E2E_PORT}/api/monitor`
  expect((await request.post(url, { data: { events: [{ type: 'event', name: 'x', at: 1, extra: true }] } })).status()).toBe(400)
  expect((await request.post(url, { data: 'not json', headers: { 'content-type': 'application/json' } })).status()).toBe(400)
  expect((await request.post(url, { data: 'x'.repeat(40_000), headers: { 'content-type': 'text/plain' } })).status()).toBe(413)
  expect((await request.post(url, { data: { events: [{ type: 'incident', code: 11511509, at: 1 }] } })).status()).toBe(204)
})

async function eventsCounted(request: import('@playwright/test').APIRequestContext): Promise<number> {
  const text = await (await request.get(`http://127.0.0.1:${E2E_PORT}/api/metrics`)).text()
  return text
    .split('\n')
    .filter((line) => line.startsWith('spot_client_monitor_events_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0)
}

test('the fe.crossApi flag sends pair-list requests through the site’s own /x-api', async ({ page }) => {
  await ageEmbeddedList(page) // the page's first list request is what this test watches
  await page.addInitScript(() => localStorage.setItem('fe.crossApi', 'true'))
  const request = page.waitForRequest((r) => r.url().includes(V3))
  await page.goto(`${TR}/en-TR`)
  expect(new URL((await request).url()).origin + new URL((await request).url()).pathname).toBe(`${TR}/x-api${V3}`)
  await expect(page.getByTestId('provenance')).toHaveAttribute('data-source', 'v3+all')
})

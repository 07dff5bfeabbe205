import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_PORT } from '../playwright.config'
import { MARKET_DATA_TIMEOUT_MS, TICKER_POLL_MS } from '../lib/market-data/constants'
import { HEARTBEAT_MS } from '../lib/market-data/stream'
import { pauseSoon } from './support/clock'
import { regionOrigin } from './support/hosts'
import { openNetworkPanel } from './support/network-panel'
import { clearFaults, setFaults } from './support/sim'

// The price's honest live state (docs/decisions/client-wiring.md "An honest live state"): durations
// run on Playwright's page clock, paused once the page is live, so each is the page's own time.
const TR = regionOrigin('tr')
const PAIR = `${TR}/en-TR/trade/spot/BTC/USDT`
const fastPathOff = { host: '*' as const, endpoint: 'getproxy' as const, fault: { kind: 'proxyRes' as const, resCode: 3 } }

test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await clearFaults()
})

/** Opens the pair page with the page clock installed, waits until its prices are live and its chart drawn, then pauses the clock. */
async function openLive(page: Page, url = PAIR): Promise<void> {
  await page.clock.install()
  await page.goto(url)
  await expect(page.getByTestId('pair-price')).toHaveAttribute('data-live', 'live', { timeout: 15_000 })
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-state', 'preview', { timeout: 15_000 })
  await pauseSoon(page)
}

/**
 * Runs the paused page clock a second at a time until the prices are `state`, giving the network
 * real time to answer between steps (a step shorter than the market-data timeout never outruns a
 * request it sent); returns the page time it took, or throws with the state it last saw.
 */
async function runClockUntil(page: Page, state: 'live' | 'stale', limitMs: number): Promise<number> {
  const price = page.getByTestId('pair-price')
  for (let ran = 0; ; ran += 1_000) {
    const seen = await expect
      .poll(() => price.getAttribute('data-live'), { timeout: 1_000 })
      .toBe(state)
      .then(
        () => state,
        () => price.getAttribute('data-live'),
      )
    if (seen === state) return ran
    if (ran >= limitMs) throw new Error(`prices not ${state} after ${ran} ms of page time: last seen ${seen}`)
    await page.clock.runFor(1_000)
  }
}

/** Where the price block and the chart sit: marking them stale must move neither. */
async function layout(page: Page) {
  return Promise.all([page.getByTestId('pair-price').boundingBox(), page.getByTestId('price-chart').boundingBox()])
}

async function gapEventsCounted(request: APIRequestContext): Promise<number> {
  const text = await (await request.get(`http://127.0.0.1:${E2E_PORT}/api/metrics`)).text()
  const line = text.split('\n').find((l) => l.startsWith('spot_client_monitor_events_total{') && l.includes('code="market_data_gap"'))
  return line ? Number(line.split(' ').pop()) : 0
}

test('offline: price, change and chart are marked stale within 5 s and clear within 5 s of a fresh figure; one gap recorded', async ({
  page,
  context,
  request,
}) => {
  await setFaults([fastPathOff])
  const gapsBefore = await gapEventsCounted(request)
  await openLive(page)
  const price = page.getByTestId('pair-price')
  await expect(page.getByTestId('live-state')).toHaveText(/^Live · price as of .*\d\d:\d\d:\d\d UTC$/)
  // Gaps the page's start had (a loaded machine can starve it past a heartbeat) are not this test's.
  await openNetworkPanel(page)
  const gaps = page.getByTestId('price-gaps')
  const earlier = Number(await gaps.getAttribute('data-gaps'))
  const before = await layout(page)

  await context.setOffline(true)
  await page.clock.runFor(5_000)
  await expect(price).toHaveAttribute('data-live', 'stale')
  // The time is the last figure's, as shown beside the word.
  const shownAt = await page.getByTestId('price-time').textContent()
  await expect(page.getByTestId('live-state')).toHaveText(`Offline · ${shownAt}`)
  expect(shownAt).toMatch(/^price as of .*\d\d:\d\d:\d\d UTC$/)
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-live', 'stale')
  await expect(page.getByTestId('chart-stale')).toHaveText('Offline')
  // The symbol-list badge names the list, never the prices' state.
  await expect(page.getByTestId('provenance')).not.toContainText('Live ·')
  expect(await layout(page)).toEqual(before)
  // Offline for 20 s: still one gap, still the same mark.
  await page.clock.runFor(20_000)
  await expect(price).toHaveAttribute('data-live', 'stale')

  // Back online the page tries at once (socket, poll): the mark clears on the first fresh figure
  // with the page clock still paused, so within 5 s of page time, 0 ms here.
  const online = await page.evaluate(() => Date.now())
  await context.setOffline(false)
  await expect(price).toHaveAttribute('data-live', 'live', { timeout: 10_000 })
  expect((await page.evaluate(() => Date.now())) - online).toBeLessThanOrEqual(5_000)
  await expect(page.getByTestId('chart-stale')).toHaveCount(0)
  expect(await layout(page)).toEqual(before)

  // One gap for the whole offline period, in the panel and in the client monitor.
  await expect(gaps).toHaveAttribute('data-gaps', String(earlier + 1))
  await expect(gaps.locator('li').last()).toHaveAttribute('data-cause', 'offline')
  expect(Number(await gaps.locator('li').last().getAttribute('data-duration-ms'))).toBeGreaterThanOrEqual(25_000)
  await page.goto('about:blank') // the page leaves with its queued events in a beacon
  await expect.poll(() => gapEventsCounted(request), { timeout: 10_000 }).toBe(gapsBefore + earlier + 1)
})

test('a socket gone silent is marked stale within one heartbeat, and polling brings the figures back', async ({ page }) => {
  await setFaults([fastPathOff])
  let silent = false
  await page.routeWebSocket(/\/v5\/public\/spot$/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((message) => void (silent || server.send(message)))
    server.onMessage((message) => void (silent || ws.send(message)))
  })
  // The network answers nothing while silent: polls are held too.
  await page.route(/\/v5\/market\/tickers\?/, (route) => (silent ? undefined : route.continue()))
  await openLive(page)
  const price = page.getByTestId('pair-price')

  // Nothing more arrives from here (the last message came before): stale within one heartbeat.
  silent = true
  await page.clock.runFor(HEARTBEAT_MS)
  await expect(price).toHaveAttribute('data-live', 'stale')
  await expect(page.getByTestId('live-state')).toHaveText(/^Offline · price as of .*\d\d:\d\d:\d\d UTC$/)

  silent = false
  // The socket is gone: the next poll, within one interval, brings the figures back.
  expect(await runClockUntil(page, 'live', TICKER_POLL_MS + 1_000)).toBeLessThanOrEqual(TICKER_POLL_MS + 1_000)
  await openNetworkPanel(page)
  await expect(page.getByTestId('price-gaps').locator('li').last()).toHaveAttribute('data-cause', 'silent')
})

test('polling: a poll the network never answers marks the price stale within its timeout', async ({ page }) => {
  await setFaults([fastPathOff, { host: '*', endpoint: 'public_ws', fault: { kind: 'refuse' } }])
  let silent = false
  let held: () => void = () => {}
  const heldPoll = new Promise<void>((resolve) => (held = resolve))
  await page.route(/\/v5\/market\/tickers\?/, (route) => (silent ? held() : route.continue()))
  await openLive(page)
  const price = page.getByTestId('pair-price')

  silent = true
  // The next poll goes out within one interval; the network holds it.
  await page.clock.runFor(TICKER_POLL_MS)
  await heldPoll
  await page.clock.runFor(MARKET_DATA_TIMEOUT_MS)
  await expect(price).toHaveAttribute('data-live', 'stale')
  await expect(page.getByTestId('chart-stale')).toBeVisible()
})

test('right to left: the Arabic page says it in Arabic, the chart’s mark at its inline start', async ({ page, context }) => {
  await setFaults([fastPathOff])
  await openLive(page, `${regionOrigin('main')}/ar-SA/trade/spot/BTC/USDT`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await context.setOffline(true)
  await page.clock.runFor(5_000)
  await expect(page.getByTestId('live-state')).toHaveText(/^غير متصل · السعر في .*\d\d:\d\d:\d\d UTC$/)
  const [chart, mark] = await Promise.all([page.getByTestId('price-chart').boundingBox(), page.getByTestId('chart-stale').boundingBox()])
  expect(chart!.x + chart!.width - (mark!.x + mark!.width)).toBeLessThan(chart!.width / 4)
  await context.setOffline(false)
})

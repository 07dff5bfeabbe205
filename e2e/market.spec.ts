import { expect, test, type Page } from '@playwright/test'
import { sim } from '../playwright.config'
import { SIM_HOSTS } from '../simulator/contract'
import { regionHost, regionOrigin } from './support/hosts'
import { pauseSoon } from './support/clock'
import { getRaw } from './support/raw-http'
import { clearFaults, resetHits, setFaults, setLatency, simState } from './support/sim'
import { openNetworkPanel } from './support/network-panel'
import { MARKET_DATA_TIMEOUT_MS } from '../lib/market-data/constants'

// docs/decisions/pages.md "Prices on server-rendered pages" and docs/decisions/client-wiring.md "Live prices: websocket, else polling".
const TR = regionOrigin('tr')
const PAIR = '/en-TR/trade/spot/BTC/USDT'
const SIM = { main: sim('main'), alt1: sim('alt1'), alt2: sim('alt2'), fastPath: sim('fastPath') }
const wsOf = (origin: string) => `${origin.replace(/^http/, 'ws')}/v5/public/spot`
const fastPathOff = { host: '*' as const, endpoint: 'getproxy' as const, fault: { kind: 'proxyRes' as const, resCode: 3 } }
/** A price shown at the pair's step: grouped digits and exactly the step's decimals. */
async function priceAtStep(page: Page): Promise<RegExp> {
  const step = (await page.getByTestId('price-step').textContent())?.trim() ?? ''
  const places = step.includes('.') ? step.split('.')[1]!.length : 0
  return new RegExp(`^\\d{1,3}(,\\d{3})*${places ? `\\.\\d{${places}}` : ''}$`)
}

test.afterEach(async () => {
  await clearFaults()
  for (const host of SIM_HOSTS) await setLatency(host, 5)
})

/** The origin of the next public-websocket connection the page opens. */
const nextSocket = (page: Page) => page.waitForEvent('websocket', { predicate: (ws) => ws.url().endsWith('/v5/public/spot'), timeout: 15_000 })

test('the server-rendered pair page carries the price and its time without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const started = Date.now()
  // A page stored by an earlier run of this build (ISR keeps it across restarts) is served once more
  // while it regenerates: the page is asked for again until one carries a recent time.
  const priceTime = async () => {
    await page.goto(`${TR}${PAIR}`)
    return Date.parse((await page.getByTestId('price-time').getAttribute('datetime')) ?? '')
  }
  await expect.poll(priceTime, { timeout: 30_000 }).toBeGreaterThan(started - 10 * 60_000)
  await expect(page.getByTestId('last-price')).toHaveText(await priceAtStep(page))
  for (const stat of ['high', 'low', 'volume', 'turnover']) await expect(page.getByTestId(`stat-${stat}`)).not.toHaveText('—')
  await expect(page.locator('.pair-price .change')).toHaveText(/^[▲▼]? ?[+-]?\d+\.\d{2}%$/)
  await context.close()
})

test('live prices arrive over the chosen host’s websocket', async ({ page }) => {
  await setFaults([fastPathOff])
  const socket = nextSocket(page)
  await page.goto(`${TR}${PAIR}`)
  const ws = await socket
  expect([wsOf(SIM.main), wsOf(SIM.alt1), wsOf(SIM.alt2)]).toContain(ws.url())
  const pushed = await ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes('"topic":"tickers.BTCUSDT"'), timeout: 10_000 })
  const lastPrice = (JSON.parse(String(pushed.payload)) as { data: { lastPrice: string } }).data.lastPrice
  expect(lastPrice).toMatch(/^\d+\.\d+$/)
  const first = await page.getByTestId('last-price').textContent()
  await expect(page.getByTestId('last-price')).not.toHaveText(first ?? '', { timeout: 10_000 })
  await expect(page.getByTestId('last-price')).toHaveText(await priceAtStep(page))
})

test('with the fast path on, the market websocket goes through the fast-path host', async ({ page }) => {
  // The first socket may open at the API host while getproxy is still deciding; once the fast
  // path is on, the stream moves to its host.
  const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url() === wsOf(SIM.fastPath), timeout: 15_000 })
  await page.goto(`${TR}${PAIR}`)
  const ws = await socket
  await openNetworkPanel(page)
  await expect(page.getByTestId('fast-path-state')).toHaveAttribute('data-state', 'whitelist')
  await ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes('"topic":"tickers.BTCUSDT"'), timeout: 10_000 })
})

test('with the websocket refused, prices are polled through the chosen host', async ({ page }) => {
  await setFaults([fastPathOff, { host: '*', endpoint: 'public_ws', fault: { kind: 'refuse' } }])
  await setLatency('main', 400)
  await setLatency('alt2', 400)
  await page.goto(`${TR}/en-TR`)
  await openNetworkPanel(page)
  await expect(page.getByTestId('route-host')).toHaveAttribute('data-host', 'alt1', { timeout: 10_000 })
  const poll = page.waitForRequest((r) => r.url().includes('/v5/market/tickers?category=spot&symbol=BTCUSDT'), { timeout: 15_000 })
  await page.goto(`${TR}${PAIR}`)
  expect(new URL((await poll).url()).origin).toBe(SIM.alt1)
})

test('a route switch moves the market data traffic at once', async ({ page }) => {
  await setFaults([fastPathOff])
  // The page's first socket opens after hydration (its code is a chunk of its own): the switch is measured from there.
  const first = page.waitForEvent('websocket', { timeout: 15_000 })
  await page.goto(`${TR}${PAIR}`)
  await first
  await page.getByTestId('network-panel').locator('summary').click()
  const moved = nextSocket(page)
  await page.getByTestId('route-mode-alt2').check()
  const ws = await moved
  expect(ws.url()).toBe(wsOf(SIM.alt2))
  // The event fires when the socket is created: its first push shows the handshake is done, so the
  // refusal below cannot close it (which would start polling alt2 before the next switch).
  await ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes('"topic":"tickers.'), timeout: 10_000 })
  // Polling follows the route too: with sockets refused, the next poll goes to the new host.
  await setFaults([fastPathOff, { host: '*', endpoint: 'public_ws', fault: { kind: 'refuse' } }])
  const poll = page.waitForRequest((r) => r.url().includes('/v5/market/tickers?'), { timeout: 15_000 })
  await page.getByTestId('route-mode-alt1').check()
  expect(new URL((await poll).url()).origin).toBe(SIM.alt1)
})

test('an upstream ticker failure keeps the last good price on newly rendered pages', async () => {
  // A page rendered while tickers answer fills the server's last good tickers.
  const good = await getRaw(regionHost('tr'), '/en-TR/trade/spot/ETH/USDT')
  expect(good.body).toMatch(/data-testid="last-price">\d/)
  const checked = ['SOL', 'XRP', 'DOGE', 'ADA']
  const list = (await (await fetch(`${SIM.main}/v5/market/tickers?category=spot`)).json()) as { result: { list: { symbol: string }[] } }
  const others = list.result.list.flatMap(({ symbol }) => (symbol.endsWith('USDT') && !checked.includes(symbol.slice(0, -4)) ? [symbol.slice(0, -4)] : []))
  await setFaults([{ host: '*', endpoint: 'tickers', fault: { kind: 'status', status: 503 } }])
  await resetHits()
  // Past the server's reuse window (5 s) a render asks the failing upstream: other pairs' pages
  // render until the simulator has seen that request, rather than a sleep past the window.
  let next = 0
  await expect
    .poll(
      async () => {
        await getRaw(regionHost('tr'), `/en-TR/trade/spot/${others[next++ % others.length]}/USDT`)
        return (await simState()).hits.main?.tickers ?? 0
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBeGreaterThan(0)
  const pairs = checked.map((base) => `/en-TR/trade/spot/${base}/USDT`)
  for (const path of pairs) {
    const answer = await getRaw(regionHost('tr'), path)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatch(/data-testid="last-price">\d/)
  }
})

test('the markets page shows each row’s price, change and turnover, server-rendered', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${TR}/en-TR`)
  const row = page.locator('tr[data-symbol="BTCUSDT"]')
  await expect(row.getByTestId('row-price')).toHaveText(/^\d{1,3}(,\d{3})*\.\d$/)
  await expect(row.locator('.change')).toHaveText(/^[▲▼]? ?[+-]?\d+\.\d{2}%$/)
  await context.close()
})

test('the price chart draws candles from the chosen host, and loads the library on the first hover', async ({ page }) => {
  await setFaults([fastPathOff])
  const kline = page.waitForRequest((r) => r.url().includes('/v5/market/kline?category=spot&symbol=BTCUSDT&interval=60'), { timeout: 15_000 })
  const scripts: string[] = []
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()))
  await page.goto(`${TR}${PAIR}`)
  expect([SIM.main, SIM.alt1, SIM.alt2]).toContain(new URL((await kline).url()).origin)
  const chart = page.getByTestId('price-chart')
  // The preview: the candles as an SVG, no canvas, and no chart library requested however long the page stays.
  await expect(chart).toHaveAttribute('data-state', 'preview', { timeout: 15_000 })
  expect(Number(await chart.locator('svg.candle-preview').getAttribute('data-candles'))).toBeGreaterThan(20)
  await expect(chart.getByTestId('preview-last')).toHaveText(/^\d{1,3}(,\d{3})*\.\d$/)
  // The live candle moves the preview's last price (the simulator's prices move every push).
  const first = await chart.getByTestId('preview-last').textContent()
  await expect(chart.getByTestId('preview-last')).not.toHaveText(first ?? '', { timeout: 10_000 })
  const beforeTouch = scripts.length
  await expect(chart.locator('canvas')).toHaveCount(0)
  await chart.hover()
  await expect(chart).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
  await expect(chart.locator('canvas').first()).toBeVisible()
  await expect(chart.locator('svg.candle-preview')).toHaveCount(0)
  expect(scripts.length).toBeGreaterThan(beforeTouch)
  const other = page.waitForRequest((r) => r.url().includes('&interval=240&'), { timeout: 10_000 })
  await page.getByRole('button', { name: '4h' }).click()
  await other
})

test('a hung kline request ends in the chart’s error state within its timeout, and the retry draws the candles', async ({ page }) => {
  // docs/decisions/client-wiring.md "Market data through the request client".
  await setFaults([fastPathOff, { host: '*', endpoint: 'kline', fault: { kind: 'hang' } }])
  await page.clock.install()
  const asked = page.waitForRequest((r) => r.url().includes('/v5/market/kline?category=spot&symbol=BTCUSDT&interval=60'), { timeout: 15_000 })
  await page.goto(`${TR}${PAIR}`)
  await asked
  // From here the page's time moves only as the test says: the request's timeout is one of its timers.
  await pauseSoon(page)
  const chart = page.getByTestId('price-chart')
  await expect(chart).toHaveAttribute('data-state', 'loading')
  await page.clock.runFor(MARKET_DATA_TIMEOUT_MS)
  await expect(chart).toHaveAttribute('data-state', 'error')
  await expect(page.getByTestId('chart-error')).toContainText('The chart could not load.')
  await clearFaults()
  await page.clock.resume()
  await page.getByTestId('chart-error').getByRole('button', { name: 'Try again' }).click()
  await expect(chart).toHaveAttribute('data-state', 'preview', { timeout: 15_000 })
})

test('rise/fall colours: the region default, a user choice kept before the first paint, sign and arrow too', async ({ page }) => {
  await page.goto(`${TR}${PAIR}`)
  await expect(page.locator('html')).toHaveAttribute('data-updown', 'green-up')
  const change = page.locator('.pair-price .change')
  const colour = () => change.evaluate((el) => getComputedStyle(el).color)
  const css = (name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name)
  const direction = await change.getAttribute('data-direction')
  test.skip(direction === 'flat', 'no change to colour')
  await page.getByTestId('updown-switch').selectOption('red-up')
  await expect(page.locator('html')).toHaveAttribute('data-updown', 'red-up')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-updown', 'red-up')
  const expected = await css(direction === 'up' ? '--down' : '--up')
  expect(await colour()).toBe(
    await page.evaluate((c) => {
      const probe = document.createElement('span')
      probe.style.color = c
      document.body.append(probe)
      return getComputedStyle(probe).color
    }, expected),
  )
  await expect(change).toHaveText(direction === 'up' ? /^▲ \+/ : /^▼ -/)
})

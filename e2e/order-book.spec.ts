import { expect, test, type Page, type WebSocketRoute } from '@playwright/test'
import { sim } from '../playwright.config'
import { regionOrigin } from './support/hosts'
import { openNetworkPanel } from './support/network-panel'
import { clearFaults, setFaults } from './support/sim'

// issue 51: the pair page's order book and recent trades against the simulator (docs/decisions/pages.md
// "The order book and trades on the pair page"). Faults are played by a route in front of the real socket:
// it forwards everything, and holds the book's pushes or adds a message of its own when a test says so.
const MAIN = regionOrigin('main')
const PAIR = '/trade/spot/BTC/USDT'
const BOOK_TOPIC = 'orderbook.50.BTCUSDT'
const fastPathOff = { host: '*' as const, endpoint: 'getproxy' as const, fault: { kind: 'proxyRes' as const, resCode: 3 } }
const SHOTS = process.env.BOOK_SHOTS_DIR

test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await clearFaults()
})

type Row = [price: string, size: string, total: string]
/** The rows on screen, best first on both sides (the asks are drawn worst first, above the spread). */
async function bookRows(page: Page): Promise<{ bids: Row[]; asks: Row[]; spread: string }> {
  return page.evaluate(() => {
    const rows = (id: string) =>
      [...document.querySelectorAll(`[data-testid="${id}"] tbody tr`)]
        .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '') as Row)
        .filter((row) => row[0] !== '')
    return { bids: rows('book-bids'), asks: rows('book-asks').reverse(), spread: document.querySelector('[data-testid="book-spread"]')?.textContent ?? '' }
  })
}
const num = (text: string) => Number(text.replace(/,/g, ''))

/**
 * A route in front of the page's market sockets: forwards both ways; `hold` 'drop' drops the book's
 * pushes, 'queue' keeps them until `release()`; `inject` adds a message of the test's.
 */
function playSockets(page: Page) {
  const sockets: WebSocketRoute[] = []
  const fromPage: string[] = []
  const queued: [WebSocketRoute, string | Buffer][] = []
  const control = {
    hold: false as false | 'drop' | 'queue',
    sockets,
    fromPage,
    inject: (message: unknown) => sockets.at(-1)?.send(JSON.stringify(message)),
    release() {
      control.hold = false
      // Only the socket in use: the route of a closed one sends nowhere.
      for (const [ws, message] of queued.splice(0)) if (ws === sockets.at(-1)) ws.send(message)
    },
  }
  return page
    .routeWebSocket(/\/v5\/public\/spot$/, (ws) => {
      sockets.push(ws)
      const server = ws.connectToServer()
      ws.onMessage((message) => {
        fromPage.push(String(message))
        // The page asks for a fresh book: what the server sends from here is let through.
        if (String(message).includes('"unsubscribe"')) control.hold = false
        server.send(message)
      })
      server.onMessage((message) => {
        if (control.hold && String(message).includes(`"topic":"${BOOK_TOPIC}"`)) {
          if (control.hold === 'queue') queued.push([ws, message])
          return
        }
        ws.send(message)
      })
    })
    .then(() => control)
}

async function openBook(page: Page, lang = 'en'): Promise<void> {
  await page.goto(`${MAIN}/${lang}${PAIR}`)
  await expect(page.getByTestId('book-panel')).toHaveAttribute('data-state', 'live', { timeout: 15_000 })
}

test('the book and the trades draw from the socket and move; a grouping step regroups and is kept per pair', async ({ page }) => {
  await setFaults([fastPathOff])
  await page.setViewportSize({ width: 390, height: 844 })
  await openBook(page)
  const first = await bookRows(page)
  // At least 8 levels a side on a phone, best bid below best ask, the spread between them.
  expect(first.bids.length).toBeGreaterThanOrEqual(8)
  expect(first.asks.length).toBeGreaterThanOrEqual(8)
  expect(num(first.bids[0]![0])).toBeLessThan(num(first.asks[0]![0]))
  expect(first.spread).toMatch(/^Spread \d[\d,.]* \d+\.\d+%$/)
  // Cumulative totals grow away from the touch.
  expect(num(first.bids[7]![2])).toBeGreaterThan(num(first.bids[0]![2]))
  await expect.poll(async () => JSON.stringify(await bookRows(page)), { timeout: 5_000 }).not.toBe(JSON.stringify(first))

  // Trades: newest first, filled at once, then moving.
  await page.getByTestId('book-tab-trades').click()
  const tape = page.getByTestId('trade-tape').locator('tbody tr')
  await expect(tape.first().locator('td').first()).not.toHaveText('')
  const firstTrade = await tape.first().textContent()
  await expect(tape.first()).not.toHaveText(firstTrade ?? '', { timeout: 10_000 })
  await expect(tape.first()).toHaveAttribute('data-side', /^(buy|sell)$/)

  // Grouping at 10: every price a multiple of 10, bids rounded down, asks up; the step kept for this pair.
  await page.getByTestId('book-tab-book').click()
  await page.getByTestId('book-step').selectOption('10')
  await expect.poll(async () => (await bookRows(page)).bids.every(([price]) => num(price) % 10 === 0 && !price.includes('.'))).toBe(true)
  const grouped = await bookRows(page)
  expect(grouped.asks.every(([price]) => num(price) % 10 === 0)).toBe(true)
  expect(num(grouped.bids[0]![0])).toBeLessThan(num(grouped.asks[0]![0]))
  await page.reload()
  await expect(page.getByTestId('book-step')).toHaveValue('10')
  await page.goto(`${MAIN}/en/trade/spot/ETH/USDT`)
  await expect(page.getByTestId('book-step')).not.toHaveValue('10')
})

test('a u = 1 snapshot replaces the book; a crossed delta is never drawn and the book resubscribes for a fresh one', async ({ page }) => {
  await setFaults([fastPathOff])
  const sockets = await playSockets(page)
  await openBook(page)
  sockets.hold = 'drop'
  // A restart: u = 1 in a delta is a snapshot.
  sockets.inject({ topic: BOOK_TOPIC, type: 'delta', ts: Date.now(), data: { s: 'BTCUSDT', b: [['100.0', '2']], a: [['200.0', '3']], u: 1 } })
  await expect.poll(async () => (await bookRows(page)).bids.map((row) => row[0])).toEqual(['100.0'])
  expect((await bookRows(page)).asks).toEqual([['200.0', '3.000000', '3.000000']])
  // A delta that crosses the book (bid 300 over ask 200): not drawn; the page resubscribes on the same socket.
  sockets.inject({ topic: BOOK_TOPIC, type: 'delta', ts: Date.now(), data: { s: 'BTCUSDT', b: [['300.0', '1']], a: [], u: 2 } })
  await expect(page.getByTestId('book-panel')).toHaveAttribute('data-state', 'resync')
  expect((await bookRows(page)).bids.map((row) => row[0])).toEqual(['100.0'])
  await expect.poll(() => sockets.fromPage.filter((m) => m.includes('"unsubscribe"') && m.includes(BOOK_TOPIC)).length).toBe(1)
  // The fresh subscribe follows the back-off's first wait: waited for, not read at once.
  await expect.poll(() => sockets.fromPage.at(-1)).toContain(`"op":"subscribe","args":["${BOOK_TOPIC}"]`)
  // The fresh snapshot from the simulator replaces it.
  await expect(page.getByTestId('book-panel')).toHaveAttribute('data-state', 'live')
  // Drawn at the next draw (at most every 100 ms), which may follow the state's change.
  await expect.poll(async () => num((await bookRows(page)).bids[0]?.[0] ?? '0')).toBeGreaterThan(1_000)
  await openNetworkPanel(page)
  await expect(page.getByTestId('book-health').locator('li')).toHaveAttribute('data-cause', 'crossed')
})

test('simulator faults: a u = 1 restart keeps the book moving, a gap is counted and not acted on, a crossed stream backs off', async ({ page }) => {
  await setFaults([fastPathOff])
  const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().endsWith('/v5/public/spot') })
  await openBook(page)
  const ws = await socket
  const sent: string[] = []
  ws.on('framesent', (frame) => sent.push(String(frame.payload)))
  await openNetworkPanel(page)
  const health = page.getByTestId('book-health')
  const host = new URL(ws.url()).port === new URL(sim('main')).port ? 'main' : new URL(ws.url()).port === new URL(sim('alt1')).port ? 'alt1' : 'alt2'
  const moves = async () => {
    const first = JSON.stringify(await bookRows(page))
    await expect.poll(async () => JSON.stringify(await bookRows(page)), { timeout: 5_000 }).not.toBe(first)
  }

  // A restart: u = 1, then 2, 3, … — applied, not dropped as "not newer".
  await setFaults([fastPathOff, { host, endpoint: 'orderbook_ws', fault: { kind: 'restart', symbol: 'BTCUSDT' } }])
  const dropped = Number(await health.getAttribute('data-dropped'))
  await moves()
  await moves()
  expect(Number(await health.getAttribute('data-dropped'))).toBeLessThanOrEqual(dropped + 2)

  // Every delta crossed: never drawn crossed; asked again 100 ms doubling apart (fewer and fewer a second); one incident.
  await setFaults([fastPathOff, { host, endpoint: 'orderbook_ws', fault: { kind: 'crossed', symbol: 'BTCUSDT' } }])
  const times: number[] = []
  ws.on('framesent', (frame) => void (String(frame.payload).includes('"unsubscribe"') && times.push(Date.now())))
  // Every change to the drawn book is checked in the page (a MutationObserver), not sampled on a timer.
  await page.evaluate(() => {
    const top = (id: string, last: boolean) => {
      const prices = [...document.querySelectorAll(`[data-testid="${id}"] tbody tr`)]
        .map((tr) => tr.querySelector('td')?.textContent ?? '')
        .filter((t) => t !== '')
      return Number((last ? prices.at(-1) : prices[0])?.replace(/,/g, '') ?? NaN)
    }
    const crossed: string[] = []
    Object.assign(window, { crossedDraws: crossed })
    new MutationObserver(() => {
      const bid = top('book-bids', false)
      const ask = top('book-asks', true)
      if (bid >= ask) crossed.push(`${bid} >= ${ask}`)
    }).observe(document.querySelector('[data-testid="order-book"]')!, { subtree: true, childList: true, characterData: true })
  })
  await expect.poll(() => times.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5)
  expect(await page.evaluate(() => (window as unknown as { crossedDraws: string[] }).crossedDraws)).toEqual([])
  const waits = times.slice(1).map((t, i) => t - (times[i] as number))
  // Back-off: the waits grow (100, 200, 400, 800 ms …), whatever the machine adds to each.
  expect(waits.at(-1)! / waits[0]!).toBeGreaterThan(3)
  await expect(health.locator('li')).toHaveCount(1)
  await expect(health.locator('li')).toHaveAttribute('data-cause', 'crossed')

  // Every fifth delta lost, on another pair's fresh page (this incident's back-off would hold the book): counted
  // and drawn on. A gap is not acted on: every resubscribe belongs to a recorded incident (the book a lost delta
  // would have mended can come out crossed), none to a gap.
  const ethSocket = page.waitForEvent('websocket', { predicate: (one) => one.url().endsWith('/v5/public/spot') })
  await page.goto(`${MAIN}/en/trade/spot/ETH/USDT`)
  const eth = await ethSocket
  const ethSent: string[] = []
  eth.on('framesent', (frame) => ethSent.push(String(frame.payload)))
  await expect(page.getByTestId('book-panel')).toHaveAttribute('data-state', 'live', { timeout: 15_000 })
  const ethHost = new URL(eth.url()).port === new URL(sim('main')).port ? 'main' : new URL(eth.url()).port === new URL(sim('alt1')).port ? 'alt1' : 'alt2'
  await setFaults([fastPathOff, { host: ethHost, endpoint: 'orderbook_ws', fault: { kind: 'gap', every: 5, symbol: 'ETHUSDT' } }])
  await openNetworkPanel(page)
  await expect.poll(async () => Number(await health.getAttribute('data-gaps')), { timeout: 15_000 }).toBeGreaterThan(3)
  const attempts = (await health.locator('li').evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-attempts'))))).reduce((a, b) => a + b, 0)
  expect(ethSent.filter((m) => m.includes('"unsubscribe"')).length).toBeLessThanOrEqual(attempts)
  await setFaults([fastPathOff])
  await expect(page.getByTestId('book-panel')).toHaveAttribute('data-state', 'live', { timeout: 15_000 })
})

test('offline marks the book stale with the price’s word, dimmed but drawn; back online the next snapshot clears it', async ({ page, context }) => {
  test.setTimeout(90_000) // axe's contrast check walks the book's rows; the shared machine makes that slow
  await setFaults([fastPathOff])
  await openBook(page)
  await context.setOffline(true)
  const panel = page.getByTestId('book-panel')
  await expect(panel).toHaveAttribute('data-state', 'stale')
  await expect(page.getByTestId('book-mark')).toHaveText('Offline')
  await expect(page.getByTestId('live-state')).toContainText('Offline')
  expect((await bookRows(page)).bids.length).toBeGreaterThanOrEqual(8)
  // Dimmed by colour: the figures take the muted text colour.
  const colours = await page.evaluate(() => {
    const cell = document.querySelector('[data-testid="book-bids"] tbody td') as HTMLElement
    return { cell: getComputedStyle(cell).color, muted: getComputedStyle(document.querySelector('.book-tools label') as HTMLElement).color }
  })
  expect(colours.cell).toBe(colours.muted)
  // Dimmed yet readable: the stale price, its change and the book keep AA contrast (opacity 0.55 left the change at 2.85:1).
  const { default: AxeBuilder } = await import('@axe-core/playwright')
  const contrast = await new AxeBuilder({ page })
    .include('[data-testid="pair-price"]')
    .include('[data-testid="book-panel"]')
    .withRules(['color-contrast'])
    .analyze()
  expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([])
  await context.setOffline(false)
  await expect(panel).toHaveAttribute('data-state', 'live', { timeout: 15_000 })
  await expect(page.getByTestId('book-mark')).toHaveText('')
})

test('a route switch moves the book’s stream: the old book stays, dimmed, until the new socket’s snapshot', async ({ page }) => {
  await setFaults([fastPathOff])
  const sockets = await playSockets(page)
  await openBook(page)
  await openNetworkPanel(page)
  const before = await bookRows(page)
  // Another host than the one the chooser took.
  const now = sockets.sockets.at(-1)!.url()
  const target = (['alt2', 'alt1', 'main'] as const).find((host) => !now.startsWith(sim(host).replace(/^http/, 'ws')))!
  sockets.hold = 'queue' // the new socket's snapshot is held until the test lets it through
  const moved = page.waitForEvent('websocket', { predicate: (ws) => ws.url().startsWith(sim(target).replace(/^http/, 'ws')), timeout: 15_000 })
  await page.getByTestId(`route-mode-${target}`).check()
  await moved
  await expect(page.getByTestId('book-panel')).toHaveAttribute('data-state', 'resync')
  expect((await bookRows(page)).bids.length).toBe(before.bids.length)
  await expect.poll(() => sockets.sockets.length).toBeGreaterThanOrEqual(2)
  sockets.release()
  await expect(page.getByTestId('book-panel')).toHaveAttribute('data-state', 'live')
})

test('fe.crossApi: the book and the trades are polled through /x-api, the book twice as often', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('fe.crossApi', 'true'))
  const asked = { book: 0, trades: 0, elsewhere: 0 }
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!/\/v5\/market\/(orderbook|recent-trade)$/.test(url.pathname)) return
    if (!url.pathname.startsWith('/x-api/')) asked.elsewhere++
    else if (url.pathname.endsWith('/orderbook')) asked.book++
    else asked.trades++
  })
  const sockets: string[] = []
  page.on('websocket', (ws) => sockets.push(ws.url()))
  await openBook(page)
  await expect.poll(() => asked.book, { timeout: 15_000 }).toBeGreaterThanOrEqual(6)
  // Trades every 2 s, the book every second (the first trades at once, the first book after 1 s).
  expect(asked.trades).toBeGreaterThanOrEqual(Math.floor(asked.book / 2))
  expect(asked.trades).toBeLessThanOrEqual(Math.ceil(asked.book / 2) + 2)
  expect({ elsewhere: asked.elsewhere, sockets }).toEqual({ elsewhere: 0, sockets: [] })
  await page.getByTestId('book-tab-trades').click()
  await expect(page.getByTestId('trade-tape').locator('tbody tr').first()).toHaveAttribute('data-side', /^(buy|sell)$/)
})

for (const [name, width, lang, theme] of [
  ['390 px', 390, 'en', 'night'],
  ['1366 px', 1366, 'en', 'day'],
  ['390 px ar-SA', 390, 'ar-SA', 'day'],
] as const) {
  test(`${name}: the book passes axe, its targets are 44 px, it is mirrored in right-to-left`, async ({ browser }) => {
    test.setTimeout(90_000) // axe walks the book's rows; the shared machine makes that 10–25 s a scan
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    await context.addCookies([{ name: 'BYBIT_THEME_KEY', value: theme, url: MAIN }])
    const page = await context.newPage()
    await setFaults([fastPathOff])
    await openBook(page, lang)
    const { default: AxeBuilder } = await import('@axe-core/playwright')
    const serious = (await new AxeBuilder({ page }).include('[data-testid="book-panel"]').analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(serious).toEqual([])
    for (const target of [page.getByTestId('book-tab-book'), page.getByTestId('book-tab-trades'), page.getByTestId('book-step')]) {
      const box = (await target.boundingBox())!
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
    }
    const rows = (await bookRows(page)).bids.length
    expect(rows).toBe(width >= 1024 ? 15 : 8)
    if (lang === 'ar-SA') {
      // The price column at the inline start: the right edge.
      const price = (await page.getByTestId('book-bids').locator('tbody td').first().boundingBox())!
      const size = (await page.getByTestId('book-bids').locator('tbody td').nth(1).boundingBox())!
      expect(price.x).toBeGreaterThan(size.x)
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name.replace(/ /g, '-')}.png`, fullPage: true })
    await context.close()
  })
}

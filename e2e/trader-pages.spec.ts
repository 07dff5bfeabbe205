/**
 * What a trader meets on the pages, in a real browser: phones without sideways scrolling (LTR and
 * RTL), the header menu, the markets table's sort, search, favourites, tabs and URL state, icons
 * that never break, and "Open the app" only on phones.
 */
import { devices, expect, test, type Page } from '@playwright/test'
import { regionHost, regionOrigin } from './support/hosts'
import { E2E_PORT, e2eEnv } from '../playwright.config'
import { MARKETS_ROWS_DRAWN } from '../lib/symbol-view/drawn'
import { openNetworkPanel } from './support/network-panel'

const MAIN = regionOrigin('main')
const PAGES = { markets: '', pair: '/trade/spot/BTC/USDT', notFound: '/no/such/page' }
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'

async function overflow(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }))
}

// The narrowest phone and a common one: no rule changes between them (the one breakpoint is 719 px).
for (const width of [320, 390]) {
  for (const lang of ['en', 'ar-SA']) {
    test(`${width} px, ${lang}: no page scrolls sideways, with the menu open too`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true })
      const page = await context.newPage()
      for (const [name, path] of Object.entries(PAGES)) {
        await page.goto(`${MAIN}/${lang}${path}`)
        await expect(page.getByTestId('menu-toggle')).toBeEnabled()
        expect({ name, ...(await overflow(page)) }).toEqual({ name, scroll: width, viewport: width })
        await page.getByTestId('menu-toggle').click()
        await page.getByTestId('network-panel').locator('summary').click()
        expect({ name, menu: true, ...(await overflow(page)) }).toEqual({ name, menu: true, scroll: width, viewport: width })
      }
      await context.close()
    })
  }
}

test('phone: header tools fold behind the menu; controls are at least 44 px tall', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto(`${MAIN}/en`)
  const toggle = page.getByTestId('menu-toggle')
  await expect(toggle).toBeEnabled()
  await expect(page.getByTestId('theme-switch')).toBeHidden()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByTestId('theme-switch')).toBeVisible()
  for (const target of [
    toggle,
    page.getByTestId('theme-switch'),
    page.getByTestId('language-switcher'),
    page.getByRole('tab').first(),
    page.getByTestId('favourite').first(),
    page.getByTestId('sort-name'),
  ]) {
    const box = await target.boundingBox()
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
  }
  await context.close()
})

// Every control in the header, links included, is a 44 × 44 target on a touch device: the short
// "Markets" link (市場 in hk, Piyasalar in tr) as much as the buttons, on both pages, menu open.
for (const [region, lang] of [
  ['main', 'en'],
  ['hk', 'zh-HK'],
  ['tr', 'tr-TUR'],
] as const) {
  test(`phone, ${region} ${lang}: every header link and control is at least 44 × 44 px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    for (const path of [PAGES.markets, PAGES.pair]) {
      await page.goto(`${regionOrigin(region)}/${lang}${path}`)
      const toggle = page.getByTestId('menu-toggle')
      await expect(toggle).toBeEnabled()
      await toggle.click()
      await expect(page.getByTestId('updown-switch')).toBeVisible()
      const targets = page.locator('.site-header').locator('a, button, select, summary')
      const boxes = await targets.evaluateAll((elements) =>
        elements
          .filter((el) => el.getClientRects().length > 0 && !el.classList.contains('skip')) // the skip link shows on focus only
          .map((el) => {
            const r = el.getBoundingClientRect()
            return { target: (el.textContent ?? '').trim() || el.tagName, width: Math.round(r.width), height: Math.round(r.height) }
          }),
      )
      expect(boxes.map((box) => box.target)).toContain(await page.locator('.site-header .brand').innerText())
      for (const box of boxes) expect({ path, ...box, big: box.width >= 44 && box.height >= 44 }).toEqual({ path, ...box, big: true })
    }
    await context.close()
  })
}

test('phone: the pair page opens with its name; its controls are at least 44 px tall; the shown chart interval is marked beyond colour', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto(`${MAIN}/en${PAGES.pair}`)
  await expect(page.getByTestId('updown-switch')).toBeEnabled()
  // The pair's name heads the page, above its price.
  expect((await page.locator('h1').boundingBox())!.y).toBeLessThan((await page.getByTestId('last-price').boundingBox())!.y)
  // The rise/fall colours are a setting: behind the menu with the theme, not above the price.
  await expect(page.getByTestId('updown-switch')).toBeHidden()
  await page.getByTestId('menu-toggle').click()
  await expect(page.locator('#header-tools').getByTestId('updown-switch')).toBeVisible()
  const intervals = page.locator('.price-chart .intervals button')
  for (const target of [page.getByTestId('updown-switch'), intervals.first(), page.locator('.other-pairs a').first()]) {
    const box = await target.boundingBox()
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
  }
  const look = (button: ReturnType<Page['locator']>) =>
    button.evaluate((el) => ({ border: getComputedStyle(el).borderColor, weight: getComputedStyle(el).fontWeight }))
  const pressed = await look(page.locator('.price-chart .intervals button[aria-pressed="true"]'))
  const other = await look(page.locator('.price-chart .intervals button[aria-pressed="false"]').first())
  expect(pressed.border).not.toBe(other.border)
  expect(pressed.weight).not.toBe(other.weight)
  await context.close()
})

test('320 px: a pair with long figures keeps each figure in its own box (a long one takes a line of its own)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 800 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto(`${MAIN}/en/trade/spot/BABYDOGE/USDT`)
  const figures = page.locator('.pair-stats dd')
  await expect(figures).toHaveCount(4)
  // The case this checks: a figure too wide to share a line on this screen.
  expect((await page.getByTestId('stat-volume').innerText()).length).toBeGreaterThan(20)
  const boxes = await figures.evaluateAll((dds) =>
    dds.map((dd) => {
      const r = dd.getBoundingClientRect()
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, fits: dd.scrollWidth <= dd.clientWidth }
    }),
  )
  for (const [i, a] of boxes.entries()) {
    expect({ i, fits: a.fits, inside: a.left >= 0 && a.right <= 320 }).toEqual({ i, fits: true, inside: true })
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
      expect(overlap).toBe(false)
    }
  }
  expect(await overflow(page)).toEqual({ scroll: 320, viewport: 320 })
  await context.close()
})

for (const lang of ['en', 'ar-SA']) {
  test(`390 px, ${lang}: the quote tabs and the tags are one row each; a tab restored from the URL is in view`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await page.goto(`${MAIN}/${lang}`)
    const tabs = page.getByRole('tab')
    await expect(tabs.first()).toBeEnabled()
    const rows = { tabs: page.getByRole('tablist'), tags: page.locator('.tags') }
    for (const [name, row] of Object.entries(rows)) {
      const { height, items, wider } = await row.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        items: el.firstElementChild!.getBoundingClientRect().height,
        wider: el.scrollWidth > el.clientWidth,
      }))
      expect({ name, oneRow: height < items * 1.5 }).toEqual({ name, oneRow: true })
      expect({ name, wider }).toEqual({ name, wider: true }) // the case this checks: more than one screen of items
    }
    const last = await tabs.last().getAttribute('id')
    await page.goto(`${MAIN}/${lang}?tab=${last?.slice(4)}`)
    await expect(page.locator(`#${last}`)).toHaveAttribute('aria-selected', 'true')
    await expect
      .poll(() =>
        page.locator(`#${last}`).evaluate((tab) => {
          const r = tab.getBoundingClientRect()
          const row = tab.parentElement!.getBoundingClientRect()
          return r.left >= row.left - 1 && r.right <= row.right + 1
        }),
      )
      .toBe(true)
    expect(await overflow(page)).toEqual({ scroll: 390, viewport: 390 })
    await context.close()
  })
}

test('desktop: the tools sit in the bar, the menu button is hidden', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${MAIN}/en`)
  await expect(page.getByTestId('menu-toggle')).toBeHidden()
  await expect(page.getByTestId('theme-switch')).toBeVisible()
})

test("every drawn text, controls and the chart included, is in the page's one font family", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  for (const path of [PAGES.markets, PAGES.pair]) {
    await page.goto(`${MAIN}/en${path}`)
    await expect(page.getByTestId('theme-switch')).toBeEnabled()
    await openNetworkPanel(page)
    if (path === PAGES.pair) await expect(page.locator('.price-chart svg text').first()).toBeAttached()
    const faces = await page.evaluate(() => {
      const page = getComputedStyle(document.body).fontFamily
      const others = new Set<string>()
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        if (el.getClientRects().length === 0 || !Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '')) continue
        const face = getComputedStyle(el).fontFamily
        if (face !== page) others.add(`${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}: ${face}`)
      }
      return { page, others: [...others] }
    })
    expect(faces.page).toContain('system-ui')
    expect({ path, others: faces.others }).toEqual({ path, others: [] })
  }
})

test('the network panel is in the header from the first paint and never says "your account"', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.route('**/api/client-config**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500)) // engines start late, as on a slow phone
    await route.continue()
  })
  await page.goto(`${MAIN}/en`, { waitUntil: 'commit' })
  await expect(page.getByTestId('network-panel')).toBeVisible()
  // Opened before the engines start (before hydration too: a native toggle), so what they find
  // fills an open panel: it must still move nothing.
  await openNetworkPanel(page)
  // Where the page content starts (its height may change as the list revalidates).
  const top = async () => page.locator('main').evaluate((main) => ({ x: main.getBoundingClientRect().x, y: main.getBoundingClientRect().y }))
  const before = await top()
  await expect(page.getByTestId('route-host')).toHaveAttribute('data-host', /main|alt1|alt2/, { timeout: 15_000 })
  expect(await top()).toEqual(before)
  await expect(page.getByTestId('network-panel')).not.toContainText(/your account/i)
})

test('search finds a pair across quote groups ("eth usdc") and the coin’s full name; the URL keeps it and Back restores it', async ({ page }) => {
  await page.goto(`${MAIN}/en`)
  const search = page.getByTestId('market-search')
  await expect(search).toBeEditable()
  await search.fill('eth usdc')
  await expect(page.locator('tbody tr[data-symbol="ETHUSDC"]')).toBeVisible()
  await expect(page).toHaveURL(/[?&]q=eth(\+|%20)usdc/)
  await search.fill('ethereum')
  await expect(page.locator('tbody tr[data-symbol="ETHUSDT"]')).toBeVisible()
  await page.locator('tbody tr[data-symbol="ETHUSDT"] a').click()
  await expect(page.locator('h1')).toHaveText('ETH/USDT')
  await page.goBack()
  await expect(page.getByTestId('market-search')).toHaveValue('ethereum')
  await expect(page.locator('tbody tr[data-symbol="ETHUSDT"]')).toBeVisible()
})

test('tabs: the ARIA tabs pattern with arrows, Home and End; the tab is in the URL and survives a reload', async ({ page }) => {
  await page.goto(`${MAIN}/en`)
  const tabs = page.getByRole('tab')
  await expect(tabs.first()).toBeEnabled()
  const selected = page.locator('[role="tab"][aria-selected="true"]')
  const start = await selected.textContent()
  await selected.focus()
  await page.keyboard.press('ArrowRight')
  await expect(selected).not.toHaveText(start ?? '')
  await expect(selected).toBeFocused()
  const second = await selected.getAttribute('id')
  await expect(page).toHaveURL(new RegExp(`[?&]tab=${second?.slice(4)}`))
  await page.keyboard.press('End')
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Home')
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowRight')
  const chosen = await selected.getAttribute('id')
  await page.reload()
  await expect(page.locator(`#${chosen}`)).toHaveAttribute('aria-selected', 'true')
  expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1)
})

test('another tab’s pairs take over the drawn rows: a tab tap restyles no new rows', async ({ page }) => {
  await page.goto(`${MAIN}/en`)
  const tab = page.getByRole('tab').nth(2)
  await expect(tab).toBeEnabled()
  const quote = (await tab.textContent()) ?? ''
  const firstRow = await page.locator('tbody tr').first().elementHandle()
  const before = await firstRow?.getAttribute('data-symbol')
  await tab.click()
  await expect(page.locator('tbody tr .quote').first()).toHaveText(quote)
  // The same element, now another pair's (docs/decisions/pages.md "Markets table: rows drawn").
  expect(await firstRow?.evaluate((row) => row.isConnected)).toBe(true)
  expect(await firstRow?.getAttribute('data-symbol')).not.toBe(before)
  expect(await page.locator('tbody tr .quote').allTextContents()).toEqual(Array(await page.locator('tbody tr').count()).fill(quote))
})

test('a lazily loaded chunk that fails to load is fetched again: the pair page still gets its chart and live prices', async ({ page }) => {
  // The page's own chunks are named in its HTML (script tags and the flight data); any other is
  // loaded lazily (the chart, the live feed, the figures, the engines). Each of those fails twice:
  // once for Turbopack's own retry, once for ours.
  const path = `/en${PAGES.pair}`
  const html = await (await page.request.get(`${MAIN}${path}`)).text()
  const failed = new Map<string, number>()
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    const chunk = new URL(route.request().url()).pathname
    const count = failed.get(chunk) ?? 0
    if (html.includes(chunk) || count >= 2) return route.continue()
    failed.set(chunk, count + 1)
    return route.abort('connectionreset')
  })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${MAIN}${path}`)
  // The chart's chunk arrives on its third request: its preview draws the candles.
  await expect(page.getByTestId('preview-last')).toBeVisible({ timeout: 20_000 })
  expect([...failed.values()].filter((count) => count === 2).length).toBeGreaterThan(1)
  await expect(page.locator('h1')).toContainText('BTC/USDT')
  expect(errors.filter((message) => /chunk/i.test(message))).toEqual([])
})

test('the server HTML carries the markets table and the pair page in place, before the footer, not in a hidden segment', async ({ request }) => {
  // A Suspense boundary around a large part makes React's server renderer send it later, hidden,
  // moved in by a script: a first paint without it, a layout shift, and a crawler reading a hidden table.
  for (const path of ['/en', `/en${PAGES.pair}`]) {
    const html = await (await request.get(`${MAIN}${path}`)).text()
    expect({ path, hiddenSegment: /<div hidden id="S:/.test(html) }).toEqual({ path, hiddenSegment: false })
    const main = html.indexOf('<main')
    expect(main).toBeGreaterThan(0)
    expect(html.indexOf('<h1')).toBeGreaterThan(main)
    expect(html.indexOf('<footer')).toBeGreaterThan(html.indexOf('</main>') - 1)
  }
  const markets = await (await request.get(`${MAIN}/en`)).text()
  expect(markets.indexOf('<table')).toBeGreaterThan(0)
  expect(markets.indexOf('<table')).toBeLessThan(markets.indexOf('<footer'))
})

test('sorting by name and volume sets aria-sort and orders the rows; price and change wait for market data', async ({ page }) => {
  await page.goto(`${MAIN}/en`)
  const volumeHeader = page.locator('th', { has: page.getByTestId('sort-volume') })
  await expect(volumeHeader).toHaveAttribute('aria-sort', 'descending')
  const volumes = async () => page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-symbol') ?? ''))
  await expect(page.getByTestId('sort-name')).toBeEnabled()
  await page.getByTestId('sort-name').click()
  await expect(page.locator('th', { has: page.getByTestId('sort-name') })).toHaveAttribute('aria-sort', 'ascending')
  await expect(volumeHeader).toHaveAttribute('aria-sort', 'none')
  // Another order than the page's own waits for the whole list (docs/decisions/pages.md "The
  // markets HTML keeps its first rows").
  await expect(page.locator('#markets-panel')).toHaveAttribute('aria-busy', 'false')
  const names = await page.locator('tbody tr th a').allTextContents()
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  await expect(page).toHaveURL(/[?&]sort=name-asc/)
  await page.getByTestId('sort-name').click()
  await expect(page.locator('th', { has: page.getByTestId('sort-name') })).toHaveAttribute('aria-sort', 'descending')
  expect((await volumes()).length).toBeGreaterThan(10)
})

test('a price order reads every pair of the tab: the server’s figures, then the live ones', async ({ page }) => {
  await page.goto(`${MAIN}/en?sort=price-desc`)
  await expect(page.locator('th', { has: page.getByTestId('sort-price') })).toHaveAttribute('aria-sort', 'descending')
  await expect(page.locator('#markets-panel')).toHaveAttribute('aria-busy', 'false') // the whole list and every row's figures are here
  // The drawn rows are the tab's dearest, in order, whatever figures (server or live) they show now.
  const prices = () => page.getByTestId('row-price').evaluateAll((cells) => cells.map((cell) => Number((cell.textContent ?? '').replace(/,/g, ''))))
  await expect.poll(async () => (await prices()).length).toBe(MARKETS_ROWS_DRAWN)
  const shown = await prices()
  expect(shown.every((price) => Number.isFinite(price))).toBe(true)
  expect(shown).toEqual([...shown].sort((a, b) => b - a))
  // Bitcoin (or its wrapped token) is the dearest USDT pair the simulator lists, and is not the first by volume.
  await expect(page.locator('tbody tr').first()).toHaveAttribute('data-symbol', /^W?BTCUSDT$/)
})

test(`the table draws the first ${MARKETS_ROWS_DRAWN} pairs; "Show all" draws every pair of the tab, which search and sort already saw`, async ({ page }) => {
  await page.goto(`${MAIN}/en`)
  const total = Number(await page.locator('[data-count]').getAttribute('data-count'))
  expect(total).toBeGreaterThan(MARKETS_ROWS_DRAWN)
  await expect(page.locator('tbody tr')).toHaveCount(MARKETS_ROWS_DRAWN)
  // Sorting orders every pair of the tab, not only the drawn ones: the A-to-Z head is the tab's first by name.
  await expect(page.getByTestId('sort-name')).toBeEnabled()
  await page.getByTestId('sort-name').click()
  await expect(page.locator('th', { has: page.getByTestId('sort-name') })).toHaveAttribute('aria-sort', 'ascending')
  const showAll = page.getByTestId('show-all')
  // The button counts the tab's pairs as the table has them now (a revalidation may have added the minute's new pair).
  await expect.poll(async () => (await showAll.textContent())?.includes(`(${await page.locator('[data-count]').getAttribute('data-count')})`)).toBe(true)
  const firstByName = await page.locator('tbody tr th a').first().textContent()
  await showAll.click()
  await expect(showAll).toHaveCount(0)
  // Every pair the tab has now (the simulator lists a pair a minute, so the count may have moved by one).
  await expect.poll(async () => (await page.locator('tbody tr').count()) - Number(await page.locator('[data-count]').getAttribute('data-count'))).toBe(0)
  expect(await page.locator('tbody tr').count()).toBeGreaterThan(MARKETS_ROWS_DRAWN)
  const names = await page.locator('tbody tr th a').allTextContents()
  expect(names[0]).toBe(firstByName)
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
})

test('phone: a push renders the rows on screen; the rows below take their live figures when scrolled to', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto(`${MAIN}/en`)
  await expect(page.getByTestId('menu-toggle')).toBeEnabled()
  const rows = page.getByTestId('market-table').locator('tbody tr')
  await expect(rows).toHaveCount(MARKETS_ROWS_DRAWN)
  // Counts, per row place, the changes to its texts (figures) from now on.
  await page.evaluate(() => {
    const body = document.querySelector('[data-testid="market-table"] tbody')!
    const counts: number[] = ((window as unknown as { rowChanges: number[] }).rowChanges = [])
    new MutationObserver((records) => {
      for (const record of records) {
        const row = (record.target instanceof Element ? record.target : record.target.parentElement)?.closest('tr')
        const place = row ? Array.from(body.children).indexOf(row) : -1
        if (place >= 0) counts[place] = (counts[place] ?? 0) + 1
      }
    }).observe(body, { subtree: true, characterData: true, childList: true })
  })
  const changes = () => page.evaluate(() => Array.from((window as unknown as { rowChanges: number[] }).rowChanges, (n) => n ?? 0))
  const below = await rows.evaluateAll((trs) => trs.flatMap((tr, place) => (tr.getBoundingClientRect().top > innerHeight + 150 ? [place] : [])))
  expect(below.length).toBeGreaterThan(5)
  // Several pushes reach the rows on screen…
  await expect.poll(async () => (await changes()).slice(0, below[0] ?? 0).reduce((a, n) => a + n, 0), { timeout: 15_000 }).toBeGreaterThanOrEqual(6)
  // …and none of the rows well below it.
  const held = await changes()
  expect(below.filter((place) => (held[place] ?? 0) > 0)).toEqual([])
  // Scrolled to, the rows below take their live figures.
  await rows.nth(below.at(-1) ?? MARKETS_ROWS_DRAWN - 1).scrollIntoViewIfNeeded()
  await expect
    .poll(
      async () => {
        const now = await changes()
        return below.filter((place) => (now[place] ?? 0) > 0).length
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0)
  await context.close()
})

test('favourites are kept in the browser and have their own tab', async ({ page }) => {
  await page.goto(`${MAIN}/en`)
  const star = page.locator('tbody tr[data-symbol="BTCUSDT"]').getByTestId('favourite')
  await expect(star).toBeEnabled()
  await star.click()
  await expect(star).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await page.getByRole('tab', { name: 'Favourites' }).click()
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expect(page.locator('tbody tr')).toHaveAttribute('data-symbol', 'BTCUSDT')
  await page.locator('tbody tr[data-symbol="BTCUSDT"]').getByTestId('favourite').click()
  await expect(page.locator('tbody tr')).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('markets_favourites_v1'))).toBe('[]')
})

test('until hydrated one fieldset disables the stars and sort headers; the hydration enables them without touching a row', async ({ browser, page }) => {
  const still = await browser.newContext({ javaScriptEnabled: false })
  const before = await still.newPage()
  await before.goto(`${MAIN}/en`)
  await expect(before.locator('tbody tr').first().getByTestId('favourite')).toBeDisabled()
  await expect(before.getByTestId('sort-name')).toBeDisabled()
  expect(await before.locator('[data-testid="market-table"] button[disabled]').count()).toBe(0)
  await still.close()

  // Every change of a disabled attribute, from the first script on (docs/decisions/pages.md
  // "Rendering without long tasks").
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __disabledChanges: string[] }).__disabledChanges = seen
    new MutationObserver((records) => {
      for (const { target } of records) {
        const element = target as Element
        seen.push(element.closest('tbody') ? 'row' : element.closest('table') ? 'table' : element.tagName.toLowerCase())
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['disabled'] })
  })
  await page.goto(`${MAIN}/en`)
  await expect(page.locator('tbody tr').first().getByTestId('favourite')).toBeEnabled()
  await expect(page.getByTestId('sort-name')).toBeEnabled()
  const changes = await page.evaluate(() => (window as unknown as { __disabledChanges: string[] }).__disabledChanges)
  expect(changes).toContain('fieldset')
  expect(changes.filter((target) => target === 'row' || target === 'table')).toEqual([])
})

test('a pair icon that fails shows the base coin’s monogram; one that loads shows the image', async ({ page }) => {
  await page.route('**/icons/**', (route) => route.abort())
  await page.goto(`${MAIN}/en/trade/spot/BTC/USDT`)
  const icon = page.locator('.pair-head [data-testid="pair-icon"]:visible')
  await expect(icon).toHaveAttribute('data-failed', 'true')
  await expect(icon).toHaveText('BT')
  await expect(icon.locator('img')).toHaveCount(0)
  await page.unroute('**/icons/**')
  await page.route('**/icons/**', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32"/></svg>',
    }),
  )
  await page.reload()
  await expect(icon.locator('img')).toHaveJSProperty('naturalWidth', 32)
  await expect(icon).toHaveAttribute('data-failed', 'false')
  // With nothing in the way, the simulator serves the icon itself (its own host, allowed by the CSP).
  await page.unroute('**/icons/**')
  const served = page.waitForResponse((r) => r.url().includes('/icons/') && r.status() === 200)
  await page.reload()
  expect(new URL((await served).url()).origin).toBe(new URL(e2eEnv.API_BASE_URL).origin)
  await expect(icon.locator('img')).toHaveJSProperty('naturalWidth', 32)
  await expect(icon).toHaveAttribute('data-failed', 'false')
})

test('the pair page links to the other markets of the same coin', async ({ page }) => {
  await page.goto(`${MAIN}/en/trade/spot/BTC/USDT`)
  const links = page.locator('.other-pairs a')
  expect(await links.count()).toBeGreaterThan(1)
  for (const text of await links.allTextContents()) expect(text).toMatch(/^BTC\//)
  await expect(page.locator('.other-pairs a', { hasText: 'BTC/USDT' })).toHaveCount(0)
})

test('"Open the app": never on a desktop browser, offered on a phone browser; only a phone reserves its place', async ({ browser }) => {
  const slotHeight = (page: Page) => page.locator('.open-in-app').evaluate((el) => el.getBoundingClientRect().height)
  // A desktop window as narrow as a phone: no offer and no empty slot where it would be.
  const desktop = await browser.newContext({ userAgent: DESKTOP_UA, viewport: { width: 390, height: 844 } })
  const page = await desktop.newPage()
  await page.goto(`${MAIN}/en/trade/spot/BTC/USDT`)
  await expect(page.locator('.open-in-app')).toHaveAttribute('data-offer', 'none')
  await expect(page.getByTestId('open-in-app')).toHaveCount(0)
  expect(await slotHeight(page)).toBeLessThan(1)
  await desktop.close()
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7']
  // Before the browser decides (here: never, without JavaScript), a phone keeps the button's place.
  const still = await browser.newContext({ ...pixel, javaScriptEnabled: false })
  const before = await still.newPage()
  await before.goto(`${MAIN}/en/trade/spot/BTC/USDT`)
  expect(await slotHeight(before)).toBeGreaterThanOrEqual(44)
  await still.close()
  const phone = await browser.newContext(pixel)
  const mobile = await phone.newPage()
  await mobile.goto(`${MAIN}/en/trade/spot/BTC/USDT`)
  await expect(mobile.getByTestId('open-in-app')).toHaveText('Open the app')
  expect(await slotHeight(mobile)).toBeGreaterThanOrEqual(44)
  await phone.close()
})

test('each regional site has its own markets title and description', async ({ request }) => {
  // Title and description are the server's <head> (no script sets them): read from the HTML the
  // browser would get, its language chosen as a browser's default Accept-Language chooses it.
  const titles = new Set<string>()
  for (const region of ['main', 'tr', 'nl', 'kz'] as const) {
    let path = '/'
    let html = ''
    for (let hop = 0; hop < 3 && !html; hop++) {
      const response = await request.get(`http://127.0.0.1:${E2E_PORT}${path}`, {
        headers: { host: `${regionHost(region)}:${E2E_PORT}`, 'accept-language': 'en-US' },
        maxRedirects: 0,
      })
      const location = response.headers()['location']
      if (response.status() >= 300 && response.status() < 400 && location) path = new URL(location, regionOrigin(region)).pathname
      else html = `${response.status()} ${await response.text()}`
    }
    expect(html, `${region} ${path}`).toMatch(/^200 /)
    const head = html.slice(0, html.indexOf('</head>'))
    titles.add(/<title>([^<]+)<\/title>/.exec(head)?.[1] ?? '')
    expect(/<meta name="description" content="([^"]*)"/.exec(head)?.[1], region).toMatch(/\d/)
  }
  expect(titles.size).toBe(4)
  expect(titles.has('')).toBe(false)
})

test('the 404 page is server-rendered and translated: status 404, lang, title, a way back, with no JavaScript; an unknown pair’s too', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  for (const [lang, locale, path] of [
    ['en', 'en', '/no/such/page'],
    ['ar-SA', 'ar-SA', '/no/such/page'],
    ['en', 'en', '/trade/spot/NOPE/NADA'],
    ['ar-SA', 'ar-SA', '/trade/spot/NOPE/NADA'],
  ] as const) {
    const response = await page.goto(`${MAIN}/${lang}${path}`)
    expect({ path, status: response?.status() }).toEqual({ path, status: 404 })
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expect(page.locator('html')).not.toHaveAttribute('id', '__next_error__')
    expect(await page.title()).not.toBe('')
    await expect(page.getByTestId('not-found').locator('h1')).not.toBeEmpty()
    await expect(page.getByTestId('not-found').locator('a')).toHaveAttribute('href', `/${lang}`)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  }
  await context.close()
})

// Each theme once, each direction once: colour contrast follows the theme, not the language, and
// every other rule the markup, not the colours; so night/en and day/ar-SA cover the four pairings.
for (const [name, path] of Object.entries(PAGES)) {
  test(`axe: the ${name} page has no serious or critical violation (night theme in en, day theme in ar-SA)`, async ({ browser }) => {
    test.setTimeout(120_000) // axe walks ~190 table rows; the shared machine makes that 10–25 s a scan
    const { default: AxeBuilder } = await import('@axe-core/playwright')
    for (const [theme, lang] of [
      ['night', 'en'],
      ['day', 'ar-SA'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: 'BYBIT_THEME_KEY', value: theme, url: MAIN }])
      const page = await context.newPage()
      await page.goto(`${MAIN}/${lang}${path}`)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expect(page.getByTestId('menu-toggle')).toBeAttached()
      const results = await new AxeBuilder({ page }).analyze()
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        )
      expect({ theme, lang, serious }).toEqual({ theme, lang, serious: [] })
      await context.close()
    }
  })
}

test('a right-to-left phone page shows pairs as BTC/USDT, not USDT/BTC', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto(`${MAIN}/ar-SA`)
  const link = page.locator('tbody tr[data-symbol="BTCUSDT"] a')
  const base = await link.locator('.base').boundingBox()
  const quote = await link.locator('.quote').boundingBox()
  expect((base?.x ?? 0) < (quote?.x ?? 0)).toBe(true)
  await context.close()
})

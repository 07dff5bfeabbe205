import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { OFFLINE_CACHE, PAGES_CACHE } from '../lib/offline/cache-names'
import { OFFLINE_PAGE_ATTRIBUTE } from '../lib/offline/document'
import { LEDGER_HEADERS } from '../lib/offline/ledger'
import { RENDERED_AT_ATTRIBUTE, SAVED_COPY_ATTRIBUTE } from '../lib/offline/marks'
import { PAGE_QUIET } from '../lib/offline/policy'

// docs/decisions/offline.md: the service worker keeps the pages the trader opened and opens them
// again offline, marked as saved copies with their age; a page never opened shows the site's
// offline page. A phone's width, as the trader on a train.
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' })

const PAIR = '/en/trade/spot/BTC/USDT'
const OTHER_PAIR = '/en/trade/spot/ETH/USDT'

/** Waits until the worker keeps `path` in `cache` (it registers when the page is idle, then saves the page shown). */
async function kept(page: Page, cache: string, path: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(async ({ cache, path }) => Boolean(await (await caches.open(cache)).match(location.origin + path)), { cache, path }), {
      message: `the service worker keeps ${path} in ${cache}`,
    })
    .toBe(true)
}

/** Pages whose clock is installed: once per page. */
const clocked = new WeakSet<Page>()

/**
 * Opens a page online and waits until the worker has saved it (and its language's offline page).
 * The page registers the worker once it is quiet (docs/decisions/offline.md "Nothing on the
 * first visit's path"): the page's clock, installed and flowing, skips that wait.
 */
async function openAndSave(page: Page, path: string): Promise<void> {
  if (!clocked.has(page)) await page.clock.install()
  clocked.add(page)
  await page.goto(path)
  await expect(page.locator('.saved-copy')).toBeAttached()
  await page.clock.fastForward(PAGE_QUIET.delayMs + PAGE_QUIET.idleTimeoutMs)
  await kept(page, PAGES_CACHE, path)
  await kept(page, OFFLINE_CACHE, `/${path.split('/')[1]}/offline`)
}

/**
 * The trader's phone loses the network. Playwright's offline emulation reaches a service worker
 * late (its first fetch after starting can still go out), so its requests are also failed as a
 * disconnected network would fail them.
 */
async function offline(context: BrowserContext, on: boolean): Promise<void> {
  await context.setOffline(on)
  if (on) await context.route('**/*', (route) => route.abort('internetdisconnected'))
  else await context.unrouteAll()
}

const notice = (page: Page) => page.locator('.saved-copy')
/** The page's render time, in its HTML (components/offline/RenderTimeMark.tsx). */
const renderMark = (page: Page) => page.locator(`[${RENDERED_AT_ATTRIBUTE}]`)

/**
 * Makes the copy of `path` as if saved `ms` ago: a copy saved within the last minute opens at once
 * online, unmarked (docs/decisions/offline.md "Timeouts"); these cases are about older ones.
 */
async function savedAgo(page: Page, path: string, ms: number): Promise<void> {
  await page.evaluate(
    async ({ cache, path, ms, header }) => {
      const pages = await caches.open(cache)
      const copy = await pages.match(location.origin + path)
      if (!copy) throw new Error(`no saved copy of ${path}`)
      const headers = new Headers(copy.headers)
      headers.set(header, String(Number(headers.get(header)) - ms))
      await pages.put(location.origin + path, new Response(await copy.blob(), { status: copy.status, headers }))
    },
    { cache: PAGES_CACHE, path, ms, header: LEDGER_HEADERS.savedAt },
  )
}

test('a page opened before opens offline, marked as a saved copy with its age, and nothing moves', async ({ page, context }) => {
  await openAndSave(page, PAIR)
  await expect(notice(page)).toBeHidden()
  const renderedAt = await renderMark(page).getAttribute(RENDERED_AT_ATTRIBUTE)
  expect(Date.parse(renderedAt ?? '')).not.toBeNaN()

  await offline(context, true)
  await page.goto(PAIR)
  await expect(page.locator('html')).toHaveAttribute(SAVED_COPY_ATTRIBUTE)
  await expect(notice(page)).toBeVisible()
  await expect(notice(page)).toHaveText(/^Saved copy · /)
  // The very render that was saved: the same render time.
  await expect(renderMark(page)).toHaveAttribute(RENDERED_AT_ATTRIBUTE, renderedAt ?? '')
  await expect(page.locator('h1')).toContainText('BTC')
  // An overlay: the notice moves nothing. Whatever shifted (offline, the chart's area fills in) lies
  // below the page's heading.
  await expect(notice(page)).toHaveCSS('position', 'fixed')
  const moved = await page.evaluate(() => {
    const observer = new PerformanceObserver(() => {})
    observer.observe({ type: 'layout-shift', buffered: true })
    const heading = document.querySelector('h1')
    return observer
      .takeRecords()
      .flatMap((entry) => (entry as unknown as { sources: { node?: Node }[] }).sources)
      .map(({ node }) => (node instanceof Element ? node : null))
      .filter((node): node is Element => node !== null && (node.matches('.saved-copy') || node === heading || node.contains(heading)))
      .map((node) => node.outerHTML.slice(0, 80))
  })
  expect(moved).toEqual([])
})

test('a page never opened shows the site’s offline page in the URL’s language, else in the language used last', async ({ page, context }) => {
  await openAndSave(page, '/ru-RU/trade/spot/BTC/USDT')
  await offline(context, true)

  const reply = await page.goto('/ru-RU/trade/spot/ETH/USDT')
  expect(reply?.status()).toBe(503)
  await expect(page.locator(`h1[${OFFLINE_PAGE_ATTRIBUTE}]`)).toHaveText('Нет подключения к сети')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU')

  // A language never used: the offline page of the one used last.
  await page.goto('/ar-SA/trade/spot/ETH/USDT')
  await expect(page.locator(`h1[${OFFLINE_PAGE_ATTRIBUTE}]`)).toHaveText('Нет подключения к сети')
})

test('the offline page is right-to-left in Arabic and reloads the page when the network returns', async ({ page, context }) => {
  await openAndSave(page, '/ar-SA')
  await offline(context, true)
  await page.goto('/ar-SA/trade/spot/ETH/USDT')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator(`h1[${OFFLINE_PAGE_ATTRIBUTE}]`)).toHaveText('أنت غير متصل بالإنترنت')
  await offline(context, false)
  await expect(page.locator('.pair-page')).toBeVisible()
  await expect(page).toHaveURL(/\/ar-SA\/trade\/spot\/ETH\/USDT$/)
})

test('a launch from the home screen offline opens the markets page saved last', async ({ page, context }) => {
  await openAndSave(page, '/en')
  const manifest = await (await page.request.get('/manifest.webmanifest')).json()
  await offline(context, true)
  await page.goto(manifest.start_url)
  await expect(page).toHaveURL(/\/en$/)
  await expect(notice(page)).toHaveText(/^Saved copy · /)
  await expect(page.locator('.market-table')).toBeVisible()
})

test('a client-side navigation offline ends in the saved copy, or in the offline page', async ({ page, context }) => {
  await openAndSave(page, OTHER_PAIR)
  await openAndSave(page, '/en')
  await offline(context, true)
  // A row of a pair opened before: the router's payload request fails, the document comes from the worker.
  await page.locator(`a[href="${OTHER_PAIR}"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`${OTHER_PAIR}$`))
  await expect(notice(page)).toHaveText(/^Saved copy · /)
  await expect(page.locator('h1')).toContainText('ETH')

  await page.goBack()
  await expect(page).toHaveURL(/\/en$/)
  await page.locator(`a[href="${PAIR}"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`${PAIR}$`))
  await expect(page.locator(`h1[${OFFLINE_PAGE_ATTRIBUTE}]`)).toHaveText('You are offline')
})

test('a stalled network: past 3 s the saved copy, and a client-side navigation never hangs', async ({ page, context }) => {
  await openAndSave(page, OTHER_PAIR)
  await openAndSave(page, '/en')
  await savedAgo(page, OTHER_PAIR, 2 * 60_000)
  // Every page and payload request is accepted and never answered (the scripts still load).
  await context.route(/\/en(\/|\?|$)/, () => {})
  await page.locator(`a[href="${OTHER_PAIR}"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`${OTHER_PAIR}$`))
  await expect(notice(page)).toHaveText(/^Saved copy · /)
})

test('a page opened within the last minute opens from its copy at once, unmarked', async ({ page }) => {
  await openAndSave(page, PAIR)
  await page.goto('about:blank')
  const reply = await page.goto(PAIR)
  // The worker's copy (its ledger headers), not the network's answer, and no saved-copy mark.
  expect(reply?.fromServiceWorker()).toBe(true)
  expect(reply?.headers()[LEDGER_HEADERS.savedAt]).toMatch(/^\d+$/)
  await expect(page.locator('h1')).toContainText('BTC')
  await expect(renderMark(page)).toHaveAttribute(RENDERED_AT_ATTRIBUTE)
  expect(await page.locator('html').getAttribute(SAVED_COPY_ATTRIBUTE)).toBeNull()
})

test('online, a page whose render is older than pages are in normal service says its age (an edge copy kept through an outage)', async ({ page }) => {
  await page.clock.install()
  await page.goto(PAIR)
  const renderedAt = Date.parse((await renderMark(page).getAttribute(RENDERED_AT_ATTRIBUTE)) ?? '')
  // 14 minutes after the render: within R + E (15 min, docs/decisions/fleet.md "The worst age of a page"), no notice.
  // The notice reads the clock every 30 s.
  await page.clock.setSystemTime(renderedAt + 14 * 60_000)
  await page.clock.fastForward(30_000)
  // The notice is there (its chunk has loaded), and says nothing.
  await expect(notice(page)).toBeAttached()
  await expect(notice(page)).toBeHidden()
  // 16 minutes after: a copy kept through an outage.
  await page.clock.setSystemTime(renderedAt + 16 * 60_000 + 1000)
  await page.clock.fastForward(30_000)
  await expect(notice(page)).toHaveText('Saved copy · 16 minutes ago')
  await expect(page.locator('html')).not.toHaveAttribute(SAVED_COPY_ATTRIBUTE)
})

test('the worker is registered once the page is quiet, not on the first visit’s path', async ({ page }) => {
  // docs/decisions/offline.md "Nothing on the first visit's path". The page's clock stands still
  // and moves only in steps of STEP_MS: the offline layer's chunk shows up in one step (React
  // reveals it on a timer), and the layer waits PAGE_QUIET from then.
  const STEP_MS = 100
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1000)
  await page.goto(PAIR)
  await expect
    .poll(
      async () => {
        await page.clock.runFor(STEP_MS)
        return notice(page).count()
      },
      { message: 'the offline layer is shown' },
    )
    .toBe(1)
  const registered = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined)
  // At most STEP_MS + (delay − 2 steps) after the layer mounted: before the delay ends.
  await page.clock.runFor(PAGE_QUIET.delayMs - 2 * STEP_MS)
  expect(await registered()).toBe(false)
  // At least the delay and the idle callback's timeout after it.
  await page.clock.runFor(2 * STEP_MS + PAGE_QUIET.idleTimeoutMs)
  await expect.poll(registered, { message: 'the worker is registered once the page is quiet' }).toBe(true)
  await kept(page, PAGES_CACHE, PAIR)
})

test('the worker’s script carries the site’s headers, is never kept past revalidation, and keeps no API answer', async ({ page, request }) => {
  const script = await request.get('/serwist/sw.js')
  expect(script.status()).toBe(200)
  expect(script.headers()['cache-control']).toBe('no-cache')
  expect(script.headers()['content-type']).toBe('text/javascript; charset=utf-8')
  expect(script.headers()['content-security-policy']).toContain("worker-src 'self'")
  expect(script.headers()['x-content-type-options']).toBe('nosniff')

  await openAndSave(page, PAIR)
  const keys = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('spot-'))
    return (await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat()
  })
  expect(keys).toContain(PAIR)
  expect(keys.some((path) => path.startsWith('/_next/static/'))).toBe(true)
  expect(keys.filter((path) => !(path === PAIR || path === '/en/offline' || path.startsWith('/_next/static/')))).toEqual([])
})

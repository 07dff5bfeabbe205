import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { E2E_PORTS } from '../playwright.config'
import { startFreeSimulator } from '../simulator/testkit'
import { startNext } from '../scripts/support/next-server'

const MIN = 60_000
const HOUR = 60 * MIN
const PAIR_PAGE = '/en/trade/spot/BTC/USDT'

/** A loopback port nothing listens on (taken from the OS, then released). */
function deadPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * The layout shift of the provenance badge's own content, summed since the page started (the
 * observer is installed before the page's scripts; other parts of the page are not this test's).
 */
async function observeBadgeShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __badgeShift: number }
    w.__badgeShift = 0
    type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null }[] }
    new PerformanceObserver((list) => {
      const badge = document.querySelector('[data-testid="provenance"]')
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.sources?.some((source) => source.node && badge?.contains(source.node))) w.__badgeShift += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

async function badgeShift(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  return page.evaluate(() => (window as unknown as { __badgeShift: number }).__badgeShift)
}

test("the browser's own cached list beats the built-in sample, labelled with its real age", async ({ browser }) => {
  // A site whose server has no list at all (its upstream is a dead port, its cache folder empty),
  // so it renders the built-in sample; the browser talks to an upstream of its own.
  const port = E2E_PORTS.spec.provenance
  const site = `http://localhost:${port}`
  const upstream = await startFreeSimulator({ allowedOrigins: [site] })
  const cacheDir = mkdtempSync(join(tmpdir(), 'spot-e2e-symbols-'))
  const server = await startNext(port, {
    API_BASE_URL: `http://127.0.0.1:${await deadPort()}`,
    API_HOSTS: [upstream.urls.main, upstream.urls.alt1, upstream.urls.alt2].join(','),
    FAST_PATH_MODE: 'off',
    SYMBOL_CACHE_DIR: cacheDir,
  })
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    // The server's HTML: the sample, never called live, with no age (it never left an upstream).
    const html = await (await page.request.get(`${site}/en`)).text()
    expect(html).toContain('data-state="sample"')
    expect(html).not.toContain('data-state="live"')

    // The browser loads the real list and keeps it in its own cache (localStorage).
    await page.goto(`${site}/en`)
    const badge = page.getByTestId('provenance')
    await expect(badge).toHaveAttribute('data-state', 'live', { timeout: 15_000 })
    const pairCount = () => page.locator('[data-count]').getAttribute('data-count').then(Number)
    const rows = await pairCount()
    expect(rows).toBeGreaterThan(100)

    // That cache was saved 3 hours ago; now every upstream host refuses.
    await page.evaluate((ageMs) => {
      for (const key of ['symbol_list_v3_cache', 'symbol_list_all_cache']) {
        const record = JSON.parse(localStorage.getItem(key) ?? 'null') as { savedAt: number }
        localStorage.setItem(key, JSON.stringify({ ...record, savedAt: Date.now() - ageMs }))
      }
      localStorage.removeItem('symbol_list_confirmed') // no later confirmation either
    }, 3 * HOUR)
    upstream.setFault({ host: '*', endpoint: '*', fault: { kind: 'refuse' } })
    await page.reload()
    await expect(badge).toHaveAttribute('data-source', 'cache', { timeout: 20_000 })
    await expect.poll(pairCount).toBe(rows)
    await expect(badge).toHaveAttribute('data-state', 'stale')
    await expect(badge).toContainText('Cached copy')
    await expect(badge).toContainText('3 hr')
    expect(Number(await badge.getAttribute('data-age-ms'))).toBeGreaterThanOrEqual(3 * HOUR - MIN)
  } finally {
    await context.close()
    await server.stop()
    await upstream.close()
    rmSync(cacheDir, { recursive: true, force: true })
  }
})

test('a page rendered 44 minutes before it is shown says so after hydration, without a layout shift', async ({ browser }) => {
  const context = await browser.newContext()
  try {
    // Rendered from the live list now; shown now it is live.
    const now = await context.newPage()
    await now.goto(PAIR_PAGE)
    await expect(now.getByTestId('provenance')).toHaveAttribute('data-state', 'live')
    await expect(now.getByTestId('provenance')).toHaveAttribute('data-source', 'v3+all')

    // The same cached HTML shown 44 minutes later (the browser's clock moved on).
    const later = await context.newPage()
    const shownAt = Date.now() + 44 * MIN
    await later.clock.setFixedTime(shownAt)
    await observeBadgeShifts(later)
    const response = await later.goto(PAIR_PAGE)
    const html = (await response?.text()) ?? ''
    expect(html).toContain('data-state="live"') // as rendered
    // The page may be a kept copy of an earlier render (ISR, earlier specs): its age is from its own list time.
    const fetchedAt = Number(/data-fetched-at="(\d+)"/.exec(html)?.[1])
    expect(fetchedAt).toBeGreaterThan(0)
    const minutes = Math.floor((shownAt - fetchedAt) / MIN)
    expect(minutes).toBeGreaterThanOrEqual(44)
    const badge = later.getByTestId('provenance')
    await expect(badge).toHaveAttribute('data-state', 'stale')
    await expect(badge).toHaveAttribute('data-source', 'v3+all')
    await expect(badge).toContainText('Cached copy')
    await expect(badge).toContainText(new RegExp(`(${minutes}|${minutes + 1}) min`))
    await expect(badge).not.toContainText('Live')
    expect(await badgeShift(later)).toBe(0)
  } finally {
    await context.close()
  }
})

/**
 * The listed parts wired into the product: the profile in the header (SPEC §7), the help-centre
 * link in the footer (SPEC §3 map), the Errors.* messages in the markets page's failure state.
 */
import { expect, test, type Page, type Response } from '@playwright/test'
import { sim } from '../playwright.config'
import { helpCentreUrl } from '../lib/i18n/help-centre'
import { LANGUAGES } from '../lib/i18n/languages'
import { REGIONS, type RegionId } from '../lib/regions/regions'
import { regionHost, regionOrigin } from './support/hosts'
import { getRaw, inParallel } from './support/raw-http'
import { clearFaults, setFaults, setLatency } from './support/sim'
import { ageEmbeddedList, FIRST_LIST_REQUEST_MS } from './support/clock'

const PROFILE = '/v2/private/user/profile'
const TR = regionOrigin('tr')
const isProfile = (url: string) => new URL(url).pathname === PROFILE
/** The profile GET's answer (not a CORS preflight). */
const profileAnswer = (r: Response) => isProfile(r.url()) && r.request().method() === 'GET'

test.afterEach(async () => {
  await clearFaults()
  for (const host of ['main', 'alt1', 'alt2', 'fastPath'] as const) await setLatency(host, 5)
})

/**
 * Signs the browser in for the API hosts. In production the API hosts are the site's own
 * subdomains, so the session cookie is same-site and the browser sends it; here the page is on
 * localhost and the simulator on 127.0.0.1, a cross-site pair for which Chromium sends no
 * cookie. The route adds it to the real request the page made, on its way to the simulator.
 */
async function signIn(page: Page, name: string): Promise<void> {
  await page.route(
    (url) => isProfile(url.href),
    async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), cookie: `session=${name}` } })
      await route.fulfill({ response })
    },
  )
}

test('signed out: the header shows no profile', async ({ page }) => {
  // The answer is read on its way to the page (as signIn does): Chromium sometimes keeps no body
  // of a finished cross-origin answer for the test to read afterwards.
  let answer: unknown
  await page.route(
    (url) => isProfile(url.href),
    async (route) => {
      const response = await route.fetch()
      if (route.request().method() === 'GET') answer = await response.json()
      await route.fulfill({ response })
    },
  )
  await page.goto(`${TR}/en-TR`)
  await expect.poll(() => answer, { timeout: 10_000 }).toMatchObject({ ret_code: 10007 })
  await expect(page.getByTestId('profile')).toHaveCount(0)
})

test('signed in: the profile comes from the chosen host; a failed answer keeps the cached one', async ({ page }) => {
  await setFaults([{ host: '*', endpoint: 'getproxy', fault: { kind: 'proxyRes', resCode: 3 } }]) // no fast path
  await setLatency('main', 400)
  await setLatency('alt2', 400)
  await signIn(page, 'alice')
  const asked = page.waitForRequest((r) => isProfile(r.url()), { timeout: 10_000 })
  await page.goto(`${TR}/en-TR`)
  expect(new URL((await asked).url()).origin).toBe(sim('alt1'))
  await expect(page.getByTestId('profile')).toHaveText('alice', { timeout: 10_000 })

  await setFaults([{ host: '*', endpoint: 'profile', fault: { kind: 'status', status: 503 } }])
  const failed = page.waitForResponse(profileAnswer, { timeout: 10_000 })
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  expect((await failed).status()).toBe(503)
  await expect(page.getByTestId('profile')).toHaveText('alice')
})

test('the footer links the help centre in each region’s languages', async () => {
  test.setTimeout(120_000) // 18 pages, each rendered on its first request (the build has no upstream)
  // The footer is a server component: the link is in the server HTML, before any script runs, so
  // the pages are fetched (a few at once) rather than loaded in a browser.
  const pages = (Object.keys(REGIONS) as RegionId[]).flatMap((id) => REGIONS[id].languages.slice(0, 2).map((code) => ({ id, code })))
  const links = await inParallel(pages, 3, async ({ id, code }) => {
    const answer = await getRaw(regionHost(id), `/${code}`)
    const tag = /<a\b[^>]*\bdata-testid="help-centre"[^>]*>/.exec(answer.body)?.[0] ?? ''
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
    return { page: `${id} ${code}`, status: answer.status, href: attribute('href'), hreflang: attribute('hreflang') }
  })
  expect(links).toEqual(
    pages.map(({ id, code }) => ({
      page: `${id} ${code}`,
      status: 200,
      href: helpCentreUrl(LANGUAGES[code].helpLocale),
      hreflang: LANGUAGES[code].helpLocale,
    })),
  )
})

test('the markets page says why its list is not live, in the page language, and retries', async ({ page }) => {
  await ageEmbeddedList(page) // the page's first list request is what this test watches
  const empty = { kind: 'empty' } as const
  await setFaults(
    ['symbol_list_v3', 'symbol_list_all', 'symbol_list_v2'].map((endpoint) => ({ host: '*' as const, endpoint: endpoint as 'symbol_list_v3', fault: empty })),
  )
  await page.goto(`${TR}/tr-TUR`)
  const notice = page.getByTestId('load-failure')
  await expect(notice).toContainText('Yanıt yok!', { timeout: 15_000 + FIRST_LIST_REQUEST_MS }) // Errors.nonResponse in Turkish
  await expect(page.getByTestId('market-table').locator('tbody tr').first()).toBeVisible()
  await clearFaults()
  await notice.getByRole('button', { name: 'Tekrar dene' }).click()
  await expect(notice).toHaveCount(0, { timeout: 15_000 })
})

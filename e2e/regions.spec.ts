import { expect, test, type Browser } from '@playwright/test'
import { E2E_PORT } from '../playwright.config'
import { LANGUAGES } from '../lib/i18n/languages'
import { REGION_IDS, REGIONS } from '../lib/regions/regions'
import { regionOrigin } from './support/hosts'
import { ageEmbeddedList } from './support/clock'
import { nextV3Request } from './support/list-request'

const origin = regionOrigin

/** A browser whose languages match none of the site's, so the region default must win. */
async function newPage(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale, extraHTTPHeaders: { 'Accept-Language': locale } })
  return { context, page: await context.newPage() }
}

for (const id of REGION_IDS) {
  const region = REGIONS[id]

  test(`${id}: default language, exactly the region's languages, and the choice persists`, async ({ browser }) => {
    const { context, page } = await newPage(browser, 'fr-FR')
    const pageErrors: string[] = [] // uncaught exceptions and unhandled rejections in the page
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(`${origin(id)}/`)
    await expect(page).toHaveURL(`${origin(id)}/${region.defaultLanguage}`)
    await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGES[region.defaultLanguage].locale)
    await expect(page.locator('body')).toHaveAttribute('data-region', id)

    const options = page.getByTestId('language-switcher').locator('option')
    await expect(options).toHaveCount(region.languages.length)
    expect(await options.evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value))).toEqual([...region.languages])
    expect(await options.allTextContents()).toEqual(region.languages.map((code) => LANGUAGES[code].label))
    // Each option's lang is the language's BCP 47 locale, never its code (tr-TUR is not a tag)…
    expect(await options.evaluateAll((els) => els.map((el) => el.getAttribute('lang')))).toEqual(region.languages.map((code) => LANGUAGES[code].locale))
    // …and every lang attribute on the page is one the browser's own Intl accepts.
    const invalidTags = await page.locator('[lang]').evaluateAll((els) =>
      els
        .map((el) => el.getAttribute('lang') ?? '')
        .filter((tag) => {
          try {
            return Intl.getCanonicalLocales(tag).length !== 1
          } catch {
            return true
          }
        }),
    )
    expect(invalidTags).toEqual([])

    const other = region.languages.find((code) => code !== region.defaultLanguage)
    if (other) {
      await page.getByTestId('language-switcher').selectOption(other)
      await expect(page).toHaveURL(`${origin(id)}/${other}`)
      await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGES[other].locale)
      const cookies = await context.cookies(origin(id))
      expect(cookies.find((c) => c.name === 'BYBIT_LANG_KEY')?.value).toBe(other)
      await page.goto(`${origin(id)}/`)
      await expect(page).toHaveURL(`${origin(id)}/${other}`)
    }
    expect(pageErrors).toEqual([])
    await context.close()
  })
}

test('Accept-Language is negotiated against the region: tr-TR gets tr-TUR on the Turkish site', async ({ browser }) => {
  const { context, page } = await newPage(browser, 'tr-TR')
  await page.goto(`${origin('tr')}/`)
  await expect(page).toHaveURL(`${origin('tr')}/tr-TUR`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr-TR')
  // The same browser on the main site has no Turkish: English.
  await page.goto(`${origin('main')}/`)
  await expect(page).toHaveURL(`${origin('main')}/en`)
  await context.close()
})

test('a language outside the region is redirected to the region’s own', async ({ page }) => {
  await page.goto(`${origin('tr')}/ja-JP`)
  await expect(page).toHaveURL(`${origin('tr')}/en-TR`)
  await page.goto(`${origin('main')}/tr-TUR`)
  await expect(page).toHaveURL(`${origin('main')}/en`)
})

test('ar-SA on the main site is right-to-left', async ({ page }) => {
  await page.goto(`${origin('main')}/ar-SA`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA')
})

test('the browser’s API requests carry lang as the site code and Accept-Language as the plain BCP 47 tag', async ({ page }) => {
  await ageEmbeddedList(page) // the page's first list request is what this test watches
  // ar-SA formats figures as ar-SA-u-nu-latn; that extension must not reach the upstream.
  for (const [region, code] of [
    ['main', 'ar-SA'],
    ['tr', 'tr-TUR'],
  ] as const) {
    const request = nextV3Request(page)
    await page.goto(`${origin(region)}/${code}`)
    const headers = await (await request).allHeaders()
    expect({ lang: headers['lang'], acceptLanguage: headers['accept-language'] }).toEqual({ lang: code, acceptLanguage: LANGUAGES[code].locale })
  }
})

test('the theme from BYBIT_THEME_KEY applies before the first paint', async ({ browser }) => {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'BYBIT_THEME_KEY', value: 'day', url: origin('main') }])
  const page = await context.newPage()
  // Record the theme as the DOM is first parsed, before any React code runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      ;(window as unknown as { firstTheme: string | null }).firstTheme = document.documentElement.getAttribute('data-theme')
    })
  })
  await page.goto(`${origin('main')}/en`)
  expect(await page.evaluate(() => (window as unknown as { firstTheme: string | null }).firstTheme)).toBe('day')
  await page.getByTestId('theme-switch').click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'night')
  expect((await context.cookies(origin('main'))).find((c) => c.name === 'BYBIT_THEME_KEY')?.value).toBe('night')
  await context.close()
})

test('a hostile Host header never appears in the HTML or a redirect', async ({ browser }) => {
  // evil.example resolves to our server (launch flag --host-resolver-rules in playwright.config).
  const context = await browser.newContext()
  const page = await context.newPage()
  const response = await page.goto(`http://evil.example:${E2E_PORT}/`)
  expect(response?.status()).toBe(200)
  // An unknown host is the main site; the redirect is relative or on main's configured origin.
  expect(new URL(page.url()).pathname).toBe('/en')
  await expect(page.locator('body')).toHaveAttribute('data-region', 'main')
  expect(await page.content()).not.toContain('evil.example')
  await context.close()
})

test('forged X-Forwarded-Host and x-middleware-subrequest change nothing', async ({ request }) => {
  const forged = await request.get(`${origin('main')}/`, {
    maxRedirects: 0,
    headers: { 'x-forwarded-host': 'tr.localhost', 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
  })
  expect(forged.status()).toBe(307)
  expect(forged.headers()['location']).toMatch(/^(http:\/\/localhost:\d+)?\/en$/)
  // Node cannot resolve *.localhost: talk to 127.0.0.1 and name the region in the Host header.
  const subrequest = { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' }
  const asGe = { host: `ge.localhost:${E2E_PORT}`, ...subrequest }
  const inner = await request.get(`http://127.0.0.1:${E2E_PORT}/ge/en-GEO`, { headers: asGe, maxRedirects: 0 })
  expect(inner.status()).toBe(307) // the middleware ran: the internal path is just a path without a language
  expect(inner.headers()['location']).toMatch(/\/en-GEO\/ge\/en-GEO$/)
  const nested = await request.get(`http://127.0.0.1:${E2E_PORT}/en-GEO/ge/en-GEO`, { headers: asGe, maxRedirects: 0 })
  expect(nested.status()).toBe(404) // the internal route is never reachable from outside
  // "tr" is also Turkish's language tag: /tr/tr-TUR becomes the Turkish page path /tr-TUR/tr-TUR, a 404.
  const asTr = { host: `tr.localhost:${E2E_PORT}`, ...subrequest }
  const turkish = await request.get(`http://127.0.0.1:${E2E_PORT}/tr/tr-TUR`, { headers: asTr, maxRedirects: 0 })
  expect(turkish.headers()['location']).toMatch(/\/tr-TUR\/tr-TUR$/)
  expect((await request.get(`http://127.0.0.1:${E2E_PORT}/tr-TUR/tr-TUR`, { headers: asTr, maxRedirects: 0 })).status()).toBe(404)
})

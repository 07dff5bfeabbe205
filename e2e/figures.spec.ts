import { expect, test, type Browser } from '@playwright/test'
import { REGION_IDS, REGIONS, type RegionId } from '../lib/regions/regions'
import { LANGUAGES, type LanguageCode } from '../lib/i18n/languages'
import { formatLocale } from '../lib/i18n/format-locale'
import { figureFormatsOf } from '../lib/i18n/figure-formats'
import { regionOrigin } from './support/hosts'

// Issue #27: every figure a page shows goes through the locale's formatter, so no price, limit or
// count reaches the reader as a long run of ungrouped digits (docs/decisions/pages.md
// "Figures as text"). Five digits is the test: some locales (es) leave 4-digit numbers ungrouped.
// BTC/USDT carries a limit in the millions, PEPE/USDT a meme coin's supply-sized quantity: a
// region's languages take them in turn, and ae, which serves main's languages, the other way round.
const PAIRS = ['/trade/spot/BTC/USDT', '/trade/spot/PEPE/USDT']
const pairFor = (id: RegionId, langIndex: number) => PAIRS[(langIndex + (id === 'ae' ? 1 : 0)) % PAIRS.length]
/** Pages loaded at once: the server renders each; more only queue on the machine's two cores. */
const AT_ONCE = 4

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The text with what the issue excepts taken out: times ("13:44:53"), and fraction digits, which
 * no locale groups ("0.000000000001"). Ids carry no five-digit runs on these pages.
 */
function withoutExceptions(text: string, lang: LanguageCode): string {
  const { decimal } = figureFormatsOf(formatLocale(LANGUAGES[lang]))
  return text.replace(/\d{1,2}:\d{2}(:\d{2})?/g, ' ').replace(new RegExp(`${escape(decimal)}\\d+`, 'g'), ' ')
}

/**
 * Each ungrouped run with a little context, per page; empty when every figure is grouped. The
 * server renders every figure (the browser later formats with the same figure formats), so the
 * pages load without JavaScript: no chart, socket or hydration to wait for.
 */
async function ungroupedRuns(browser: Browser, urls: { url: string; lang: LanguageCode }[]): Promise<string[]> {
  const context = await browser.newContext({ javaScriptEnabled: false })
  // Icons are no text: not fetched, the pages come sooner.
  await context.route(/\.(png|svg|ico|webp)(\?|$)/, (route) => route.abort())
  const found: string[] = []
  const queue = [...urls]
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      const page = await context.newPage()
      for (let next = queue.shift(); next; next = queue.shift()) {
        await page.goto(next.url, { waitUntil: 'domcontentloaded' })
        const text = withoutExceptions(await page.evaluate(() => document.body.innerText), next.lang)
        for (const m of text.matchAll(/\d{5,}/g))
          found.push(`${next.url}: …${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 10).replace(/\s+/g, ' ')}…`)
      }
      await page.close()
    }),
  )
  await context.close()
  return found
}

for (const id of REGION_IDS) {
  test(`${id}: no page shows a figure of five or more ungrouped digits, in any of its languages`, async ({ browser }) => {
    // Each page is rendered on first request: 16 languages take a while on a busy machine.
    test.setTimeout(180_000)
    const urls = REGIONS[id].languages.flatMap((lang, i) => ['', pairFor(id, i)].map((path) => ({ url: `${regionOrigin(id)}/${lang}${path}`, lang })))
    expect(await ungroupedRuns(browser, urls)).toEqual([])
  })
}

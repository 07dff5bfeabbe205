import { expect, test, type Page } from '@playwright/test'
import { regionOrigin } from './support/hosts'

// issue 51: the pair page's order book and recent trades (docs/decisions/pages.md "The order book and trades on the pair page").
const MAIN = regionOrigin('main')
const PAIR = '/trade/spot/BTC/USDT'
const SHOTS = process.env.BOOK_SHOTS_DIR

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

for (const [name, width, lang] of [
  ['phone', 390, 'en'],
  ['desktop', 1366, 'en'],
  ['phone-ar', 390, 'ar-SA'],
] as const) {
  test(`${name}: the book and the trades draw`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${MAIN}/${lang}${PAIR}`)
    await expect(page.getByTestId('book-panel')).toBeVisible()
    await page.waitForTimeout(3000)
    await shot(page, name)
    await context.close()
  })
}

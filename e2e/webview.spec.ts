import { expect, test } from '@playwright/test'
import { REQUIRED_APP_VERSION } from '../lib/webview/detect'
import en from '../messages/en.json'
import tr from '../messages/tr.json'
import { regionOrigin } from './support/hosts'
import { recorded, type TestWindow } from './support/test-window'

// "Open the app" on a phone and in the exchange's webview, with a stand-in bridge on window.
const TR = regionOrigin('tr')

/** The notice as the product's own message files word it. */
const requiredNotice = (messages: typeof en) => messages.Webview.required.replace('{version}', REQUIRED_APP_VERSION)

const UA = (version: string) => `Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36 BybitApp/${version}`

test('webview 3.1.1: the bridge call shows the "open in the app" notice instead of breaking', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: UA('3.1.1') })
  const page = await context.newPage()
  await page.addInitScript(() => {
    const w: TestWindow = window
    const calls: unknown[] = []
    w.bridgeCalls = calls
    w.bybitBridge = { call: (method: string) => calls.push(method) }
  })
  await page.goto(`${TR}/en-TR/trade/spot/BTC/USDT`)
  await page.getByTestId('open-in-app').click()
  await expect(page.getByTestId('webview-notice')).toHaveText(requiredNotice(en))
  // A too-old app's bridge is never called (recorded, not assumed).
  expect(await recorded(page, 'bridgeCalls')).toEqual([])
  await context.close()
})

test('webview 3.1.2: the bridge is called, translated notice absent', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: UA('3.1.2') })
  const page = await context.newPage()
  await page.addInitScript(() => {
    const w: TestWindow = window
    const calls: unknown[] = []
    w.bridgeCalls = calls
    w.bybitBridge = { call: (method: string, params: unknown) => calls.push({ method, params }) }
  })
  await page.goto(`${TR}/tr-TUR/trade/spot/BTC/USDT`)
  await page.getByTestId('open-in-app').click()
  await expect.poll(() => recorded(page, 'bridgeCalls')).toEqual([{ method: 'openSpotTrade', params: { symbolId: 'BTCUSDT' } }])
  await expect(page.getByTestId('webview-notice')).toHaveCount(0)
  await context.close()
})

test('a phone browser (not the app) gets the notice in the page’s language', async ({ browser }) => {
  // A desktop browser is offered no app at all (docs/decisions/network-layer.md "Open the app: phones only").
  const context = await browser.newContext({ userAgent: UA('x').replace(/ BybitApp\/x$/, '') })
  const page = await context.newPage()
  await page.goto(`${TR}/tr-TUR/trade/spot/BTC/USDT`)
  await page.getByTestId('open-in-app').click()
  // Exactly the Turkish message (not merely "not English").
  await expect(page.getByTestId('webview-notice')).toHaveText(requiredNotice(tr))
  await context.close()
})

test('a bridge that rejects or throws shows the generic notice and leaves no unhandled rejection', async ({ browser }) => {
  for (const failure of ['reject', 'throw'] as const) {
    const context = await browser.newContext({ userAgent: UA('3.1.2') })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.addInitScript((kind) => {
      const w: TestWindow = window
      const rejections: string[] = []
      w.rejections = rejections
      window.addEventListener('unhandledrejection', (event) => rejections.push(String(event.reason)))
      const call =
        kind === 'reject'
          ? () => Promise.reject(new Error('cancelled by the user'))
          : () => {
              throw new Error('bridge broke')
            }
      w.bybitBridge = { call }
    }, failure)
    await page.goto(`${TR}/en-TR/trade/spot/BTC/USDT`)
    await page.getByTestId('open-in-app').click()
    await expect(page.getByTestId('webview-notice')).toHaveText(en.Errors.generic)
    // A stray rejection would be reported before a marker rejected after it (reports keep their
    // order), so once the marker is in, the page's own are too.
    await page.evaluate(() => void Promise.reject(new Error('rejection marker')))
    await expect.poll(() => recorded(page, 'rejections')).toContain('Error: rejection marker')
    expect(await recorded(page, 'rejections')).toEqual(['Error: rejection marker'])
    expect(pageErrors.filter((message) => !message.includes('rejection marker'))).toEqual([])
    await context.close()
  }
})

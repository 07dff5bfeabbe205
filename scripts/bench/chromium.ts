/**
 * The browser every bench part drives (Lighthouse, the phone-CPU loads, the interactions) and the
 * two pages they measure. Settings and flags: docs/decisions/pages.md "Lighthouse scores in the
 * bench".
 */

export const CHROME = '/usr/bin/chromium'
/** Headless Debian Chromium as root in a container, with no background traffic of its own. */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
/** The same for Playwright's launch, which adds its own headless switch. */
export const PLAYWRIGHT_FLAGS = CHROME_FLAGS.filter((flag) => flag !== '--headless')
export const BENCH_PAGES = { markets: '/en', pair: '/en/trade/spot/BTC/USDT' } as const
/** A Playwright context as Lighthouse's mobile emulation: 412×823 at device pixel ratio 1.75, touch. */
export const PHONE_CONTEXT = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const

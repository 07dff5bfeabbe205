import { appOffer } from './offer'

const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15'
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36'
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const IN_APP = `${ANDROID_CHROME} BybitApp/3.1.2`

describe('where the page offers the app', () => {
  it('never on a desktop browser', () => {
    expect(appOffer({ userAgent: DESKTOP_CHROME })).toBe('none')
    expect(appOffer({ userAgent: MAC_SAFARI, maxTouchPoints: 0 })).toBe('none')
    expect(appOffer({ userAgent: '' })).toBe('none')
    expect(appOffer({ userAgent: undefined })).toBe('none')
  })
  it('"Open the app" on phone and tablet browsers, iPadOS (a Mac user agent with touch) too', () => {
    expect(appOffer({ userAgent: ANDROID_CHROME })).toBe('open-app')
    expect(appOffer({ userAgent: IPHONE_SAFARI })).toBe('open-app')
    expect(appOffer({ userAgent: MAC_SAFARI, maxTouchPoints: 5 })).toBe('open-app')
  })
  it('inside the app webview never "Open the app": it already is the app', () => {
    expect(appOffer({ userAgent: IN_APP })).toBe('trade-in-app')
    expect(appOffer({ userAgent: `${ANDROID_CHROME} BybitApp/3.0.0` })).toBe('trade-in-app')
  })
})

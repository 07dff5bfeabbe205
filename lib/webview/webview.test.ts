import { callBridge, isWebviewRequiredError, WebviewRequiredError } from './bridge'
import { compareVersions, detectWebview } from './detect'

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36'
const IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36'
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'

describe('detectWebview (SPEC §1: app webview 3.1.2 or later)', () => {
  it.each([
    [`${ANDROID} BybitApp/3.1.1`, { inApp: true, version: '3.1.1', suitable: false }],
    [`${ANDROID} BybitApp/3.1.2`, { inApp: true, version: '3.1.2', suitable: true }],
    [`${IOS} BybitApp/3.10.0`, { inApp: true, version: '3.10.0', suitable: true }],
    [`${IOS} bybit_app/3.1.2`, { inApp: true, version: '3.1.2', suitable: true }],
    [`${IOS} BYBITAPP/4.0`, { inApp: true, version: '4.0', suitable: true }],
    [`${ANDROID} BybitApp/3.1.2-beta.1`, { inApp: true, version: '3.1.2-beta.1', suitable: false }],
    [`${ANDROID} BybitApp/2.99.99`, { inApp: true, version: '2.99.99', suitable: false }],
    [`${ANDROID} BybitApp/unknown`, { inApp: true, version: 'unknown', suitable: false }],
    [`BybitApp/3.2.0 (iOS)`, { inApp: true, version: '3.2.0', suitable: true }],
  ])('%s', (ua, expected) => {
    expect(detectWebview(ua)).toEqual(expected)
  })

  it.each([[CHROME], [SAFARI], [ANDROID], [IOS], [''], [`${CHROME} MyBybitApp/9.9.9`], [`${CHROME} https://x.example/?BybitApp/3.1.2`]])(
    'plain browser: %s',
    (ua) => {
      expect(detectWebview(ua)).toEqual({ inApp: false, version: null, suitable: false })
    },
  )

  it('handles a missing user agent', () => {
    expect(detectWebview(undefined).inApp).toBe(false)
    expect(detectWebview(null).inApp).toBe(false)
  })

  it('compares versions numerically, pre-releases first', () => {
    expect(compareVersions('3.10.0', '3.9.9')).toBe(1)
    expect(compareVersions('3.1.2', '3.1.2')).toBe(0)
    expect(compareVersions('3.1', '3.1.0')).toBe(0)
    expect(compareVersions('3.1.2-rc.1', '3.1.2')).toBe(-1)
    expect(compareVersions('x', '3.1.2')).toBeNull()
  })
})

describe('callBridge', () => {
  const bridge = { call: jest.fn(async (method: string, params: unknown) => ({ method, params })) }
  beforeEach(() => bridge.call.mockClear())

  it('calls the bridge inside a suitable webview', async () => {
    await expect(callBridge('share', { url: 'x' }, { userAgent: `${IOS} BybitApp/3.1.2`, bridge })).resolves.toEqual({ method: 'share', params: { url: 'x' } })
    expect(bridge.call).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['a plain browser', CHROME, 'not-in-app', null],
    ['an app that is too old', `${IOS} BybitApp/3.1.1`, 'version-too-old', '3.1.1'],
  ])('rejects in %s with WebviewRequiredError, without calling the bridge', async (_, userAgent, reason, detected) => {
    const error: unknown = await callBridge('share', {}, { userAgent, bridge }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WebviewRequiredError)
    expect(error).toMatchObject({
      name: 'WebviewRequiredError',
      requiredVersion: '3.1.2',
      messageKey: 'Webview.required',
      messageValues: { version: '3.1.2' },
      reason,
      detectedVersion: detected,
      method: 'share',
      message: 'Open this in the app, version 3.1.2 or later.',
    })
    expect(isWebviewRequiredError(error)).toBe(true)
    expect(bridge.call).not.toHaveBeenCalled()
  })

  it('rejects when the app is suitable but its bridge object is missing', async () => {
    await expect(callBridge('share', {}, { userAgent: `${IOS} BybitApp/3.5.0` })).rejects.toMatchObject({ reason: 'bridge-missing' })
  })

  it("passes the bridge's own failure through", async () => {
    const failing = { call: () => Promise.reject(new Error('user cancelled')) }
    await expect(callBridge('share', {}, { userAgent: `${IOS} BybitApp/3.5.0`, bridge: failing })).rejects.toThrow('user cancelled')
  })

  it('recognises the error by name across bundles', () => {
    const foreign = Object.assign(new Error('x'), { name: 'WebviewRequiredError' })
    expect(isWebviewRequiredError(foreign)).toBe(true)
    expect(isWebviewRequiredError(new Error('x'))).toBe(false)
  })
})

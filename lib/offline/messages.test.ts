import { isSaveMessage, MAX_ASSETS, saveMessage } from './messages'

describe('the page’s one message to its worker', () => {
  it('accepts what saveMessage makes, capped, and nothing else', () => {
    expect(isSaveMessage(saveMessage('/en?sort=price', true, ['/_next/static/chunks/a.js']))).toBe(true)
    expect(
      saveMessage(
        '/en',
        false,
        Array.from({ length: 500 }, (_, i) => `/_next/static/${i}.js`),
      ).assets,
    ).toHaveLength(MAX_ASSETS)
    expect(isSaveMessage({ type: 'spot-save-page', path: '//evil.example/en', fromHttpCache: true, assets: [] })).toBe(false)
    expect(isSaveMessage({ type: 'spot-save-page', path: 'https://evil.example/en', fromHttpCache: true, assets: [] })).toBe(false)
    expect(isSaveMessage({ type: 'spot-save-page', path: '/en', fromHttpCache: 'yes', assets: [] })).toBe(false)
    expect(isSaveMessage({ type: 'spot-save-page', path: '/en', fromHttpCache: true, assets: [1] })).toBe(false)
    expect(isSaveMessage({ type: 'CACHE_URLS', payload: { urlsToCache: ['/api/health'] } })).toBe(false)
    expect(isSaveMessage(null)).toBe(false)
  })
})

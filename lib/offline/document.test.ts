import { OFFLINE_PAGE_ATTRIBUTE, offlineDocument } from './document'

const text = { title: 'You are offline', description: 'Not <saved> "here"', retry: 'Try again', home: 'Go to markets', siteName: 'Spot Trading' }

describe('the offline page (docs/decisions/offline.md "The offline page")', () => {
  it('is one document in the language’s direction, with no script or stylesheet of a build', () => {
    const html = offlineDocument({ locale: 'ar-SA', dir: 'rtl', homePath: '/ar-SA', themeScript: 'void 0', text })
    expect(html).toMatch(/^<!doctype html><html lang="ar-SA" dir="rtl"/)
    expect(html).toContain(`<h1 ${OFFLINE_PAGE_ATTRIBUTE}>You are offline</h1>`)
    expect(html).toContain('<a href="/ar-SA">Go to markets</a>')
    expect(html).not.toMatch(/src=|<link/)
    expect(html).toContain('noindex')
  })

  it('escapes the texts it is given', () => {
    const html = offlineDocument({ locale: 'en', dir: 'ltr', homePath: '/en"><script>', themeScript: '', text })
    expect(html).toContain('Not &#60;saved&#62; &#34;here&#34;')
    expect(html).not.toContain('/en"><script>')
  })
})

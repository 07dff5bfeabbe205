import { loadSiteConfig } from './config'
import { dispatchRequest, type IncomingRequest } from './dispatch'

const config = loadSiteConfig({ PORT: '3000', REGION_TR_API_BASE_URL: 'http://127.0.0.1:5010' })
const req = (over: Partial<IncomingRequest>): IncomingRequest => ({ pathname: '/', search: '', host: 'localhost:3000', ...over })

describe('dispatchRequest (the edge middleware decision)', () => {
  it('sends a visitor without a language in the URL to the negotiated one, on the configured origin', () => {
    expect(dispatchRequest(req({ host: 'tr.localhost', acceptLanguage: 'tr-TR,tr;q=0.9' }), config)).toEqual({
      kind: 'redirect',
      region: 'tr',
      location: 'http://tr.localhost:3000/tr-TUR',
      status: 307,
    })
    expect(dispatchRequest(req({ host: 'tr.localhost', pathname: '/markets', search: '?q=btc', langCookie: 'en-TR' }), config)).toMatchObject({
      location: 'http://tr.localhost:3000/en-TR/markets?q=btc',
    })
    expect(dispatchRequest(req({ host: 'hk.localhost' }), config)).toMatchObject({ location: 'http://hk.localhost:3000/en-HK' })
  })

  it('rewrites a page to the internal /{region}/{lang} route', () => {
    expect(dispatchRequest(req({ host: 'TR.localhost.:3000', pathname: '/tr-TUR/trade/spot/BTC/USDT' }), config)).toEqual({
      kind: 'rewrite',
      region: 'tr',
      pathname: '/tr/tr-TUR/trade/spot/BTC/USDT',
    })
    expect(dispatchRequest(req({ pathname: '/ar-SA' }), config)).toEqual({ kind: 'rewrite', region: 'main', pathname: '/main/ar-SA' })
  })

  it('marks a path no page has as a 404 rewrite (the catch-all renders the not-found page)', () => {
    expect(dispatchRequest(req({ pathname: '/en/no/such/page' }), config)).toEqual({
      kind: 'rewrite',
      region: 'main',
      pathname: '/main/en/no/such/page',
      status: 404,
    })
    expect(dispatchRequest(req({ pathname: '/en/trade/spot/BTC' }), config)).toMatchObject({ status: 404 })
    expect(dispatchRequest(req({ pathname: '/en/trade/spot/BTC/USDT/x' }), config)).toMatchObject({ status: 404 })
    expect(dispatchRequest(req({ pathname: '/en/trade/spot/NOPE/USDT' }), config)).not.toHaveProperty('status')
  })

  it('rewrites the markets page’s resources on the region’s host, and nothing else below /markets', () => {
    expect(dispatchRequest(req({ host: 'hk.localhost', pathname: '/zh-HK/markets/list/AbCdEfGhIjKlMnOpQrStUv' }), config)).toEqual({
      kind: 'rewrite',
      region: 'hk',
      pathname: '/hk/zh-HK/markets/list/AbCdEfGhIjKlMnOpQrStUv',
      resource: true,
    })
    expect(dispatchRequest(req({ pathname: '/en/markets/figures' }), config)).toEqual({
      kind: 'rewrite',
      region: 'main',
      pathname: '/main/en/markets/figures',
      resource: true,
    })
    // A page is a document: no resource mark.
    expect(dispatchRequest(req({ pathname: '/en/trade/spot/BTC/USDT' }), config)).not.toHaveProperty('resource')
    for (const pathname of ['/en/markets', '/en/markets/list', '/en/markets/list/v/x', '/en/markets/figures/x'])
      expect({ asked: pathname, ...dispatchRequest(req({ pathname }), config) }).toMatchObject({ asked: pathname, status: 404 })
  })

  it('redirects a language the region does not serve to the region’s own (308, URL alone decides)', () => {
    expect(dispatchRequest(req({ host: 'tr.localhost', pathname: '/en/trade', langCookie: 'tr-TUR' }), config)).toMatchObject({
      kind: 'redirect',
      location: 'http://tr.localhost:3000/en-TR/trade',
      status: 308,
    })
    expect(dispatchRequest(req({ pathname: '/tr-TUR' }), config)).toMatchObject({ location: 'http://localhost:3000/en', status: 308 })
  })

  it('keeps hostile hosts on the main site and out of every URL', () => {
    for (const host of ['EVIL.com', 'a.com:@evil.com', 'tr.localhost, evil.com', '', null]) {
      const decision = dispatchRequest(req({ host }), config)
      expect(decision.region).toBe('main')
      expect(JSON.stringify(decision)).not.toMatch(/evil/i)
    }
    const forged = dispatchRequest(req({ host: 'localhost', forwardedHost: 'tr.localhost' }), config)
    expect(forged.region).toBe('main')
  })

  it('never exposes the internal route: /ge/en-GEO or /tr/tr-TUR from outside is just an unknown page path', () => {
    const decision = dispatchRequest(req({ host: 'ge.localhost', pathname: '/ge/en-GEO' }), config)
    expect(decision).toMatchObject({ kind: 'redirect', location: 'http://ge.localhost:3000/en-GEO/ge/en-GEO' })
    // "tr" is also the language tag of Turkish: it becomes the site's Turkish, and the rest a page path.
    const turkish = dispatchRequest(req({ host: 'tr.localhost', pathname: '/tr/tr-TUR' }), config)
    expect(turkish).toMatchObject({ kind: 'redirect', location: 'http://tr.localhost:3000/tr-TUR/tr-TUR' })
  })

  it('leaves /x-api to the site’s own proxy route, which maps the Host itself', () => {
    expect(dispatchRequest(req({ host: 'tr.localhost', pathname: '/x-api/t1', search: '?a=1' }), config)).toEqual({
      kind: 'pass',
      region: 'tr',
      resource: true,
    })
    expect(JSON.stringify(dispatchRequest(req({ host: 'tr.localhost', pathname: '/x-api/t1' }), config))).not.toContain('5010')
  })

  it('passes global routes and maps the per-region root files', () => {
    expect(dispatchRequest(req({ pathname: '/api/health' }), config)).toEqual({ kind: 'pass', region: 'main', resource: true })
    // The service worker's script: no language, the region's headers (docs/decisions/offline.md "The worker's headers").
    expect(dispatchRequest(req({ host: 'nl.localhost', pathname: '/serwist/sw.js' }), config)).toEqual({ kind: 'pass', region: 'nl' })
    // The offline page is a page of every language; an unknown path beside it is still a 404.
    expect(dispatchRequest(req({ host: 'nl.localhost', pathname: '/nl-NL/offline' }), config)).toEqual({
      kind: 'rewrite',
      region: 'nl',
      pathname: '/nl/nl-NL/offline',
    })
    expect(dispatchRequest(req({ host: 'nl.localhost', pathname: '/nl-NL/offline/x' }), config)).toMatchObject({ status: 404 })
    expect(dispatchRequest(req({ host: 'nl.localhost', pathname: '/robots.txt' }), config)).toEqual({
      kind: 'rewrite',
      region: 'nl',
      pathname: '/nl/robots.txt',
      resource: true,
    })
    expect(dispatchRequest(req({ host: 'nl.localhost', pathname: '/sitemap.xml' }), config)).toEqual({
      kind: 'rewrite',
      region: 'nl',
      pathname: '/nl/sitemap.xml',
      resource: true,
    })
  })

  it('serves a disabled region’s hosts as the main site', () => {
    const off = loadSiteConfig({ REGION_TR_ENABLED: 'false' })
    expect(dispatchRequest(req({ host: 'tr.localhost', pathname: '/en' }), off)).toEqual({ kind: 'rewrite', region: 'main', pathname: '/main/en' })
  })
})

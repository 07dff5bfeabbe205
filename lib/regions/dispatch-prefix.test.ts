import { loadSiteConfig } from './config'
import { dispatchRequest, type Dispatch, type IncomingRequest } from './dispatch'
import { REGION_IDS, type RegionId } from './regions'

// Unknown language prefixes, trailing slashes and broken escapes: what the middleware answers
// (docs/decisions/regions-and-languages.md "Unknown language prefixes", docs/decisions/site-routing.md "Malformed requests").
const config = loadSiteConfig({ PORT: '3000' })
const hostOf = (id: RegionId) => config.regions[id].hosts[0] ?? ''
const req = (over: Partial<IncomingRequest>): IncomingRequest => ({ pathname: '/', search: '', host: 'localhost:3000', ...over })

/** Follows redirects through the dispatcher the way a browser would; returns every hop. */
function follow(first: IncomingRequest): Dispatch[] {
  const hops: Dispatch[] = []
  let request = first
  for (let i = 0; i < 5; i++) {
    const decision = dispatchRequest(request, config)
    hops.push(decision)
    if (decision.kind !== 'redirect') return hops
    const url = new URL(decision.location)
    request = { ...request, host: url.host, pathname: url.pathname, search: url.search }
  }
  return hops
}

describe('unknown language prefixes end on the same page in the fallback language, in one redirect', () => {
  const cases = [
    ['/en-US/trade/spot/BTC/USDT', '/trade/spot/BTC/USDT'],
    ['/fr/', ''],
    ['/fr', ''],
    ['/de-DE', ''],
    ['/pt-pt/trade/spot/ETH/USDT', '/trade/spot/ETH/USDT'],
  ] as const
  for (const id of REGION_IDS) {
    it.each(cases)(`${id}: %s`, (pathname, page) => {
      const site = config.regions[id]
      // A browser cookie or Accept-Language must not change where a URL language goes.
      const hops = follow(req({ host: hostOf(id), pathname, langCookie: site.languages.at(-1), acceptLanguage: 'ja' }))
      expect(hops).toHaveLength(2)
      const [first, last] = hops
      expect(first).toMatchObject({ kind: 'redirect', region: id, status: 308 })
      const lang = first?.kind === 'redirect' ? new URL(first.location).pathname.split('/')[1] : undefined
      // de-DE is the EU site's German; pt-PT is on main's list; everything else falls back to English.
      const expected =
        pathname === '/de-DE' && id === 'eu' ? 'de-EU' : pathname.startsWith('/pt-pt') && site.languages.includes('pt-PT') ? 'pt-PT' : site.english
      expect(lang).toBe(expected)
      expect(last).toEqual({ kind: 'rewrite', region: id, pathname: `/${id}/${expected}${page}` })
    })
  }

  it.each(['/trade/spot/BTC/USDT', '/xx/trade', '/english', '/markets'])(
    '%s is a page path, not a language: the negotiated language is put in front',
    (pathname) => {
      expect(dispatchRequest(req({ pathname }), config)).toMatchObject({ kind: 'redirect', location: `http://localhost:3000/en${pathname}`, status: 307 })
    },
  )
})

describe('trailing slashes', () => {
  it('a known page with a trailing slash redirects once to the path without it, query kept', () => {
    expect(dispatchRequest(req({ pathname: '/en/trade/spot/BTC/USDT/', search: '?x=1' }), config)).toEqual({
      kind: 'redirect',
      region: 'main',
      location: 'http://localhost:3000/en/trade/spot/BTC/USDT?x=1',
      status: 308,
    })
    expect(dispatchRequest(req({ pathname: '/api/health/' }), config)).toMatchObject({ location: 'http://localhost:3000/api/health', status: 308 })
  })
  it('a path with no language and a trailing slash goes straight to the negotiated language', () => {
    expect(follow(req({ host: 'tr.localhost', pathname: '/trade/spot/BTC/USDT/', acceptLanguage: 'tr' }))).toEqual([
      { kind: 'redirect', region: 'tr', location: 'http://tr.localhost:3000/tr-TUR/trade/spot/BTC/USDT', status: 307 },
      { kind: 'rewrite', region: 'tr', pathname: '/tr/tr-TUR/trade/spot/BTC/USDT' },
    ])
  })
  it('a doubled slash stays a path on this site, never a scheme-relative URL', () => {
    const decision = dispatchRequest(req({ pathname: '//evil.example/' }), config)
    expect(decision.kind === 'redirect' && new URL(decision.location).host).toBe('localhost:3000')
  })
})

describe('malformed percent-escapes answer 400 from the middleware', () => {
  it.each(['/en/trade/spot/%E0%A4%A/USDT', '/%', '/en/%ZZ', '/%C0%AF', '/api/health%', '/robots.txt%FF'])('%s', (pathname) => {
    expect(dispatchRequest(req({ host: 'tr.localhost', pathname }), config)).toEqual({ kind: 'reject', region: 'tr', status: 400 })
  })
  it('well-formed escapes still pass', () => {
    expect(dispatchRequest(req({ pathname: '/en/trade/spot/%E0%A4%A4/USDT' }), config)).toMatchObject({ kind: 'rewrite' })
  })
})

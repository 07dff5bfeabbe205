import fc from 'fast-check'
import { loadSiteConfig } from './config'
import { dispatchRequest, type IncomingRequest } from './dispatch'

// Random requests through the dispatcher (docs/decisions/site-routing.md "Malformed requests"): it never
// throws, and every Location it emits is on a configured public origin.
const configs = [
  loadSiteConfig({ PORT: '3000' }),
  loadSiteConfig({ TRUST_PROXY: 'true', REGION_TR_PUBLIC_URL: 'https://www.example.com.tr', REGION_TR_HOSTS: 'www.example.com.tr' }),
]

const hostile = [
  'evil.example',
  '//evil.example',
  '\\\\evil.example',
  '@evil.example',
  '%2F%2Fevil.example',
  'http://evil.example',
  '..',
  '%',
  '%E0%A4%A',
  '%ZZ',
  '?',
  '#',
  ' ',
  '\t',
]
const segment = fc.oneof(
  fc.constantFrom('en', 'fr', 'en-US', 'de-DE', 'tr-TUR', 'TR-tur', 'trade', 'spot', 'BTC', 'USDT', 'x-api', 'api', 'robots.txt', '', ...hostile),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }).map(encodeURIComponent),
)
const pathname = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`)
const host = fc.option(
  fc.oneof(
    fc.constantFrom(
      'localhost:3000',
      'tr.localhost',
      'HK.localhost.',
      'www.example.com.tr',
      'a.com:@evil.example',
      'tr.localhost, evil.example',
      '[::1]:80',
      ...hostile,
    ),
    fc.string({ maxLength: 30 }),
  ),
)
const request: fc.Arbitrary<IncomingRequest> = fc.record({
  pathname,
  search: fc.oneof(
    fc.constant(''),
    fc.string({ maxLength: 20 }).map((s) => `?${s}`),
  ),
  host,
  forwardedHost: host,
  langCookie: fc.option(fc.oneof(fc.constantFrom('en', 'tr-TUR', 'de-EU', 'evil'), fc.string({ maxLength: 12 }))),
  acceptLanguage: fc.option(fc.oneof(fc.constantFrom('tr-TR,tr;q=0.9', 'zh-HK', '*;q=0', 'en;q=abc', 'x'.repeat(500)), fc.string({ maxLength: 60 }))),
})

describe('dispatchRequest under random input', () => {
  it.each(configs.map((config, i) => [i, config] as const))('config %i: never throws, never redirects off the configured origins', (_, config) => {
    const origins = new Set(Object.values(config.regions).map((r) => r.publicUrl))
    fc.assert(
      fc.property(request, (req) => {
        const decision = dispatchRequest(req, config)
        if (decision.kind === 'redirect') {
          const url = new URL(decision.location)
          expect(origins.has(url.origin)).toBe(true)
          expect(config.regions[decision.region].publicUrl).toBe(url.origin)
        }
        if (decision.kind === 'rewrite') expect(decision.pathname.startsWith(`/${decision.region}/`)).toBe(true)
      }),
      { numRuns: 3000 },
    )
  })
})

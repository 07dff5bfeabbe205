import { loadSiteConfig } from './config'
import { normalizeHost, resolveRegion } from './host'

const config = loadSiteConfig({})
const trusted = loadSiteConfig({ TRUST_PROXY: 'true' })

describe('normalizeHost', () => {
  it.each([
    ['tr.localhost', 'tr.localhost'],
    ['TR.LOCALHOST.:3000', 'tr.localhost'],
    ['  Example.COM ', 'example.com'],
    ['localhost:65535', 'localhost'],
    ['127.0.0.1:3000', '127.0.0.1'],
    ['[::1]:3000', '[::1]'],
    ['[::FFFF:127.0.0.1]', '[::ffff:7f00:1]'],
    ['xn--80ak6aa92e.com', 'xn--80ak6aa92e.com'],
    ['my_service', 'my_service'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeHost(raw)).toBe(expected)
  })
  it.each([
    null,
    undefined,
    '',
    '   ',
    'a.com:@evil.com',
    'user@a.com',
    'a.com/x',
    'a.com?x',
    'a b.com',
    'tr.localhost, evil.com',
    'tr.localhost,evil.com',
    'a.com:',
    'a.com:99999',
    'a.com:80:80',
    'http://a.com',
    '[::1',
    '[g::1]',
    '1.2',
    '1.2.3.256',
    '01.2.3.4',
    'a..com',
    '-a.com',
    'a-.com',
    '.',
    'é.com',
    `${'a'.repeat(64)}.com`,
    'a.com\r\nX-Evil: 1',
  ])('%j is rejected', (raw) => {
    expect(normalizeHost(raw)).toBeNull()
  })
})

describe('resolveRegion', () => {
  it.each([
    ['localhost:3000', 'main', 'localhost'],
    ['tr.localhost:3000', 'tr', 'tr.localhost'],
    ['TR.LOCALHOST.:3000', 'tr', 'tr.localhost'],
    ['ae.localhost', 'ae', 'ae.localhost'],
    ['EVIL.com', 'main', null],
    ['a.com:@evil.com', 'main', null],
    ['tr.localhost, evil.com', 'main', null],
    ['evil.com, tr.localhost', 'main', null],
    [undefined, 'main', null],
  ])('Host %j → %s', (host, region, matchedHost) => {
    expect(resolveRegion({ host }, config)).toEqual({ region, matchedHost })
  })
  it('ignores a forged X-Forwarded-Host unless TRUST_PROXY', () => {
    expect(resolveRegion({ host: 'localhost', forwardedHost: 'tr.localhost' }, config)).toEqual({ region: 'main', matchedHost: 'localhost' })
    expect(resolveRegion({ host: 'hk.localhost', forwardedHost: 'tr.localhost' }, config).region).toBe('hk')
  })
  it('behind a trusted proxy uses the first X-Forwarded-Host value, and only that', () => {
    expect(resolveRegion({ host: 'internal', forwardedHost: 'TR.localhost:443, proxy.local' }, trusted).region).toBe('tr')
    expect(resolveRegion({ host: 'tr.localhost', forwardedHost: 'evil.com' }, trusted).region).toBe('main')
    expect(resolveRegion({ host: 'tr.localhost', forwardedHost: 'a.com:@tr.localhost' }, trusted).region).toBe('main')
    // No forwarded value at all: the proxy passed Host through unchanged.
    expect(resolveRegion({ host: 'tr.localhost', forwardedHost: null }, trusted).region).toBe('tr')
    expect(resolveRegion({ host: 'tr.localhost', forwardedHost: ' ' }, trusted).region).toBe('tr')
  })
  it('a disabled region is served as main', () => {
    const noTurkey = loadSiteConfig({ REGION_TR_ENABLED: 'false' })
    expect(resolveRegion({ host: 'tr.localhost' }, noTurkey)).toEqual({ region: 'main', matchedHost: null })
    expect(resolveRegion({ host: 'hk.localhost' }, noTurkey).region).toBe('hk')
  })
  it('matches configured production hosts', () => {
    const prod = loadSiteConfig({ REGION_TR_HOSTS: 'www.example.com.tr, example.com.tr', REGION_MAIN_HOSTS: 'www.example.com' })
    expect(resolveRegion({ host: 'EXAMPLE.com.tr' }, prod)).toEqual({ region: 'tr', matchedHost: 'example.com.tr' })
    expect(resolveRegion({ host: 'tr.localhost' }, prod).region).toBe('main')
  })
})

import { loadSiteConfig } from './config'
import { contentSecurityPolicy, securityHeaders } from './security-headers'

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(' ')

describe('security headers per region', () => {
  const config = loadSiteConfig({
    API_HOSTS: 'https://api.example.com,https://api1.example.com,https://api2.example.com',
    REGION_HK_API_HOSTS: 'https://api.example.hk,https://api1.example.hk,https://api2.example.hk:8443',
    REGION_HK_PUBLIC_URL: 'https://www.example.hk',
    FAST_PATH_HOSTS: 'https://fp1.example.net,https://fp2.example.net',
    FAST_PATH_WS_URL: 'wss://fp1.example.net/ws',
    FAST_PATH_CDN_URL: 'https://cdn.example.net/probe.json',
    ICON_HOSTS: 'https://icons.example-static.com',
  })

  it('connect-src is self plus the region’s own API hosts, the fast-path hosts, their websockets and the CDN probe', () => {
    expect(directive(contentSecurityPolicy(config.regions.hk, config), 'connect-src')).toEqual([
      "'self'",
      'https://api.example.hk',
      'https://api1.example.hk',
      'https://api2.example.hk:8443',
      'https://fp1.example.net',
      'https://fp2.example.net',
      // the public market websocket of each API and fast-path host
      'wss://api.example.hk',
      'wss://api1.example.hk',
      'wss://api2.example.hk:8443',
      'wss://fp1.example.net',
      'wss://fp2.example.net',
      'https://cdn.example.net',
    ])
    const main = directive(contentSecurityPolicy(config.regions.main, config), 'connect-src')
    expect(main).toContain('https://api.example.com')
    expect(main?.join(' ')).not.toMatch(/example\.hk/)
  })

  it('locks framing, plugins and <base>, and allows icons only from the icon hosts', () => {
    const csp = contentSecurityPolicy(config.regions.tr, config)
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"])
    expect(directive(csp, 'object-src')).toEqual(["'none'"])
    expect(directive(csp, 'base-uri')).toEqual(["'self'"])
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'https://icons.example-static.com'])
    // The service worker, from this origin only (docs/decisions/offline.md "The worker's headers").
    expect(directive(csp, 'worker-src')).toEqual(["'self'"])
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(directive(contentSecurityPolicy(config.regions.tr, config, true), 'script-src')).toContain("'unsafe-eval'")
  })

  it('sends HSTS only where the public URL is https', () => {
    expect(securityHeaders(config.regions.hk, config)['Strict-Transport-Security']).toBe('max-age=31536000')
    expect(securityHeaders(config.regions.tr, config)).not.toHaveProperty('Strict-Transport-Security')
    expect(securityHeaders(config.regions.tr, config)).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    })
  })
})

import { request as httpRequest } from 'node:http'
import { expect, test, type Page } from '@playwright/test'
import { E2E_PORT, E2E_PORTS, e2eEnv } from '../playwright.config'
import { REGION_IDS, REGIONS, type RegionId } from '../lib/regions/regions'
import { regionHost, regionOrigin } from './support/hosts'
import { startNextExpectingFailure } from '../scripts/support/next-server'

// The edge middleware through a real `next start` (docs/decisions/regions-and-languages.md "Unknown language
// prefixes", docs/decisions/site-routing.md "Malformed requests", "Security headers and the CSP", docs/decisions/regions-and-languages.md "Production config is explicit").

/** One raw HTTP/1.1 request: the path goes out byte for byte (no client-side normalisation). */
function raw(path: string, hostHeader: string, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: E2E_PORT, path, method, headers: { host: hostHeader, 'accept-language': 'ja' } }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}
const asRegion = (id: RegionId) => `${regionHost(id)}:${E2E_PORT}`

for (const id of REGION_IDS) {
  test(`${id}: unknown language prefixes end on the same page in the region's English, in one redirect`, async () => {
    const english = REGIONS[id].english
    for (const [path, page] of [
      ['/en-US/trade/spot/BTC/USDT', '/trade/spot/BTC/USDT'],
      ['/fr/', ''],
      ['/de-DE', ''],
    ] as const) {
      const expected = path === '/de-DE' && id === 'eu' ? 'de-EU' : english
      const first = await raw(path, asRegion(id))
      expect(first.status, path).toBe(308)
      // Next makes a Location on the request's own origin relative.
      const location = new URL(String(first.headers.location), regionOrigin(id))
      expect(location.href, path).toBe(`${regionOrigin(id)}/${expected}${page}`)
      const final = await raw(location.pathname, asRegion(id))
      expect(final.status, `${path} → ${String(first.headers.location)}`).toBe(200)
    }
  })
}

test('a path segment that is neither a language nor a page is a page path under the negotiated language (404 there)', async () => {
  const first = await raw('/xx/trade', asRegion('main')) // Accept-Language: ja
  expect(first.status).toBe(307)
  expect(new URL(String(first.headers.location), regionOrigin('main')).pathname).toBe('/ja-JP/xx/trade')
  expect((await raw('/ja-JP/xx/trade', asRegion('main'))).status).toBe(404)
})

test('broken percent-escapes answer 400 from the middleware, never 500', async () => {
  for (const path of ['/en/trade/spot/%E0%A4%A/USDT', '/%', '/en/%ZZ', '/%C0%AF/x']) {
    expect((await raw(path, asRegion('tr'))).status, path).toBe(400)
  }
})

/** Every CSP violation a page reports, from the DOM event and from Chromium's console. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      ;(window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  return violations
}

for (const id of ['main', 'hk', 'tr'] as const) {
  test(`${id}: markets, pair page and 404 carry the security headers and cause no CSP violation`, async ({ page }) => {
    const violations = await watchCsp(page)
    const lang = REGIONS[id].english
    for (const [path, status] of [
      [`/${lang}`, 200],
      [`/${lang}/trade/spot/BTC/USDT`, 200],
      [`/${lang}/no/such/page`, 404],
    ] as const) {
      const response = await page.goto(`${regionOrigin(id)}${path}`)
      expect(response?.status(), path).toBe(status)
      const headers = response?.headers() ?? {}
      const csp = headers['content-security-policy'] ?? ''
      for (const host of e2eEnv.API_HOSTS.split(',')) expect(csp).toContain(host)
      expect(csp).toContain(e2eEnv.FAST_PATH_WS_URL.replace(/\/ws$/, ''))
      expect(csp).toMatch(/frame-ancestors 'none'.*object-src 'none'.*base-uri 'self'/)
      expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' })
      expect(headers['permissions-policy']).toContain('camera=()')
      // Let the client engines (route probes, fast path, monitor) run against the policy.
      await page.waitForLoadState('networkidle')
    }
    expect(violations).toEqual([])
  })
}

test('a production start without its hosts and public URLs exits non-zero naming every missing variable', async () => {
  const result = await startNextExpectingFailure(E2E_PORTS.spec.edge, {
    NODE_ENV: 'production',
    DEMO_DEFAULTS: '0',
    API_BASE_URL: '',
    REGION_HK_HOSTS: 'hk.example.com',
    REGION_HK_PUBLIC_URL: 'https://hk.example.com',
  })
  expect(result.code).toBe(78)
  for (const name of ['API_BASE_URL', 'API_HOSTS', 'ICON_HOSTS', 'REGION_MAIN_PUBLIC_URL', 'REGION_TR_HOSTS', 'REGION_TR_PUBLIC_URL', 'REGION_AE_PUBLIC_URL']) {
    expect(result.output).toContain(name)
  }
  expect(result.output).not.toContain('REGION_HK_PUBLIC_URL')
})

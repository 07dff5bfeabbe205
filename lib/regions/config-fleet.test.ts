import { ConfigError, loadSiteConfig } from './config'
import { REGION_IDS } from './regions'

const publicUrls = Object.fromEntries(REGION_IDS.map((id) => [`REGION_${id.toUpperCase()}_PUBLIC_URL`, `https://${id}.example.com`]))

describe('fleet mode is REDIS_URL', () => {
  it('without REDIS_URL there is no fleet (the embedded default)', () => {
    expect(loadSiteConfig({}).fleet).toBeNull()
  })

  it('with REDIS_URL every enabled region needs its public URL, even with the demo defaults', () => {
    const env = { DEMO_DEFAULTS: '1', REDIS_URL: 'redis://127.0.0.1:6379', REGION_HK_ENABLED: 'false', REGION_MAIN_PUBLIC_URL: 'https://example.com' }
    let error: unknown
    try {
      loadSiteConfig(env)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toContain('REGION_NL_PUBLIC_URL')
    expect(message).toContain('REGION_AE_PUBLIC_URL')
    expect(message).not.toContain('REGION_HK_PUBLIC_URL')
    expect(message).not.toContain('REGION_MAIN_PUBLIC_URL')
  })

  it('takes the URL and a timeout in tens of ms by default', () => {
    const fleet = loadSiteConfig({ ...publicUrls, REDIS_URL: 'redis://127.0.0.1:6390/0' }).fleet
    expect(fleet).toEqual({ redisUrl: 'redis://127.0.0.1:6390/0', timeoutMs: 50 })
    expect(loadSiteConfig({ ...publicUrls, REDIS_URL: 'redis://h:1', REDIS_TIMEOUT_MS: '20' }).fleet?.timeoutMs).toBe(20)
  })

  it('refuses a URL that is not redis and an unusable timeout', () => {
    expect(() => loadSiteConfig({ ...publicUrls, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL.*redis:\/\//)
    expect(() => loadSiteConfig({ ...publicUrls, REDIS_URL: 'redis://h:1', REDIS_TIMEOUT_MS: '0' })).toThrow(/REDIS_TIMEOUT_MS/)
    expect(() => loadSiteConfig({ REDIS_TIMEOUT_MS: 'soon' })).toThrow(/REDIS_TIMEOUT_MS/)
  })

  it('the build needs no public URLs (it serves nobody)', () => {
    expect(loadSiteConfig({ REDIS_URL: 'redis://h:1', NEXT_PHASE: 'phase-production-build' }).fleet?.redisUrl).toBe('redis://h:1')
  })
})

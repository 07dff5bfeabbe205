import { ConfigError, loadSiteConfig } from './config'
import { parseSerializedSiteConfig, serializeSiteConfig } from './config-serialize'

describe('serialized SiteConfig', () => {
  it('round-trips the defaults and a customised config', () => {
    const defaults = loadSiteConfig({})
    expect(parseSerializedSiteConfig(serializeSiteConfig(defaults))).toEqual(defaults)
    const custom = loadSiteConfig({
      REGION_TR_ENABLED: 'false', REGION_TR_HOSTS: 'a.tr,b.tr', REGION_MAIN_LANGUAGES: 'all', TRUST_PROXY: 'true',
      REGION_EU_API_HOSTS: 'https://a.eu,https://b.eu,https://c.eu', FAST_PATH_HOSTS: 'https://fp.example', PORT: '4000',
    })
    const text = serializeSiteConfig(custom)
    expect(text).not.toMatch(/\s/)
    expect(parseSerializedSiteConfig(text)).toEqual(custom)
  })
  it('runs the same validation as the environment', () => {
    const compact = JSON.parse(serializeSiteConfig(loadSiteConfig({})))
    compact.r.tr[1] = ['localhost'] // clashes with main
    const text = JSON.stringify(compact)
    expect(() => parseSerializedSiteConfig(text, 'SITE_CONFIG')).toThrow(ConfigError)
    expect(() => parseSerializedSiteConfig(text)).toThrow(/^SITE_CONFIG=.*REGION_TR_HOSTS.*"localhost" is listed in both/)
  })
  it.each([
    ['not JSON', '{', /is not JSON/],
    ['wrong version', JSON.stringify({ ...JSON.parse(serializeSiteConfig(loadSiteConfig({}))), v: 2 }), /^MY_VAR=.*v:/],
    ['missing region', JSON.stringify({ v: 1, p: 0, f: [], r: {} }), /^MY_VAR=.*r\.main/],
  ])('rejects %s', (_kind, text, message) => {
    expect(() => parseSerializedSiteConfig(text, 'MY_VAR')).toThrow(message)
  })
})

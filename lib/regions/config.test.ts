import { ALL_LANGUAGES, MAIN_LANGUAGES } from '../i18n/languages'
import { ConfigError, loadSiteConfig, type Env } from './config'
import { REGION_IDS } from './regions'

/** Runs loadSiteConfig and returns the ConfigError it must throw. */
function configError(env: Env): ConfigError {
  try {
    loadSiteConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`)
}

describe('loadSiteConfig defaults (the demo)', () => {
  const config = loadSiteConfig({})
  it('maps the nine demo hosts to their regions', () => {
    expect(REGION_IDS.map((id) => config.regions[id].hosts)).toEqual([
      ['localhost'],
      ['hk.localhost'],
      ['nl.localhost'],
      ['tr.localhost'],
      ['kz.localhost'],
      ['eu.localhost'],
      ['ge.localhost'],
      ['id.localhost'],
      ['ae.localhost'],
    ])
  })
  it('points every region at the simulator and enables it', () => {
    for (const id of REGION_IDS) {
      const region = config.regions[id]
      expect(region.enabled).toBe(true)
      expect(region.apiHosts).toEqual({ main: 'http://127.0.0.1:4010', alt1: 'http://127.0.0.1:4011', alt2: 'http://127.0.0.1:4012' })
      expect(region.apiBaseUrl).toBe('http://127.0.0.1:4010')
    }
    expect(config.trustProxy).toBe(false)
    expect(config.fastPathHosts).toEqual(['http://127.0.0.1:4013'])
  })
  it('derives the public URL from the first host and PORT', () => {
    expect(config.regions.tr.publicUrl).toBe('http://tr.localhost:3000')
    expect(config.regions.main.publicUrl).toBe('http://localhost:3000')
    expect(loadSiteConfig({ PORT: '8080' }).regions.ge.publicUrl).toBe('http://ge.localhost:8080')
    expect(loadSiteConfig({ REGION_TR_HOSTS: 'b.tr, a.tr' }).regions.tr.publicUrl).toBe('http://b.tr:3000')
  })
  it("carries each region's languages", () => {
    expect(config.regions.ae.languages).toEqual(MAIN_LANGUAGES)
    expect(config.regions.kz.languages).toEqual(['ru-KAZ', 'kk-KAZ', 'en-KAZ'])
    expect(config.regions.kz.english).toBe('en-KAZ')
  })
})

describe('loadSiteConfig settings', () => {
  it('reads every per-region variable', () => {
    const config = loadSiteConfig({
      REGION_TR_ENABLED: 'FALSE',
      REGION_TR_HOSTS: 'Example.com.TR., www.example.com.tr',
      REGION_TR_API_HOSTS: 'https://api.example.com.tr/, https://api1.example.com.tr, https://api2.example.com.tr:8443',
      REGION_TR_API_BASE_URL: 'https://upstream.tr',
      REGION_TR_PUBLIC_URL: 'https://www.example.com.tr',
      API_BASE_URL: 'https://upstream.global',
      REGION_MAIN_LANGUAGES: 'all',
      REGION_AE_LANGUAGES: 'own',
      TRUST_PROXY: 'true',
      TRUSTED_PROXY_HOPS: '2',
      FAST_PATH_HOSTS: 'https://fp1.example.com,https://fp2.example.com',
    })
    const tr = config.regions.tr
    expect(tr.enabled).toBe(false)
    expect(tr.hosts).toEqual(['example.com.tr', 'www.example.com.tr'])
    expect(tr.apiHosts).toEqual({ main: 'https://api.example.com.tr', alt1: 'https://api1.example.com.tr', alt2: 'https://api2.example.com.tr:8443' })
    expect(tr.apiBaseUrl).toBe('https://upstream.tr')
    expect(tr.publicUrl).toBe('https://www.example.com.tr')
    expect(config.regions.hk.apiBaseUrl).toBe('https://upstream.global')
    expect(config.regions.main.languages).toEqual(ALL_LANGUAGES)
    expect(config.regions.ae.languages).toEqual(MAIN_LANGUAGES)
    expect(config.trustProxy).toBe(true)
    expect(config.trustedProxyHops).toBe(2)
    expect(loadSiteConfig({}).trustedProxyHops).toBe(1)
    expect(config.fastPathHosts).toEqual(['https://fp1.example.com', 'https://fp2.example.com'])
  })
  it('ignores unrelated variables', () => {
    expect(() => loadSiteConfig({ PATH: '/usr/bin', AWS_REGION: 'x', REGIONAL: 'y', REGION_TR_HOSTS: undefined })).not.toThrow()
  })
})

describe('loadSiteConfig rejects bad values, naming variable and value', () => {
  it.each([
    ['unknown region id', { REGION_XX_HOSTS: 'xx.localhost' }, 'REGION_XX_HOSTS', /no known region/],
    ['lower-case / malformed name', { REGION_tr_HOSTS: 'a.com' }, 'REGION_tr_HOSTS', /no known region/],
    ['unknown setting', { REGION_TR_HOST: 'a.com' }, 'REGION_TR_HOST', /not a known setting/],
    ['boolean', { REGION_HK_ENABLED: 'yes' }, 'REGION_HK_ENABLED', /true or false/],
    ['TRUST_PROXY', { TRUST_PROXY: '1' }, 'TRUST_PROXY', /true or false/],
    ['TRUSTED_PROXY_HOPS not a number', { TRUSTED_PROXY_HOPS: 'last' }, 'TRUSTED_PROXY_HOPS', /whole number/],
    ['TRUSTED_PROXY_HOPS zero', { TRUSTED_PROXY_HOPS: '0' }, 'TRUSTED_PROXY_HOPS', /between 1 and 10/],
    ['empty host list', { REGION_NL_HOSTS: ' ' }, 'REGION_NL_HOSTS', /non-empty/],
    ['empty entry', { REGION_NL_HOSTS: 'a.nl,,b.nl' }, 'REGION_NL_HOSTS', /entry 2 has an empty entry/],
    ['host with port', { REGION_NL_HOSTS: 'a.nl:8080' }, 'REGION_NL_HOSTS', /plain host name/],
    ['host with path', { REGION_NL_HOSTS: 'a.nl/x' }, 'REGION_NL_HOSTS', /plain host name/],
    ['host with userinfo', { REGION_NL_HOSTS: 'ok.nl,a.nl:@evil.com' }, 'REGION_NL_HOSTS', /entry 2 must be a plain host name/],
    ['host as URL', { REGION_NL_HOSTS: 'https://a.nl' }, 'REGION_NL_HOSTS', /plain host name/],
    [
      'host in two regions',
      { REGION_NL_HOSTS: 'same.example', REGION_EU_HOSTS: 'same.example' },
      'REGION_EU_HOSTS',
      /"same.example" is listed in both REGION_NL_HOSTS and REGION_EU_HOSTS/,
    ],
    ['host clashing with a default', { REGION_MAIN_HOSTS: 'localhost,tr.localhost' }, 'REGION_MAIN_HOSTS', /in both REGION_MAIN_HOSTS and REGION_TR_HOSTS/],
    ['host twice in one region', { REGION_ID_HOSTS: 'a.id,A.ID.' }, 'REGION_ID_HOSTS', /listed twice/],
    ['two API hosts', { REGION_KZ_API_HOSTS: 'http://a.kz,http://b.kz' }, 'REGION_KZ_API_HOSTS', /exactly three/],
    ['four API hosts', { REGION_KZ_API_HOSTS: 'http://a.kz,http://b.kz,http://c.kz,http://d.kz' }, 'REGION_KZ_API_HOSTS', /exactly three/],
    ['malformed URL', { REGION_KZ_API_HOSTS: 'http://a.kz,not a url,http://c.kz' }, 'REGION_KZ_API_HOSTS', /entry 2 is not a valid URL/],
    ['non-http URL', { REGION_GE_API_BASE_URL: 'ftp://up.ge' }, 'REGION_GE_API_BASE_URL', /http or https/],
    ['javascript: URL', { REGION_GE_PUBLIC_URL: 'javascript:alert(1)' }, 'REGION_GE_PUBLIC_URL', /http or https/],
    ['URL with path', { API_BASE_URL: 'http://up.example/api' }, 'API_BASE_URL', /origin only/],
    ['URL with query', { REGION_GE_PUBLIC_URL: 'https://ge.example?x=1' }, 'REGION_GE_PUBLIC_URL', /origin only/],
    ['URL with userinfo', { REGION_GE_PUBLIC_URL: 'https://a.ge:@evil.com' }, 'REGION_GE_PUBLIC_URL', /user info/],
    ['fast-path list', { FAST_PATH_HOSTS: 'http://fp.example,//fp2' }, 'FAST_PATH_HOSTS', /entry 2 is not a valid URL/],
    ['empty fast-path list', { FAST_PATH_HOSTS: '' }, 'FAST_PATH_HOSTS', /non-empty/],
    ['languages value', { REGION_MAIN_LANGUAGES: 'everything' }, 'REGION_MAIN_LANGUAGES', /own or all/],
    ['all languages on a regional site', { REGION_TR_LANGUAGES: 'all' }, 'REGION_TR_LANGUAGES', /only main and ae/],
    ['PORT', { PORT: '70000' }, 'PORT', /between 1 and 65535/],
    ['main disabled', { REGION_MAIN_ENABLED: 'false' }, 'REGION_MAIN_ENABLED', /cannot be disabled/],
  ] as [string, Env, string, RegExp][])('%s', (_kind, env, variable, reason) => {
    const error = configError(env)
    const value = env[variable] ?? ''
    expect(error.variable).toBe(variable)
    expect(error.value).toBe(value)
    expect(error.message).toContain(variable)
    expect(error.message).toContain(JSON.stringify(value))
    expect(error.message).toMatch(reason)
  })
  it('cuts very long values in the message', () => {
    const error = configError({ REGION_NL_HOSTS: `${'a'.repeat(500)} b` })
    expect(error.message.length).toBeLessThan(400)
  })
})

describe('API_HOSTS (every region’s browser API hosts)', () => {
  it('sets the default for all regions, and a region variable overrides it', () => {
    const config = loadSiteConfig({
      API_HOSTS: 'http://127.0.0.1:5010,http://127.0.0.1:5011,http://127.0.0.1:5012',
      REGION_TR_API_HOSTS: 'https://a.example,https://b.example,https://c.example',
    })
    expect(config.regions.hk.apiHosts).toEqual({ main: 'http://127.0.0.1:5010', alt1: 'http://127.0.0.1:5011', alt2: 'http://127.0.0.1:5012' })
    expect(config.regions.tr.apiHosts).toEqual({ main: 'https://a.example', alt1: 'https://b.example', alt2: 'https://c.example' })
  })
  it('rejects a bad value naming the variable', () => {
    expect(() => loadSiteConfig({ API_HOSTS: 'http://x.example' })).toThrow(/API_HOSTS/)
  })
})

describe('fast-path settings', () => {
  it('defaults to the whitelist mode with the simulator websocket and no CDN probe', () => {
    expect(loadSiteConfig({}).fastPath).toEqual({ mode: 'whitelist', wsUrl: 'ws://127.0.0.1:4013/ws', cdnUrl: null })
  })
  it('reads FAST_PATH_MODE, FAST_PATH_WS_URL and FAST_PATH_CDN_URL', () => {
    const config = loadSiteConfig({ FAST_PATH_MODE: 'global', FAST_PATH_WS_URL: 'wss://fp.example/ws', FAST_PATH_CDN_URL: 'https://cdn.example/probe.json' })
    expect(config.fastPath).toEqual({ mode: 'global', wsUrl: 'wss://fp.example/ws', cdnUrl: 'https://cdn.example/probe.json' })
  })
  it.each([
    ['FAST_PATH_MODE', 'sometimes'],
    ['FAST_PATH_WS_URL', 'http://fp.example/ws'],
    ['FAST_PATH_CDN_URL', 'ftp://cdn.example'],
  ])('rejects %s=%s naming the variable and the value', (variable, value) => {
    expect(() => loadSiteConfig({ [variable]: value })).toThrow(new RegExp(`${variable}.*${value.replace(/[.?/]/g, '\\$&')}`))
  })
})

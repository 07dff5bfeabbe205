import { ConfigError, loadSiteConfig, type Env } from '@/lib/regions/config'
import { loadRuntimeConfig } from './runtime-config'

function configError(env: Env): ConfigError {
  try {
    loadRuntimeConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`)
}

describe('loadRuntimeConfig', () => {
  it('holds the site configuration of the same environment', () => {
    const env = { REGION_HK_HOSTS: 'hk.example.test' }
    expect(loadRuntimeConfig(env).site).toEqual(loadSiteConfig(env))
  })

  it('defaults to info logs and the symbol cache under the working directory', () => {
    expect(loadRuntimeConfig({})).toMatchObject({ logLevel: 'info', symbolCacheDir: null, webVitalsSampleRate: 0.1 })
  })

  it('reads LOG_LEVEL and SYMBOL_CACHE_DIR', () => {
    expect(loadRuntimeConfig({ LOG_LEVEL: ' Debug ', SYMBOL_CACHE_DIR: '/var/cache/spot' })).toMatchObject({
      logLevel: 'debug',
      symbolCacheDir: '/var/cache/spot',
    })
  })

  it('names LOG_LEVEL and the value when the level is unknown', () => {
    const error = configError({ LOG_LEVEL: 'loud' })
    expect(error.variable).toBe('LOG_LEVEL')
    expect(error.message).toBe('LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent')
  })

  it.each(['', 'cache/spot', './spot'])('names SYMBOL_CACHE_DIR when it is %j (not an absolute path)', (value) => {
    const error = configError({ SYMBOL_CACHE_DIR: value })
    expect(error.variable).toBe('SYMBOL_CACHE_DIR')
    expect(error.message).toContain('must be an absolute path')
  })

  it.each([
    ['0', 0],
    ['1', 1],
    [' 0.25 ', 0.25],
    ['.5', 0.5],
    ['1.0', 1],
  ])('reads WEB_VITALS_SAMPLE_RATE %j as %d', (value, rate) => {
    expect(loadRuntimeConfig({ WEB_VITALS_SAMPLE_RATE: value }).webVitalsSampleRate).toBe(rate)
  })

  it.each(['', '1.5', '-0.1', '10%', '1e-1', 'half'])('names WEB_VITALS_SAMPLE_RATE when it is %j', (value) => {
    const error = configError({ WEB_VITALS_SAMPLE_RATE: value })
    expect(error.variable).toBe('WEB_VITALS_SAMPLE_RATE')
    expect(error.message).toContain('must be a number from 0 to 1')
  })

  it('reports a bad site variable before the server settings', () => {
    expect(configError({ REGION_TR_API_HOSTS: 'not a url', LOG_LEVEL: 'loud' }).variable).toBe('REGION_TR_API_HOSTS')
  })
})

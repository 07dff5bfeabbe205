import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, MissingConfigError, loadSiteConfig, type Env } from './config'
import { REGION_IDS } from './regions'

// docs/decisions/regions-and-languages.md "Production config is explicit".
const PROD: Env = { NODE_ENV: 'production' }

/** A complete production environment: every enabled region names its hosts and public URL. */
function productionEnv(): Env {
  const env: Env = {
    ...PROD,
    API_BASE_URL: 'https://api-internal.example.com',
    API_HOSTS: 'https://api.example.com,https://api1.example.com,https://api2.example.com',
    ICON_HOSTS: 'https://icons.example-static.com',
    FAST_PATH_HOSTS: 'https://fp.example.com',
    FAST_PATH_WS_URL: 'wss://fp.example.com/ws',
  }
  for (const id of REGION_IDS) {
    const host = id === 'main' ? 'www.example.com' : `${id}.example.com`
    env[`REGION_${id.toUpperCase()}_HOSTS`] = host
    env[`REGION_${id.toUpperCase()}_PUBLIC_URL`] = `https://${host}`
  }
  return env
}

function missing(env: Env): readonly string[] {
  try {
    loadSiteConfig(env)
  } catch (error) {
    if (error instanceof MissingConfigError) return error.missing
    throw error
  }
  return []
}

describe('production configuration is explicit', () => {
  it('a production start with nothing set names every missing variable', () => {
    const names = missing(PROD)
    expect(names).toEqual(
      expect.arrayContaining([
        'API_BASE_URL',
        'API_HOSTS',
        'ICON_HOSTS',
        'FAST_PATH_HOSTS',
        'FAST_PATH_WS_URL',
        'REGION_MAIN_PUBLIC_URL',
        'REGION_HK_HOSTS',
        'REGION_AE_PUBLIC_URL',
      ]),
    )
    // Main serves every unmatched host, so only its public URL is required.
    expect(names).not.toContain('REGION_MAIN_HOSTS')
    expect(names).toHaveLength(5 + 1 + 8 * 2)
    expect(() => loadSiteConfig(PROD)).toThrow(/NODE_ENV=production needs API_BASE_URL, API_HOSTS, .*REGION_AE_PUBLIC_URL.*DEMO_DEFAULTS=1/)
    expect(() => loadSiteConfig(PROD)).toThrow(ConfigError) // the start-up check prints and exits 78 for every ConfigError
  })

  it('a complete production environment loads, with no simulator or localhost address anywhere', () => {
    const config = loadSiteConfig(productionEnv())
    expect(JSON.stringify(config)).not.toMatch(/127\.0\.0\.1|localhost|example-cdn\.test/)
    expect(config.regions.tr.publicUrl).toBe('https://tr.example.com')
    expect(config.iconHosts).toEqual(['https://icons.example-static.com'])
  })

  it('names only what is missing: one region without its public URL, an empty API_BASE_URL', () => {
    expect(missing({ ...productionEnv(), REGION_TR_PUBLIC_URL: undefined, API_BASE_URL: ' ' })).toEqual(['API_BASE_URL', 'REGION_TR_PUBLIC_URL'])
  })

  it('a disabled region, and the fast path when it is off, need nothing', () => {
    const env = {
      ...productionEnv(),
      REGION_KZ_ENABLED: 'FALSE',
      REGION_KZ_HOSTS: undefined,
      REGION_KZ_PUBLIC_URL: undefined,
      FAST_PATH_MODE: 'off',
      FAST_PATH_HOSTS: undefined,
      FAST_PATH_WS_URL: undefined,
    }
    const config = loadSiteConfig(env)
    expect(config.fastPathHosts).toEqual([])
    expect(config.fastPath.wsUrl).toBeNull()
  })

  it('DEMO_DEFAULTS=1, a non-production NODE_ENV and the build phase use the simulator defaults', () => {
    for (const env of [{ ...PROD, DEMO_DEFAULTS: '1' }, { NODE_ENV: 'test' }, {}, { ...PROD, NEXT_PHASE: 'phase-production-build' }]) {
      const config = loadSiteConfig(env)
      expect(config.regions.tr.publicUrl).toBe('http://tr.localhost:3000')
      expect(config.regions.tr.apiBaseUrl).toBe('http://127.0.0.1:4010')
      expect(config.iconHosts).toEqual(['http://127.0.0.1:4010'])
    }
    expect(missing({ ...PROD, DEMO_DEFAULTS: '0' })).not.toHaveLength(0)
  })

  it('rejects a DEMO_DEFAULTS value other than 1 or 0, naming it', () => {
    expect(() => loadSiteConfig({ ...PROD, DEMO_DEFAULTS: 'yes' })).toThrow(/DEMO_DEFAULTS="yes": must be 1 or 0/)
  })
})

describe('.env.example', () => {
  const text = readFileSync(join(__dirname, '../../.env.example'), 'utf8')
  const env: Env = Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  )

  it('is a complete production configuration with no demo address', () => {
    expect(env.NODE_ENV).toBe('production')
    expect(env.DEMO_DEFAULTS).toBeUndefined()
    const config = loadSiteConfig(env)
    expect(JSON.stringify(config)).not.toMatch(/127\.0\.0\.1|localhost|example-cdn\.test/)
  })

  it('lists every variable the README documents', () => {
    const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8')
    const documented = [...readme.matchAll(/^\| `([A-Z_<>]+)` \|/gm)].map((m) => m[1] ?? '')
    expect(documented.length).toBeGreaterThan(15)
    for (const name of documented) {
      if (name === 'DEMO_DEFAULTS') continue // commented out on purpose: production must not set it
      const pattern = new RegExp(`^${name.replace('<ID>', '[A-Z]+')}=`, 'm')
      expect({ name, listed: pattern.test(text) }).toEqual({ name, listed: true })
    }
  })
})

import { loadSiteConfig } from '@/lib/regions/config'
import { REGION_IDS } from '@/lib/regions/regions'
import { eventually } from '@/testing/eventually'
import { configFingerprint, fleetLink, redisHealth } from './fleet'
import { metrics } from '../ops/observability'
import { startTestRedis, type TestRedis } from './test-redis'

// docs/decisions/fleet.md "Redis is an accelerator, never a dependency", "Shared page cache".
const publicUrls = Object.fromEntries(REGION_IDS.map((id) => [`REGION_${id.toUpperCase()}_PUBLIC_URL`, `https://${id}.example.com`]))
let redis: TestRedis
beforeAll(async () => (redis = await startTestRedis()))
afterAll(async () => {
  await fleetLink(loadSiteConfig({ ...publicUrls, REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '500' }))?.close()
  await redis.stop()
})

describe('fleet health, metrics and cache namespace', () => {
  it('health has no redis block without a fleet', () => {
    expect(redisHealth(loadSiteConfig({}))).toBeNull()
  })

  it('health says degraded and /api/metrics counts it while Redis is away, ok again when it is back', async () => {
    const config = loadSiteConfig({ ...publicUrls, REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '500' })
    const link = fleetLink(config)!
    await eventually('the fleet link to connect', () => link.status().connected)
    expect(await link.run((c) => c.ping())).toBe('PONG')
    expect(redisHealth(config)).toMatchObject({ status: 'ok', breaker: 'closed' })
    await redis.stop()
    for (let i = 0; i < 3; i++) expect(await link.run((c) => c.ping())).toBeUndefined()
    expect(redisHealth(config)).toMatchObject({ status: 'degraded', connected: false })
    const text = await metrics.registry.metrics()
    expect(text).toMatch(/^spot_redis_up 0$/m)
    expect(text).toMatch(/^spot_redis_breaker_opened 1$/m)
    expect(text).toMatch(/^spot_redis_commands\{outcome="failed"\} [1-9]/m)
    await redis.start()
    // Commands let the breaker probe Redis again; the first answer closes it.
    await eventually(
      'health to say ok once Redis is back',
      async () => (await link.run((c) => c.ping()), redisHealth(config)),
      (health) => health?.status === 'ok',
    )
    expect(redisHealth(config)).toMatchObject({ status: 'ok', breaker: 'closed' })
    expect(await metrics.registry.metrics()).toMatch(/^spot_redis_up 1$/m)
  })

  it('the cache namespace changes with any setting a page shows, not with the Redis settings', () => {
    const base = configFingerprint(loadSiteConfig({ ...publicUrls, REDIS_URL: 'redis://a:1' }))
    expect(configFingerprint(loadSiteConfig({ ...publicUrls, REDIS_URL: 'redis://b:2', REDIS_TIMEOUT_MS: '20' }))).toBe(base)
    expect(configFingerprint(loadSiteConfig({ ...publicUrls, REDIS_URL: 'redis://a:1', REGION_NL_PUBLIC_URL: 'https://nl.example.org' }))).not.toBe(base)
    expect(configFingerprint(loadSiteConfig({ ...publicUrls, REDIS_URL: 'redis://a:1', REGION_HK_ENABLED: 'false' }))).not.toBe(base)
  })
})

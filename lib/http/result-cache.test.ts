import { ResultCache } from './result-cache'
import { RESULT_CACHE_MAX_ENTRIES, RESULT_CACHE_TTL_MS } from './constants'
import { SingleFlight } from './single-flight'
import { backoffDelay, retryDelay } from './backoff'

describe('ResultCache (SPEC §9)', () => {
  it('defaults to 60000 ms and 20 entries', () => {
    const cache = new ResultCache()
    expect(cache.defaultTtlMs).toBe(60000)
    expect(cache.maxEntries).toBe(20)
    expect(RESULT_CACHE_TTL_MS).toBe(60000)
    expect(RESULT_CACHE_MAX_ENTRIES).toBe(20)
  })

  it('expires an entry after its lifetime', () => {
    let now = 1000
    const cache = new ResultCache<string>(() => now)
    cache.set('a', 'A')
    now += 59_999
    expect(cache.get('a')).toBe('A')
    now += 1
    expect(cache.get('a')).toBeUndefined()
  })

  it('evicts the least recently used beyond 20 entries', () => {
    const cache = new ResultCache<number>(() => 0)
    for (let i = 0; i < 20; i++) cache.set(`k${i}`, i)
    expect(cache.get('k0')).toBe(0) // k0 becomes most recent; k1 is now the oldest
    cache.set('k20', 20)
    expect(cache.size).toBe(20)
    expect(cache.get('k1')).toBeUndefined()
    expect(cache.get('k0')).toBe(0)
    expect(cache.get('k20')).toBe(20)
  })
})

describe('SingleFlight', () => {
  it('shares one in-flight promise and forgets it once settled', async () => {
    const flight = new SingleFlight<number>()
    let starts = 0
    let release: (v: number) => void = () => undefined
    const start = () => {
      starts++
      return new Promise<number>((resolve) => (release = resolve))
    }
    const a = flight.run('k', start)
    const b = flight.run('k', start)
    expect(a).toBe(b)
    release(7)
    await expect(a).resolves.toBe(7)
    expect(flight.size).toBe(0)
    void flight.run('k', start)
    expect(starts).toBe(2)
  })
})

describe('back-off and retry delays (SPEC §9)', () => {
  it('grows from 100 ms by a factor of 2 up to 10000 ms', () => {
    expect([0, 1, 2, 3, 6, 7, 20].map((n) => backoffDelay(n))).toEqual([100, 200, 400, 800, 6400, 10000, 10000])
    expect(backoffDelay(-1)).toBe(100)
  })
  it('keeps retry delays within 2000–4000 ms', () => {
    expect(retryDelay(() => 0)).toBe(2000)
    expect(retryDelay(() => 0.5)).toBe(3000)
    expect(retryDelay(() => 0.999999)).toBe(4000)
    expect(retryDelay(() => 7)).toBe(4000)
  })
})

import { createRateLimiter } from './rate-limit'

describe('createRateLimiter', () => {
  it('allows a burst of `capacity`, then refills at `perSecond`', () => {
    let now = 0
    const limiter = createRateLimiter({ capacity: 3, perSecond: 1, now: () => now })
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false])
    expect(limiter.take('b')).toBe(true) // keys are independent
    now += 999
    expect(limiter.take('a')).toBe(false)
    now += 1
    expect(limiter.take('a')).toBe(true)
  })
  it('refuses new keys once maxKeys are all busy', () => {
    const limiter = createRateLimiter({ capacity: 1, perSecond: 0.001, now: () => 0, maxKeys: 2 })
    expect(limiter.take('a')).toBe(true)
    expect(limiter.take('b')).toBe(true)
    expect(limiter.take('c')).toBe(false)
  })
})

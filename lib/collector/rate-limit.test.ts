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
  it('keeps at most maxKeys buckets, evicting the least recently used, and never refuses a new key for lack of room', () => {
    const limiter = createRateLimiter({ capacity: 1, perSecond: 0.001, now: () => 0, maxKeys: 3 })
    expect(limiter.take('busy')).toBe(true)
    for (let i = 0; i < 1000; i++) {
      expect(limiter.take(`flood-${i}`)).toBe(true)
      expect(limiter.take('busy')).toBe(false) // recently used: stays remembered, and empty
    }
    expect(limiter.size()).toBe(3)
  })
})

import { createFailureBackoff, jitteredDelay } from './failure-backoff'

describe('failure back-off (SPEC §9 back-off defaults, equal jitter)', () => {
  it('waits half to all of 100 ms × 2^(n−1) after the n-th failure, capped at 10000 ms', () => {
    expect([1, 2, 3, 4].map((n) => jitteredDelay(n, () => 0))).toEqual([50, 100, 200, 400])
    expect([1, 2, 3, 4].map((n) => jitteredDelay(n, () => 1))).toEqual([100, 200, 400, 800])
    expect(jitteredDelay(30, () => 1)).toBe(10_000)
    expect(jitteredDelay(30, () => 0)).toBe(5_000)
  })

  it('refuses attempts until the delay has passed, grows with consecutive failures and resets on success', () => {
    let now = 1_000_000
    const backoff = createFailureBackoff({ now: () => now, random: () => 1 })
    expect(backoff.mayAttempt()).toBe(true)
    backoff.failed({ code: 11511509, message: 'Request failed. Please try again later.' })
    expect(backoff.state()).toMatchObject({ consecutiveFailures: 1, nextAttemptAt: now + 100, lastError: { code: 11511509, at: now } })
    now += 99
    expect(backoff.mayAttempt()).toBe(false)
    now += 1
    expect(backoff.mayAttempt()).toBe(true)
    backoff.failed({ message: 'again' })
    expect(backoff.state().nextAttemptAt - now).toBe(200)
    backoff.succeeded()
    expect(backoff.state()).toMatchObject({ consecutiveFailures: 0, nextAttemptAt: 0, lastSuccessAt: now, lastError: { message: 'again' } })
    expect(backoff.mayAttempt()).toBe(true)
  })
})

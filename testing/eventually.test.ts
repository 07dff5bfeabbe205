import { eventually, EventuallyError } from './eventually'

describe('eventually()', () => {
  it('resolves with the first value the predicate accepts, probing again until then', async () => {
    const seen: number[] = []
    let n = 0
    const value = await eventually(
      'the third value',
      () => (seen.push(++n), n),
      (v) => v >= 3,
    )
    expect(value).toBe(3)
    expect(seen).toEqual([1, 2, 3])
  })

  it('waits for a truthy value by default, and for async probes', async () => {
    let n = 0
    await expect(eventually('a truthy value', async () => (++n >= 2 ? 'ready' : ''))).resolves.toBe('ready')
  })

  it('counts a probe that throws or rejects as "not yet"', async () => {
    let n = 0
    const probe = async () => {
      if (++n < 3) throw new Error(`not up (${n})`)
      return n
    }
    await expect(eventually('the third call', probe)).resolves.toBe(3)
  })

  it('gives up with what it waited for and what it last saw', async () => {
    const error = await eventually(
      'three hits',
      () => ({ hits: { t1: 1 } }),
      (s) => s.hits.t1 === 3,
      { timeoutMs: 100 },
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EventuallyError)
    expect((error as EventuallyError).message).toMatch(
      /^eventually: gave up waiting for three hits after 100 ms and \d+ probes; last saw: \{ hits: \{ t1: 1 \} \}$/,
    )
    expect((error as EventuallyError).lastSeen).toEqual({ hits: { t1: 1 } })
  })

  it("gives up with the probe's last error when it kept failing", async () => {
    const error = await eventually('redis to answer', () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6390')), Boolean, { timeoutMs: 100 }).catch(
      (e: unknown) => e,
    )
    expect((error as Error).message).toMatch(/waiting for redis to answer .*; last saw: the probe threw ECONNREFUSED 127\.0\.0\.1:6390$/)
  })

  it('gives up at its deadline even when a probe never settles', async () => {
    const error = await eventually('a paused server', () => new Promise<boolean>(() => {}), Boolean, { timeoutMs: 100 }).catch((e: unknown) => e)
    expect((error as Error).message).toMatch(/waiting for a paused server .*1 probes; last saw: its last probe had not answered$/)
  })

  it("keeps polling on real timers while the test's clock is fake", async () => {
    jest.useFakeTimers()
    try {
      let n = 0
      // With the test's (fake) setTimeout between probes this would never get past the first probe.
      await expect(
        eventually(
          'the fifth probe',
          () => ++n,
          (v) => v === 5,
          { timeoutMs: 5_000 },
        ),
      ).resolves.toBe(5)
      expect(jest.getTimerCount()).toBe(0)
    } finally {
      jest.useRealTimers()
    }
  })
})

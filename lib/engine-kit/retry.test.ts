import { chunkRetry, retrying } from './retry'

/** Timers that record each wait and fire at once. */
function recordingTimers() {
  const waits: number[] = []
  return { waits, timers: { setTimeout: (fn: () => void, ms: number) => (waits.push(ms), setTimeout(fn, 0)) } }
}

describe('retrying', () => {
  it('resolves with the first success, after waiting between failures', async () => {
    const { waits, timers } = recordingTimers()
    let calls = 0
    const load = () => (++calls < 3 ? Promise.reject(new Error(`failed ${calls}`)) : Promise.resolve('chunk'))
    await expect(retrying(load, { attempts: 4, delayMs: (n) => 1000 * 2 ** n, timers })).resolves.toBe('chunk')
    expect(calls).toBe(3)
    expect(waits).toEqual([1000, 2000])
  })

  it('rejects with the last error once the attempts are spent', async () => {
    const { waits, timers } = recordingTimers()
    let calls = 0
    const load = () => Promise.reject(new Error(`failed ${++calls}`))
    await expect(retrying(load, { attempts: 3, delayMs: () => 5, timers })).rejects.toThrow('failed 3')
    expect(waits).toEqual([5, 5])
  })

  it('calls once and waits for nothing when the first call succeeds', async () => {
    const { waits, timers } = recordingTimers()
    await expect(retrying(() => Promise.resolve(1), { attempts: 3, delayMs: () => 5, timers })).resolves.toBe(1)
    expect(waits).toEqual([])
  })

  it('tries a chunk four times, 1, 2 and 4 s apart', () => {
    const { timers } = recordingTimers()
    const options = chunkRetry(timers)
    expect(options.attempts).toBe(4)
    expect([0, 1, 2].map(options.delayMs)).toEqual([1000, 2000, 4000])
  })
})

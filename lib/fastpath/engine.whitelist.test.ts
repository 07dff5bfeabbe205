import { setupFastPath as setup, API, FP2, V3, ALLOWED } from './testing/engine'

describe('fast path, whitelist mode (getproxy)', () => {
  it('res_code 1: on for this user, probing starts', async () => {
    const { fastPath, scheduler, snap, network } = setup({ mode: 'whitelist' })
    fastPath.start()
    expect(snap()).toMatchObject({ state: 'off', offReason: 'checking' })
    await scheduler.advance(500)
    expect(snap().state).toBe('whitelist')
    expect(network.calls[0]).toMatch(/^https:\/\/api\.example\.com\/kmeqrvdu\/proxy\/getproxy\?seq_id=\d+&device_id=dev-1&app=web&os=pc&bu=spot&v=1$/)
    expect(fastPath.rewriteUrl(V3).startsWith(FP2)).toBe(true)
    fastPath.stop()
  })

  it('res_code 8: exception, off for good — no probes, no more checks', async () => {
    const { fastPath, scheduler, snap, network } = setup({ mode: 'whitelist' }, { [API]: { latencyMs: 20, body: { err_code: 0, result: { res_code: 8 } } } })
    fastPath.start()
    await scheduler.advance(120_000)
    expect(snap()).toMatchObject({ state: 'off', offReason: 'exception' })
    expect(network.calls).toHaveLength(1)
    expect(scheduler.pendingCount()).toBe(0)
  })

  it('res_code 8 on a re-check turns a working fast path off', async () => {
    const { fastPath, scheduler, snap, network } = setup({ mode: 'whitelist' })
    fastPath.start()
    await scheduler.advance(1000)
    expect(fastPath.rewriteUrl(V3)).not.toBe(V3)
    network.set(API, { latencyMs: 20, body: { err_code: 0, result: { res_code: 8 } } })
    await scheduler.advance(25_000) // the 25 s check interval
    expect(snap()).toMatchObject({ state: 'off', offReason: 'exception', route: null })
    expect(fastPath.rewriteUrl(V3)).toBe(V3)
  })

  it('any other answer keeps it off, and a later check may allow it', async () => {
    const { fastPath, scheduler, snap, network } = setup({ mode: 'whitelist' }, { [API]: { latencyMs: 20, body: { err_code: 0, result: { res_code: 3 } } } })
    fastPath.start()
    await scheduler.advance(24_000)
    expect(snap()).toMatchObject({ state: 'off', offReason: 'not-allowed' })
    expect(network.calls.length).toBeGreaterThan(0) // `every` of nothing would pass
    expect(network.calls.every((u) => u.startsWith(API))).toBe(true)
    network.set(API, ALLOWED)
    await scheduler.advance(2000)
    expect(snap().state).toBe('whitelist')
    fastPath.stop()
  })

  it('a request failure keeps it off (no probes)', async () => {
    const { fastPath, scheduler, snap, network } = setup({ mode: 'whitelist' }, { [API]: { latencyMs: 0, fault: 'refuse' } })
    fastPath.start()
    await scheduler.advance(60_000)
    expect(snap()).toMatchObject({ state: 'off', offReason: 'checking' })
    expect(network.calls.length).toBeGreaterThan(0) // getproxy was tried; `every` of nothing would pass
    expect(network.calls.every((u) => u.includes('/getproxy'))).toBe(true)
    fastPath.stop()
  })

  it('takes hosts only from the configuration, never from the answer', async () => {
    const body = { err_code: 0, result: { res_code: 1, host: 'https://evil.example', hosts: ['https://evil.example'], proxy: 'https://evil.example' } }
    const { fastPath, scheduler, network } = setup({ mode: 'whitelist' }, { [API]: { latencyMs: 5, body }, 'https://evil.example': { latencyMs: 1 } })
    fastPath.start()
    await scheduler.advance(60_000)
    expect(network.calls.some((u) => u.startsWith('https://evil.example'))).toBe(false)
    expect(fastPath.rewriteUrl(V3)).toBe(`${FP2}/spot/api/basic/symbol_list_v3?version=1`)
    fastPath.stop()
  })
})

import { eventually } from '@/testing/eventually'
import { installFakeTimeouts } from '@/testing/fake-timeouts'
import { pending } from '@/testing/pending'
import type { Fault, FaultRule, SimEndpoint, SimHost } from '../contract'
import { PATH, resultOf, startTestSim, type TestSim } from '../testkit'

let t: TestSim
beforeAll(async () => {
  t = await startTestSim()
})
afterEach(async () => {
  jest.useRealTimers()
  t.sim.clearFaults()
  await t.sim.settled()
})
afterAll(() => t.sim.close())

async function withFault(host: FaultRule['host'], endpoint: SimEndpoint, fault: Fault): Promise<void> {
  t.sim.setFault({ host, endpoint, fault })
  await t.sim.settled()
}
const get = (host: SimHost, path: string) => fetch(t.url(host, path))
const normalText = async (path: string) => (await get('main', path)).text()
/** The error a failed fetch carries: undici wraps the socket error in `cause`. */
const failure = (host: SimHost, path: string) =>
  get(host, path).then(
    () => {
      throw new Error(`expected ${host}${path} to fail`)
    },
    (error: Error & { cause?: { code?: string } }) => error.cause?.code,
  )

describe('faults over HTTP', () => {
  it('refuse on a whole host closes its listener, and clearing reopens the same port', async () => {
    await withFault('alt2', '*', { kind: 'refuse' })
    expect(await failure('alt2', PATH.t1)).toBe('ECONNREFUSED')
    expect((await get('alt1', PATH.t1)).status).toBe(200)
    t.sim.clearFaults('alt2')
    await t.sim.settled()
    expect((await get('alt2', PATH.t1)).status).toBe(200)
  })

  it('refuse on one endpoint drops the connection without an answer; the host keeps listening', async () => {
    await withFault('main', 't1', { kind: 'refuse' })
    const code = await failure('main', PATH.t1)
    expect(code).not.toBe('ECONNREFUSED')
    expect(code).toMatch(/UND_ERR_SOCKET|ECONNRESET/)
    expect((await get('main', PATH.getproxy)).status).toBe(200)
  })

  it("'*'+'*' refuse leaves open a host that a more specific rule still serves", async () => {
    await withFault('*', '*', { kind: 'refuse' })
    await withFault('main', 't1', { kind: 'slow', ms: 0 })
    expect(await failure('alt1', PATH.t1)).toBe('ECONNREFUSED')
    expect((await get('main', PATH.t1)).status).toBe(200)
    expect(await failure('main', PATH.v3)).not.toBe('ECONNREFUSED')
  })

  it('picks the most specific rule: host+endpoint, host+*, *+endpoint, *+*', async () => {
    await withFault('*', '*', { kind: 'status', status: 504 })
    await withFault('*', 't1', { kind: 'status', status: 503 })
    await withFault('main', '*', { kind: 'status', status: 502 })
    await withFault('main', 't1', { kind: 'status', status: 501 })
    const status = async (host: SimHost, path: string) => (await get(host, path)).status
    expect(await status('main', PATH.t1)).toBe(501)
    expect(await status('main', PATH.v3)).toBe(502)
    expect(await status('alt1', PATH.t1)).toBe(503)
    expect(await status('alt1', PATH.v3)).toBe(504)
  })

  it('hang never sends headers, and close() still ends the socket', async () => {
    const own = await startTestSim()
    own.sim.setFault({ host: 'main', endpoint: 't1', fault: { kind: 'hang' } })
    const hung = pending(
      fetch(own.url('main', PATH.t1)).then(
        () => 'answered',
        () => 'failed',
      ),
    )
    await eventually(
      'the hung request at the simulator',
      () => own.sim.state().hits.main.t1 ?? 0,
      (n) => n === 1,
    )
    // A later request to the same host is answered; the hung one still has no headers.
    expect((await fetch(own.url('main', PATH.v3))).status).toBe(200)
    expect(hung.settled).toBe(false)
    // close() does not wait for the hung socket (it would wait forever): it ends it.
    await own.sim.close()
    expect(await hung.promise).toBe('failed')
  })

  // The delay and the drip run on jest's fake clock: each duration is exact, whatever the load.
  it('slow answers normally after the delay, not before', async () => {
    await withFault('alt1', 'symbol_list_v3', { kind: 'slow', ms: 250 })
    t.sim.resetHits()
    installFakeTimeouts()
    const slow = pending(get('alt1', PATH.v3))
    await eventually(
      'the slow request at the simulator',
      () => t.sim.state().hits.alt1.symbol_list_v3 ?? 0,
      (n) => n === 1,
    )
    await jest.advanceTimersByTimeAsync(249)
    expect((await get('alt1', PATH.t1)).status).toBe(200) // a later request, answered at once
    expect(slow.settled).toBe(false)
    await jest.advanceTimersByTimeAsync(1)
    expect((await (await slow.promise).json()).ret_code).toBe(0)
  })

  it('drip sends the real headers at once, then one byte per interval', async () => {
    const full = Buffer.byteLength(await normalText(PATH.v3))
    await withFault('main', 'symbol_list_v3', { kind: 'drip', intervalMs: 60 })
    installFakeTimeouts()
    // The headers come while the clock stands still: they wait for no interval.
    const answer = pending(get('main', PATH.v3))
    await eventually('the headers, with the clock standing still', () => answer.settled)
    const res = await answer.promise
    expect(res.headers.get('content-length')).toBe(String(full))
    const reader = (res.body ?? new ReadableStream<Uint8Array>()).getReader()
    const chunks: number[] = []
    for (let i = 0; i < 4; i++) {
      const next = pending(reader.read())
      await jest.advanceTimersByTimeAsync(59)
      expect((await get('main', PATH.t1)).status).toBe(200) // a later request, answered at once
      expect(next.settled).toBe(false) // no byte before its interval
      await jest.advanceTimersByTimeAsync(1)
      chunks.push((await next.promise).value?.length ?? 0)
    }
    expect(chunks).toEqual([1, 1, 1, 1])
    await reader.cancel()
  })

  it('status answers that HTTP status with an error envelope', async () => {
    await withFault('main', 'symbol_list_v3', { kind: 'status', status: 503 })
    const { status, body } = await t.json('main', PATH.v3)
    expect(status).toBe(503)
    expect(body).toMatchObject({ ret_code: 10503, ret_msg: 'Service Unavailable', ext_code: '503', ext_info: null })
  })

  it.each([
    ['html200', 'text/html', /^<!DOCTYPE html>.*502 Bad Gateway/],
    ['nonJson', 'text/plain', /^upstream temporarily unavailable/],
  ] as const)('%s answers 200 with a %s body that is not JSON', async (kind, type, pattern) => {
    await withFault('main', 'symbol_list_v2', { kind })
    const res = await get('main', PATH.v2)
    const text = await res.text()
    expect([res.status, res.headers.get('content-type')?.split(';')[0]]).toEqual([200, type])
    expect(text).toMatch(pattern)
    expect(() => JSON.parse(text)).toThrow()
  })

  it('notObject answers JSON that is not an object', async () => {
    await withFault('main', 't1', { kind: 'notObject' })
    const res = await get('main', PATH.t1)
    expect([res.status, await res.json()]).toEqual([200, [1, 2, 3]])
  })

  it('empty answers 200 with no body', async () => {
    await withFault('main', 't1', { kind: 'empty' })
    const res = await get('main', PATH.t1)
    expect([res.status, res.headers.get('content-length'), await res.text()]).toEqual([200, '0', ''])
  })

  it('truncated answers the first half of the normal JSON', async () => {
    const normal = await normalText(PATH.v3)
    await withFault('main', 'symbol_list_v3', { kind: 'truncated' })
    const res = await get('main', PATH.v3)
    const text = await res.text()
    expect(res.headers.get('content-length')).toBe(String(Math.floor(normal.length / 2)))
    expect(text).toBe(normal.slice(0, Math.floor(normal.length / 2)))
    expect(() => JSON.parse(text)).toThrow()
  })

  it('oversized pads a valid envelope to 12 MiB by default, or to the given size', async () => {
    const normal = JSON.parse(await normalText(PATH.t1))
    await withFault('main', 't1', { kind: 'oversized' })
    const big = await (await get('main', PATH.t1)).text()
    expect(Buffer.byteLength(big)).toBe(12 * 1024 * 1024)
    const { padding, ...rest } = JSON.parse(big)
    expect(rest).toEqual(normal)
    expect(typeof padding).toBe('string')
    await withFault('main', 't1', { kind: 'oversized', bytes: 300_000 })
    expect(Buffer.byteLength(await (await get('main', PATH.t1)).text())).toBe(300_000)
  })

  it('retCode answers that code with the message URL-encoded', async () => {
    await withFault('main', 'symbol_list_v2', { kind: 'retCode', code: 10006, msg: 'Too many visits' })
    const { status, body } = await t.json('main', PATH.v2)
    expect([status, body.ret_code, body.ret_msg]).toEqual([200, 10006, 'Too%20many%20visits'])
  })

  it('camelCase renames ret_code/ret_msg and keeps the result', async () => {
    const normal = JSON.parse(await normalText(PATH.v3))
    await withFault('main', 'symbol_list_v3', { kind: 'camelCase' })
    const { body } = await t.json('main', PATH.v3)
    expect(Object.keys(body)).toEqual(['retCode', 'retMsg', 'result', 'ext_code', 'ext_info', 'time_now'])
    expect([body.retCode, body.retMsg]).toEqual([0, 'OK'])
    expect(body.result).toEqual(normal.result)
  })

  it('mergeGap omits the first v3 pair from the all-list', async () => {
    const firstV3 = (resultOf((await t.json('main', PATH.v3)).body).quoteTokenResult as { quoteTokenSymbols: { si: string }[] }[])[0]?.quoteTokenSymbols[0]?.si
    const sis = async () => (resultOf((await t.json('main', PATH.all)).body).quoteTokenSymbols as { si: string }[]).map((p) => p.si)
    const before = await sis()
    await withFault('main', '*', { kind: 'mergeGap' })
    const after = await sis()
    expect(firstV3).toBe('BTCUSDT')
    expect(before).toContain(firstV3)
    expect(after).toEqual(before.filter((si) => si !== firstV3))
    expect((await t.json('main', PATH.v3)).body.ret_code).toBe(0)
  })

  it('alive10017 makes both probes answer 10017 and leaves other endpoints alone', async () => {
    await withFault('*', '*', { kind: 'alive10017' })
    expect((await t.json('main', PATH.t1)).body.ret_code).toBe(10017)
    expect((await t.json('fastPath', PATH.hatsT1)).body.ret_code).toBe(10017)
    expect((await t.json('main', PATH.v3)).body.ret_code).toBe(0)
  })

  it('proxyRes sets getproxy res_code', async () => {
    await withFault('main', 'getproxy', { kind: 'proxyRes', resCode: 8 })
    expect((await t.json('main', PATH.getproxy)).body).toEqual({ err_code: 0, err_msg: '', result: { res_code: 8, monitor_switch: 1 } })
  })

  it('rejects an invalid rule', () => {
    expect(() => t.sim.setFault({ host: 'main', endpoint: 't1', fault: { kind: 'status', status: 42 } })).toThrow(/status.*200 to 599/)
    expect(() => t.sim.setFault({ host: 'nowhere' as SimHost, endpoint: 't1', fault: { kind: 'hang' } })).toThrow(/unknown host/)
  })
})

import { eventually } from '@/testing/eventually'
import { installFakeTimeouts } from '@/testing/fake-timeouts'
import { pending } from '@/testing/pending'
import { MESSAGES, TIMEOUT_RET_CODE } from '../http/constants'
import { CROSS_API_ENDPOINTS, type CrossApiEndpoint } from './endpoints'
import { createCrossApiProxy, type CrossApiRequest } from './proxy'
import { startFakeUpstream, type FakeUpstream } from './testing/fake-upstream'
import { systemTimers } from '../engine-kit/environment'

const nodeTimers = systemTimers
const ENDPOINTS: CrossApiEndpoint[] = [
  ...CROSS_API_ENDPOINTS,
  { path: '/hang', methods: ['GET'], timeoutMs: 300 },
  { path: '/redirect', methods: ['GET'], timeoutMs: 2000 },
  { path: '/echo', methods: ['POST'], timeoutMs: 2000 },
]

let upstream: FakeUpstream
beforeEach(async () => (upstream = await startFakeUpstream()))
afterEach(() => upstream.close())

const proxy = (options: Partial<Parameters<typeof createCrossApiProxy>[0]> = {}) =>
  createCrossApiProxy({ fetch: (input, init) => fetch(input, init), timers: nodeTimers, endpoints: ENDPOINTS, ...options })

function request(over: Partial<CrossApiRequest> = {}): CrossApiRequest {
  return {
    method: 'GET',
    path: '/t1',
    search: '',
    headers: new Headers(),
    body: null,
    upstreamBase: upstream.url,
    publicUrl: 'https://tr.example.com',
    clientAddress: null,
    ...over,
  }
}

describe('/x-api proxy: what it forwards', () => {
  it('forwards a browser-layer GET with its query to the configured upstream and streams the answer back', async () => {
    const response = await proxy().handle(request({ path: '/spot/api/basic/symbol_list_v3', search: '?version=v7' }))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ ret_code: 0, result: { method: 'GET', url: '/spot/api/basic/symbol_list_v3?version=v7' } })
  })

  it('drops the client’s forwarding headers and sets its own from the trusted address and the configured origin', async () => {
    const headers = new Headers({
      'x-forwarded-for': '6.6.6.6',
      'x-real-ip': '6.6.6.6',
      forwarded: 'for=6.6.6.6',
      'x-forwarded-host': 'evil.example',
      lang: 'tr-TUR',
      'accept-language': 'tr-TR',
      platform: 'pc',
      cookie: 'sid=1',
      'x-custom': 'no',
    })
    await (await proxy().handle(request({ headers, clientAddress: '203.0.113.7' }))).text()
    await (await proxy().handle(request({ headers }))).text()
    const [trusted, direct] = upstream.seen.map((s) => s.headers)
    expect(trusted).toMatchObject({
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-host': 'tr.example.com',
      'x-forwarded-proto': 'https',
      lang: 'tr-TUR',
      'accept-language': 'tr-TR',
      platform: 'pc',
      cookie: 'sid=1',
    })
    for (const seen of [trusted, direct]) {
      expect(seen?.['x-real-ip']).toBeUndefined()
      expect(seen?.forwarded).toBeUndefined()
      expect(seen?.['x-custom']).toBeUndefined()
    }
    // No trusted proxy: no address at all rather than one the client wrote.
    expect(direct?.['x-forwarded-for']).toBeUndefined()
  })

  it('shows the browser no header naming the upstream', async () => {
    const response = await proxy().handle(request())
    await response.text()
    const all = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
    expect(all).toContain('content-type: application/json')
    expect(all).not.toContain(upstream.url)
    expect(all).not.toContain('127.0.0.1')
    for (const name of ['server', 'via', 'set-cookie', 'x-upstream-url', 'location']) expect(response.headers.get(name)).toBeNull()
  })

  it('turns an upstream redirect into a 502 without its Location', async () => {
    const response = await proxy().handle(request({ path: '/redirect' }))
    expect(response.status).toBe(502)
    expect(response.headers.get('location')).toBeNull()
    expect(await response.json()).toMatchObject({ ret_msg: MESSAGES.requestFailed })
  })
})

describe('/x-api proxy: what it refuses', () => {
  it('answers 404 for paths the browser layer never calls and 405 for other methods, without contacting the upstream', async () => {
    expect((await proxy().handle(request({ path: '/v5/order/create' }))).status).toBe(404)
    expect((await proxy().handle(request({ path: '/t1/../admin' }))).status).toBe(404)
    const wrongMethod = await proxy().handle(request({ method: 'DELETE', path: '/spot/api/basic/symbol_list_all' }))
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD')
    expect(upstream.seen).toHaveLength(0)
  })

  it('answers 400 to an order-book or trades query outside the wire’s, without contacting the upstream, and forwards a good one', async () => {
    const bad = await proxy().handle(request({ path: '/v5/market/orderbook', search: '?category=spot&symbol=BTCUSDT&limit=500' }))
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ ret_msg: MESSAGES.requestFailed })
    expect((await proxy().handle(request({ path: '/v5/market/recent-trade', search: '?category=linear&symbol=BTCUSDT' }))).status).toBe(400)
    expect(upstream.seen).toHaveLength(0)
    const good = await proxy().handle(request({ path: '/v5/market/recent-trade', search: '?category=spot&symbol=BTCUSDT&limit=60' }))
    expect(await good.json()).toMatchObject({ result: { url: '/v5/market/recent-trade?category=spot&symbol=BTCUSDT&limit=60' } })
  })

  it('answers 413 from Content-Length alone, before reading or routing', async () => {
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({ pull: (c) => void (pulled++, c.enqueue(new Uint8Array(1024))) })
    const response = await proxy({ maxBodyBytes: 1024 }).handle(
      request({ method: 'POST', path: '/echo', headers: new Headers({ 'content-length': String(20 * 1024 * 1024) }), body }),
    )
    expect(response.status).toBe(413)
    expect(pulled).toBeLessThanOrEqual(1) // a stream may prefetch one chunk; nothing is read by the proxy
    expect(upstream.seen).toHaveLength(0)
  })

  it('cuts a chunked body that never ends at the limit and answers 413', async () => {
    const endless = new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(new Uint8Array(4096)) })
    const response = await proxy({ maxBodyBytes: 64 * 1024 }).handle(request({ method: 'POST', path: '/echo', body: endless }))
    expect(response.status).toBe(413)
    expect(upstream.seen).toHaveLength(0)
  })

  it('forwards a body within the limit', async () => {
    const body = new Blob(['{"a":1}']).stream()
    const response = await proxy().handle(request({ method: 'POST', path: '/echo', body }))
    expect(response.status).toBe(200)
    await response.text()
    expect(upstream.seen[0]?.method).toBe('POST')
  })

  it('answers 502 when the upstream refuses connections', async () => {
    const dead = upstream.url
    await upstream.close()
    const response = await proxy().handle(request({ upstreamBase: dead }))
    expect(response.status).toBe(502)
  })
})

/** Until the upstream holds `count` requests to /hang (the proxy's slots are taken). */
const hungAtUpstream = (count: number) =>
  eventually(
    `${count} hung request(s) at the upstream`,
    () => upstream.seen.filter((s) => s.url.startsWith('/hang')).length,
    (n) => n === count,
  )

// The proxy's timeouts run on jest's fake clock here: a request hangs until a test moves the clock,
// however long the machine takes to send the others (docs/decisions/stack.md "Tests wait for events, not for time").
describe('/x-api proxy: a hung upstream costs slots, never more', () => {
  beforeEach(installFakeTimeouts)
  afterEach(() => jest.useRealTimers())

  it('answers 504 with SPEC §8’s timeout message at the endpoint’s deadline, not before', async () => {
    const p = proxy()
    const answer = pending(p.handle(request({ path: '/hang' })))
    await hungAtUpstream(1)
    await jest.advanceTimersByTimeAsync(299)
    await (await p.handle(request())).text() // a later request, answered
    expect(answer.settled).toBe(false)
    await jest.advanceTimersByTimeAsync(1) // the endpoint's deadline (300 ms here)
    await eventually('the answer at the deadline', () => answer.settled)
    const response = await answer.promise
    expect(response.status).toBe(504)
    expect(await response.json()).toMatchObject({ ret_code: TIMEOUT_RET_CODE, ret_msg: MESSAGES.timeout })
  })

  it('refuses requests over the connection limit at once with 503 and Retry-After, and frees the slots after the timeout', async () => {
    const p = proxy({ maxInFlight: 4 })
    const hanging = Array.from({ length: 4 }, () => p.handle(request({ path: '/hang' })))
    await hungAtUpstream(4)
    expect(p.inFlight(upstream.url)).toBe(4)
    const refused = await p.handle(request())
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(upstream.seen.filter((s) => s.url === '/t1')).toHaveLength(0)
    await jest.advanceTimersByTimeAsync(300)
    expect((await Promise.all(hanging)).map((r) => r.status)).toEqual([504, 504, 504, 504])
    expect(p.inFlight(upstream.url)).toBe(0)
    const after = await p.handle(request())
    expect(after.status).toBe(200)
    await after.text()
  })

  it('holds a slot while the answer streams and frees it when the body is read or cancelled', async () => {
    const p = proxy({ maxInFlight: 1 })
    const first = await p.handle(request())
    expect(p.inFlight(upstream.url)).toBe(1)
    await first.text()
    expect(p.inFlight(upstream.url)).toBe(0)
    const second = await p.handle(request())
    await second.body?.cancel()
    expect(p.inFlight(upstream.url)).toBe(0)
  })

  it('frees the slot at once when the browser goes away', async () => {
    const p = proxy({ maxInFlight: 1, endpoints: [{ path: '/hang', methods: ['GET'], timeoutMs: 60_000 }] })
    const browser = new AbortController()
    const held = p.handle(request({ path: '/hang', signal: browser.signal }))
    await hungAtUpstream(1)
    expect(p.inFlight(upstream.url)).toBe(1)
    browser.abort()
    expect((await held).status).toBe(502)
    expect(p.inFlight(upstream.url)).toBe(0)
  })

  it('keeps limits per upstream: a hung region does not block another', async () => {
    const other = await startFakeUpstream()
    try {
      const p = proxy({ maxInFlight: 2 })
      const hanging = [p.handle(request({ path: '/hang' })), p.handle(request({ path: '/hang' }))]
      await hungAtUpstream(2)
      expect(p.inFlight(upstream.url)).toBe(2)
      const elsewhere = await p.handle(request({ upstreamBase: other.url }))
      expect(elsewhere.status).toBe(200)
      await elsewhere.text()
      await jest.advanceTimersByTimeAsync(300)
      await Promise.all(hanging)
    } finally {
      await other.close()
    }
  })
})

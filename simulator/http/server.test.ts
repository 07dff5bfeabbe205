import WebSocket from 'ws'
import { eventually } from '@/testing/eventually'
import { installFakeTimeouts } from '@/testing/fake-timeouts'
import { pending } from '@/testing/pending'
import { SIM_HOSTS, type SimHost } from '../contract'
import { startSimulator } from './server'
import { FREE_PORTS, PATH, startTestSim, type TestSim } from '../testkit'

let t: TestSim
beforeAll(async () => {
  t = await startTestSim({ allowedOrigins: ['https://*.example.test:8443'] })
})
afterEach(async () => {
  jest.useRealTimers()
  t.sim.clearFaults()
  for (const host of SIM_HOSTS) t.sim.setLatency(host, 0)
  await t.sim.settled()
})
afterAll(() => t.sim.close())

const admin = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(t.url('admin', path), { method, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** On jest's fake clock: `host`'s answer to /t1 comes after exactly `ms` of it, while other hosts answer at once. */
async function answersAfter(host: SimHost, ms: number, other: SimHost): Promise<void> {
  t.sim.resetHits()
  installFakeTimeouts()
  const slow = pending(t.json(host, PATH.t1))
  await eventually(
    `the request at ${host}`,
    () => t.sim.state().hits[host].t1 ?? 0,
    (n) => n === 1,
  )
  await jest.advanceTimersByTimeAsync(ms - 1)
  expect((await t.json(other, PATH.t1)).status).toBe(200) // a later request to a host without latency
  expect(slow.settled).toBe(false)
  await jest.advanceTimersByTimeAsync(1)
  expect((await slow.promise).status).toBe(200)
}

describe('CORS', () => {
  const withOrigin = (origin: string, method = 'GET') => fetch(t.url('main', PATH.v3), { method, headers: { Origin: origin } })

  it.each(['http://localhost:3000', 'http://hk.localhost:3000', 'https://eu.example.test:8443'])(
    'echoes the allowed origin %s with credentials',
    async (origin) => {
      const res = await withOrigin(origin)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('access-control-allow-credentials')).toBe('true')
      expect(res.headers.get('vary')).toBe('Origin')
    },
  )

  it.each(['http://evil.test:3000', 'http://localhost:3001', 'https://localhost:3000', 'http://localhost:3000.evil.test', 'null'])(
    'does not allow %s',
    async (origin) => {
      const res = await withOrigin(origin)
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
      expect(res.headers.get('vary')).toBe('Origin')
    },
  )

  it('answers a preflight with 204 and the request headers the site sends', async () => {
    t.sim.resetHits()
    const res = await withOrigin('http://tr.localhost:3000', 'OPTIONS')
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://tr.localhost:3000')
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim())
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'accept', 'platform', 'lang', 'accept-language']))
    expect(t.sim.state().hits.main.symbol_list_v3 ?? 0).toBe(0) // preflights are not endpoint hits
  })
})

describe('hosts', () => {
  it('answers unknown paths with a 404 envelope', async () => {
    const { status, body } = await t.json('alt1', '/spot/api/basic/nope')
    expect(status).toBe(404)
    expect(body).toMatchObject({ ret_code: 10404, ret_msg: 'Not Found', ext_code: '404' })
  })

  it('counts hits per host and endpoint', async () => {
    t.sim.resetHits()
    await t.json('main', PATH.t1)
    await t.json('main', PATH.t1)
    await t.json('alt2', PATH.getproxy)
    await t.json('fastPath', PATH.hatsT1)
    expect(t.sim.state().hits).toEqual({ main: { t1: 2 }, alt1: {}, alt2: { getproxy: 1 }, fastPath: { hats_t1: 1 } })
  })

  it('adds each host its own latency', async () => {
    t.sim.setLatency('alt2', 200)
    await answersAfter('alt2', 200, 'alt1')
  })

  it('answers a websocket "ping" with "pong" on the fast-path host', async () => {
    const ws = new WebSocket(t.sim.wsUrl)
    const reply = await new Promise<string>((resolve, reject) => {
      ws.on('open', () => ws.send('ping'))
      ws.on('message', (data) => resolve(String(data)))
      ws.on('error', reject)
    })
    expect(reply).toBe('pong')
    expect(t.sim.state().hits.fastPath.ws).toBeGreaterThanOrEqual(1)
    ws.close()
  })

  it('refuses a non-loopback bind address', async () => {
    await expect(startSimulator({ bindHost: '0.0.0.0', ports: FREE_PORTS })).rejects.toThrow(/loopback/)
  })

  it('close() ends keep-alive, dripping and websocket connections at once', async () => {
    const own = await startTestSim()
    await (await fetch(own.url('main', PATH.t1))).text() // leaves a keep-alive socket
    own.sim.setFault({ host: 'alt1', endpoint: '*', fault: { kind: 'drip', intervalMs: 1000 } })
    const dripping = await fetch(own.url('alt1', PATH.v2))
    const ws = new WebSocket(own.sim.wsUrl)
    await new Promise((resolve) => ws.on('open', resolve))
    const closed = new Promise((resolve) => ws.on('close', resolve))
    // Resolves at all: a dripping or upgraded connection left open would hold close() forever.
    await own.sim.close()
    await expect(dripping.text()).rejects.toThrow()
    await closed
    expect(await fetch(own.url('main', PATH.t1)).catch((e: Error & { cause?: { code?: string } }) => e.cause?.code)).toBe('ECONNREFUSED')
  })
})

describe('admin server', () => {
  it('reports the state', async () => {
    const { status, body } = await admin('GET', '/state')
    expect(status).toBe(200)
    expect(body).toMatchObject({ version: 'v0-s1', pairCount: 636, faults: [] })
    expect(Object.keys(body).sort()).toEqual(['faults', 'hits', 'lastModifiedTime', 'latencyMs', 'market', 'pairCount', 'version'])
  })

  it('sets faults (one or an array), clears them per host, and rejects bad rules', async () => {
    const one = await admin('POST', '/faults', { host: 'main', endpoint: 't1', fault: { kind: 'status', status: 502 } })
    expect(one.body.faults).toHaveLength(1)
    expect((await t.json('main', PATH.t1)).status).toBe(502)
    await admin('POST', '/faults', [
      { host: 'alt1', endpoint: '*', fault: { kind: 'refuse' } },
      { host: '*', endpoint: 'getproxy', fault: { kind: 'proxyRes', resCode: 8 } },
    ])
    expect(await fetch(t.url('alt1', PATH.t1)).catch((e: Error & { cause?: { code?: string } }) => e.cause?.code)).toBe('ECONNREFUSED')
    const cleared = await admin('DELETE', '/faults?host=alt1')
    expect((cleared.body.faults as unknown[]).map((r) => (r as { host: string }).host)).toEqual(['main', '*'])
    expect((await t.json('alt1', PATH.t1)).status).toBe(200)
    expect((await admin('DELETE', '/faults')).body.faults).toEqual([])

    const bad = await admin('POST', '/faults', { host: 'main', endpoint: 'v9', fault: { kind: 'hang' } })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/unknown endpoint "v9"/)
    expect((await admin('POST', '/faults', { host: 'main', endpoint: 't1', fault: { kind: 'slow' } })).body.error).toMatch(/slow needs ms/)
  })

  it('sets latency', async () => {
    const { body } = await admin('POST', '/latency', { host: 'main', ms: 150 })
    expect((body.latencyMs as Record<string, number>).main).toBe(150)
    await answersAfter('main', 150, 'alt1')
    jest.useRealTimers()
    expect((await admin('POST', '/latency', { host: 'moon', ms: 1 })).status).toBe(400)
  })

  it('resets hits and rejects unknown routes', async () => {
    await t.json('main', PATH.t1)
    expect((await admin('POST', '/hits/reset')).body.hits).toEqual({ main: {}, alt1: {}, alt2: {}, fastPath: {} })
    expect((await admin('GET', '/nope')).status).toBe(404)
  })

  it('moves the clock only when the simulator owns it', async () => {
    const refused = await admin('POST', '/clock', { advanceMs: 60_000 })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatch(/own `now`/)

    const own = await startSimulator({ ports: FREE_PORTS })
    try {
      const res = await fetch(`${own.urls.admin}/clock`, { method: 'POST', body: JSON.stringify({ advanceMs: 2 * 60_000 + 1 }) })
      const state = (await res.json()) as { version: string; pairCount: number }
      expect(state.version).toBe('v2-s1')
      expect(state.pairCount).toBe(636)
      own.advanceClock(60_000)
      expect(own.state().version).toBe('v3-s1')
    } finally {
      await own.close()
    }
  })
})

/**
 * The request client against the real simulator on 127.0.0.1: one test per fault switch of
 * the simulator (docs/simulator.md "Faults"), each asserting the exact error class, code and message (SPEC §8).
 */
import { startFreeSimulator } from '@/simulator/testkit'
import type { Fault, SimEndpoint, Simulator } from '@/simulator/contract'
import { eventually } from '@/testing/eventually'
import { installFakeTimeouts } from '@/testing/fake-timeouts'
import { pending } from '@/testing/pending'
import { createHttpClient, type HttpClient } from './client'
import { ApiError, HttpStatusError, NetworkError, ParseError, RequestError, TimeoutError } from './errors'

const V2 = '/spot/api/basic/symbol_list_v2'
const V3 = '/spot/api/basic/symbol_list_v3'
const ALL = '/spot/api/basic/symbol_list_all'

let sim: Simulator
let client: HttpClient

beforeAll(async () => {
  sim = await startFreeSimulator({ latencyMs: { main: 0, alt1: 0, alt2: 0, fastPath: 0 } })
})
afterAll(() => sim.close())
// The client's timeouts run on jest's fake clock (docs/decisions/stack.md "Tests wait for events, not
// for time"): a healthy answer never times out on a loaded machine, and a timeout fires exactly when
// a test moves the clock past it.
beforeEach(() => {
  installFakeTimeouts()
  sim.clearFaults()
  sim.resetHits()
  client = createHttpClient({ baseUrl: sim.urls.main, fetch, timeoutMs: 1500, language: { code: 'tr-TUR', locale: 'tr-TR' } })
})

function fault(endpoint: SimEndpoint, f: Fault, host: 'main' | '*' = 'main') {
  sim.setFault({ host, endpoint, fault: f })
}

/** Until the simulator has seen `count` requests to `endpoint` on main (the client's timer is running). */
const seenAtSimulator = (endpoint: string, count = 1) =>
  eventually(
    `${count} request(s) to ${endpoint} at the simulator`,
    () => sim.state().hits.main[endpoint] ?? 0,
    (n) => n >= count,
  )

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => new Error('expected the request to fail'),
    (e: unknown) => e,
  )
  if (!(error instanceof RequestError)) throw error
  return error
}

describe('fault switches → error class, code and message', () => {
  it('healthy: returns the result of a ret_code 0 envelope', async () => {
    const result = await client.get<{ quoteTokenResult: unknown[] }>(V2)
    expect(result.quoteTokenResult.length).toBeGreaterThanOrEqual(6)
  })

  it('refuse (whole host): NetworkError, default message, status 500', async () => {
    fault('*', { kind: 'refuse' })
    const error = await failure(client.get(V2))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.message).toBe('Request failed. Please try again later.')
    expect(error.status).toBe(500)
    expect(error.detail).toContain('ECONNREFUSED')
  })

  it('refuse (one endpoint, socket dropped): NetworkError', async () => {
    fault('symbol_list_v2', { kind: 'refuse' })
    const error = await failure(client.get(V2))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.message).toBe('Request failed. Please try again later.')
  })

  it('hang (headers never sent): TimeoutError 9000001 after the timeout, not before', async () => {
    fault('symbol_list_v2', { kind: 'hang' })
    const request = pending(failure(client.get(V2, { timeoutMs: 300 })))
    await seenAtSimulator('symbol_list_v2')
    await jest.advanceTimersByTimeAsync(299)
    await client.get('/t1') // a later request, answered
    expect(request.settled).toBe(false)
    await jest.advanceTimersByTimeAsync(1)
    const error = await request.promise
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error.code).toBe(9000001)
    expect(error.message).toBe('Request timeout, please re-try!')
  })

  it('slow: within the timeout it succeeds, beyond it it times out', async () => {
    fault('symbol_list_v2', { kind: 'slow', ms: 150 })
    const within = pending(client.get(V2, { timeoutMs: 1000 }))
    await seenAtSimulator('symbol_list_v2')
    await jest.advanceTimersByTimeAsync(150)
    await expect(within.promise).resolves.toHaveProperty('quoteTokenResult')
    fault('symbol_list_v2', { kind: 'slow', ms: 800 })
    const beyond = pending(failure(client.get(V2, { timeoutMs: 300 })))
    await seenAtSimulator('symbol_list_v2', 2)
    await jest.advanceTimersByTimeAsync(300)
    const error = await beyond.promise
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error.message).toBe('Request timeout, please re-try!')
  })

  it('drip (one byte a second): the timeout bounds the body, not just the headers', async () => {
    fault('t1', { kind: 'drip' })
    let headers = false
    const watching = createHttpClient({ baseUrl: sim.urls.main, fetch: (url, init) => fetch(url, init).then((r) => ((headers = true), r)) })
    const request = pending(failure(watching.get('/t1', { timeoutMs: 1200 })))
    await eventually('the headers of the dripped answer at the client', () => headers)
    await jest.advanceTimersByTimeAsync(1199) // one byte of the body has come
    await client.get(V2) // a later request, answered
    expect(request.settled).toBe(false)
    await jest.advanceTimersByTimeAsync(1)
    await eventually('the request to end at its timeout', () => request.settled)
    const error = await request.promise
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error.code).toBe(9000001)
  })

  it('HTTP 503: HttpStatusError with the HTTP status as failure status', async () => {
    fault('symbol_list_v2', { kind: 'status', status: 503 })
    const error = await failure(client.get(V2))
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error.status).toBe(503)
    expect(error.httpStatus).toBe(503)
  })

  it('HTML error page with 200: ParseError "Access error, please try again later"', async () => {
    fault('symbol_list_v2', { kind: 'html200' })
    const error = await failure(client.get(V2))
    expect(error).toBeInstanceOf(ParseError)
    expect((error as ParseError).reason).toBe('invalid-json')
    expect(error.message).toBe('Access error, please try again later')
  })

  it('non-JSON text: ParseError "Access error, please try again later"', async () => {
    fault('symbol_list_v2', { kind: 'nonJson' })
    const error = await failure(client.get(V2))
    expect(error).toBeInstanceOf(ParseError)
    expect(error.message).toBe('Access error, please try again later')
  })

  it('JSON that is not an object: invalid response', async () => {
    fault('symbol_list_v2', { kind: 'notObject' })
    const error = await failure(client.get(V2))
    expect(error).toBeInstanceOf(ParseError)
    expect((error as ParseError).reason).toBe('not-object')
    expect(error.message).toBe('Access error, please try again later')
  })

  it('empty body: "Non Response!"', async () => {
    fault('symbol_list_v2', { kind: 'empty' })
    const error = await failure(client.get(V2))
    expect(error).toBeInstanceOf(ParseError)
    expect((error as ParseError).reason).toBe('empty')
    expect(error.message).toBe('Non Response!')
  })

  it('truncated body: ParseError (invalid JSON)', async () => {
    fault('symbol_list_v2', { kind: 'truncated' })
    const error = await failure(client.get(V2))
    expect(error).toBeInstanceOf(ParseError)
    expect((error as ParseError).reason).toBe('invalid-json')
    expect(error.message).toBe('Access error, please try again later')
  })

  it('oversized body: refused at the size cap before parsing', async () => {
    fault('symbol_list_v2', { kind: 'oversized', bytes: 3 * 1024 * 1024 })
    const capped = createHttpClient({ baseUrl: sim.urls.main, fetch, maxResponseBytes: 1024 * 1024 })
    const error = await failure(capped.get(V2))
    expect(error).toBeInstanceOf(ParseError)
    expect((error as ParseError).reason).toBe('too-large')
    expect(error.message).toBe('Request failed. Please try again later.')
  })

  it('ret_code ≠ 0 with a URL-encoded ret_msg: ApiError with the decoded message', async () => {
    fault('symbol_list_v2', { kind: 'retCode', code: 10006, msg: 'Too many visits' })
    const error = await failure(client.get(V2))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.code).toBe(10006)
    expect(error.message).toBe('Too many visits')
    expect(error.status).toBe(500)
  })

  it('camelCase envelope (retCode/retMsg) is accepted', async () => {
    fault('symbol_list_v2', { kind: 'camelCase' })
    const envelope = await client.getEnvelope<{ quoteTokenResult: unknown[] }>(V2)
    expect(envelope.retCode).toBe(0)
    expect(envelope.result.quoteTokenResult.length).toBeGreaterThan(0)
  })

  it('merge gap: the all-list lacks a pair that v3 lists', async () => {
    fault('symbol_list_all', { kind: 'mergeGap' })
    const v3 = await client.get<{ quoteTokenResult: { quoteTokenSymbols: { si: string }[] }[] }>(V3)
    const all = await client.get<{ quoteTokenSymbols: { si: string }[] }>(ALL)
    const inAll = new Set(all.quoteTokenSymbols.map((p) => p.si))
    const missing = v3.quoteTokenResult.flatMap((g) => g.quoteTokenSymbols).filter((p) => !inAll.has(p.si))
    expect(missing).toHaveLength(1)
  })

  it('10017 on /t1 is alive for the probe but not a plain success', async () => {
    fault('t1', { kind: 'alive10017' })
    await expect(client.getEnvelope('/t1', { okCodes: [0, 10017] })).resolves.toMatchObject({ retCode: 10017 })
    const error = await failure(client.get('/t1'))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.code).toBe(10017)
  })

  it.each([1, 8, 3])('getproxy res_code %i reaches the caller unchanged', async (resCode) => {
    fault('getproxy', { kind: 'proxyRes', resCode })
    const body = await client.getJson('/kmeqrvdu/proxy/getproxy', { query: { seq_id: 'a', device_id: 'b', app: 'web', os: 'web', bu: 'spot', v: '1' } })
    expect(body.err_code).toBe(0)
    expect((body.result as { res_code: number }).res_code).toBe(resCode)
  })
})

describe('cache, single-flight and retries against the simulator', () => {
  const hits = () => Object.values(sim.state().hits.main).reduce((a, b) => a + b, 0)

  it('identical concurrent requests share one upstream request', async () => {
    sim.resetHits()
    const [a, b, c] = await Promise.all([client.get(V2), client.get(V2), client.get(V2)])
    expect(a).toBe(b)
    expect(b).toBe(c)
    expect(hits()).toBe(1)
  })

  it('a request made after the first caller aborted starts afresh instead of sharing the aborted one', async () => {
    sim.resetHits()
    const first = new AbortController()
    const joined = client.get(V2, { signal: first.signal })
    const sharing = client.get(V2)
    const shared = Promise.allSettled([joined, sharing])
    first.abort()
    // An effect run again with a new controller: its request is its own, and it succeeds.
    const after = await client.get(V2, { signal: new AbortController().signal })
    expect((after as { quoteTokenResult: unknown[] }).quoteTokenResult.length).toBeGreaterThan(0)
    // Those that joined before the abort share its fate (docs/decisions/request-client.md "Single-flight and caller signals").
    const [a, b] = await shared
    expect(a.status === 'rejected' && a.reason).toBeInstanceOf(NetworkError)
    expect(b.status === 'rejected' && b.reason).toBeInstanceOf(NetworkError)
  })

  it('a cached result is served without a request, and a failure never evicts it', async () => {
    sim.resetHits()
    const first = await client.get(V2, { cache: true })
    await client.get(V2, { cache: true })
    expect(hits()).toBe(1)
    fault('symbol_list_v2', { kind: 'status', status: 502 })
    await expect(client.get(V2, { cache: true, fresh: true })).rejects.toBeInstanceOf(HttpStatusError)
    await expect(client.get(V2, { cache: true })).resolves.toBe(first)
  })

  it('retries are 0 by default; when enabled, they wait 2000–4000 ms each', async () => {
    fault('symbol_list_v2', { kind: 'status', status: 503 })
    sim.resetHits()
    await expect(client.get(V2)).rejects.toBeInstanceOf(HttpStatusError)
    expect(hits()).toBe(1)
    const waits: number[] = []
    const retrying = createHttpClient({ baseUrl: sim.urls.main, fetch, retries: 2, random: () => 0.25, sleep: async (ms) => void waits.push(ms) })
    sim.resetHits()
    await expect(retrying.get(V2)).rejects.toBeInstanceOf(HttpStatusError)
    expect(hits()).toBe(3)
    expect(waits).toEqual([2500, 2500])
  })

  it('does not retry an answer that is not transient (ret_code ≠ 0)', async () => {
    fault('symbol_list_v2', { kind: 'retCode', code: 10001, msg: 'params error' })
    const retrying = createHttpClient({ baseUrl: sim.urls.main, fetch, retries: 2, sleep: async () => undefined })
    sim.resetHits()
    await expect(retrying.get(V2)).rejects.toBeInstanceOf(ApiError)
    expect(hits()).toBe(1)
  })
})

describe('fast-path rewrite falls back to the direct host', () => {
  it('a request rewritten to a refusing host is sent again to the original host', async () => {
    sim.setFault({ host: 'fastPath', endpoint: '*', fault: { kind: 'refuse' } })
    await (sim as Simulator & { settled?: () => Promise<void> }).settled?.()
    const failures: string[] = []
    const rewriting = createHttpClient({
      baseUrl: sim.urls.main,
      fetch,
      rewriteUrl: (u) => u.replace(sim.urls.main, sim.urls.fastPath),
      onRewriteFailure: (target) => failures.push(target),
    })
    sim.resetHits()
    const result = await rewriting.get<{ quoteTokenResult: unknown[] }>(V2)
    expect(result.quoteTokenResult.length).toBeGreaterThan(0)
    expect(failures).toEqual([`${sim.urls.fastPath}${V2}`])
    expect(sim.state().hits.main.symbol_list_v2).toBe(1)
  })

  it('an answer from the rewritten host (even an error) is final', async () => {
    sim.setFault({ host: 'fastPath', endpoint: 'symbol_list_v2', fault: { kind: 'retCode', code: 10006, msg: 'Too many visits' } })
    const rewriting = createHttpClient({ baseUrl: sim.urls.main, fetch, rewriteUrl: (u) => u.replace(sim.urls.main, sim.urls.fastPath) })
    sim.resetHits()
    await expect(rewriting.get(V2)).rejects.toMatchObject({ name: 'ApiError', code: 10006 })
    expect(sim.state().hits.main.symbol_list_v2 ?? 0).toBe(0)
  })
})

/** The profile call (SPEC §7) against the simulator on 127.0.0.1. */
import { startFreeSimulator } from '@/simulator/testkit'
import type { Simulator } from '@/simulator/contract'
import { createHttpClient } from '../http/client'
import { systemTimers, type Timers } from '../engine-kit/environment'
import type { RequestError } from '../http/errors'
import { createProfileSource, readProfile } from './profile'

let sim: Simulator
beforeAll(async () => {
  sim = await startFreeSimulator()
})
afterAll(() => sim.close())
beforeEach(() => {
  sim.clearFaults()
  sim.resetHits()
})

/** A browser with a session cookie for the API hosts sends it with every credentialed call. */
const signedIn = (name: string) => (input: string, init: RequestInit) =>
  fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: `session=${name}` } })

describe('profile source', () => {
  it('signed out: the error envelope gives no profile, and the failure is reported', async () => {
    const failures: RequestError[] = []
    const source = createProfileSource(createHttpClient({ baseUrl: sim.urls.main, fetch }), (e) => failures.push(e))
    await expect(source.load()).resolves.toBeNull()
    expect(failures.map((e) => [e.name, e.code])).toEqual([['ApiError', 10007]])
  })

  it('signed in: the profile, then from the result cache without a request', async () => {
    const source = createProfileSource(createHttpClient({ baseUrl: sim.urls.main, fetch: signedIn('alice') }))
    const first = await source.load()
    expect(first).toMatchObject({ nickName: 'alice' })
    expect(await source.load()).toEqual(first)
    expect(sim.state().hits.main.profile).toBe(1)
  })

  it('a failed answer keeps the cached entry (SPEC §7)', async () => {
    const source = createProfileSource(createHttpClient({ baseUrl: sim.urls.main, fetch: signedIn('alice') }))
    const first = await source.load()
    sim.setFault({ host: 'main', endpoint: 'profile', fault: { kind: 'status', status: 503 } })
    await expect(source.load({ fresh: true })).resolves.toEqual(first)
    sim.setFault({ host: 'main', endpoint: 'profile', fault: { kind: 'empty' } })
    await expect(source.load({ fresh: true })).resolves.toEqual(first)
    expect(sim.state().hits.main.profile).toBe(3)
    // Without a cached entry the same failure means no profile.
    const cold = createProfileSource(createHttpClient({ baseUrl: sim.urls.main, fetch: signedIn('alice') }))
    await expect(cold.load()).resolves.toBeNull()
  })

  it('goes to the host the client is pointed at (the chosen route), with the 30000 ms basic timeout', async () => {
    const delays: number[] = []
    const timers: Timers = {
      ...systemTimers,
      setTimeout: (fn, ms) => {
        delays.push(ms)
        return systemTimers.setTimeout(fn, ms)
      },
    }
    let host = sim.urls.main
    const client = createHttpClient({ baseUrl: () => host, fetch: signedIn('bob'), timers, timeoutMs: 1000 })
    const source = createProfileSource(client)
    host = sim.urls.alt2
    await expect(source.load()).resolves.toMatchObject({ nickName: 'bob' })
    expect(sim.state().hits.alt2.profile).toBe(1)
    expect(sim.state().hits.main.profile ?? 0).toBe(0)
    expect(delays).toEqual([30000])
  })

  it('reads only a well-formed profile', () => {
    expect(readProfile(null)).toBeNull()
    expect(readProfile({ userId: '1', nickName: 'a' })).toBeNull()
    expect(readProfile({ userId: 0, nickName: 'a' })).toBeNull()
    expect(readProfile({ userId: 7, nickName: 3 })).toEqual({ userId: 7, nickName: '' })
    expect(readProfile({ userId: 7, nickName: ' al ', extra: 1 })).toEqual({ userId: 7, nickName: 'al' })
  })
})

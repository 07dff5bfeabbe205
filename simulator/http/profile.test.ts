/** The profile endpoint (SPEC §7 `GET /v2/private/user/profile`) of the simulator, over 127.0.0.1. */
import { profileAnswer, sessionName } from './profile'
import { startTestSim, type TestSim } from '../testkit'

const PROFILE = '/v2/private/user/profile'
let t: TestSim
beforeAll(async () => {
  t = await startTestSim()
})
afterAll(() => t.sim.close())
beforeEach(() => t.sim.clearFaults())

describe('GET /v2/private/user/profile', () => {
  it('without a session cookie: an error envelope (not signed in)', async () => {
    const { status, body } = await t.json('main', PROFILE)
    expect(status).toBe(200)
    expect(body).toMatchObject({ ret_code: 10007, ret_msg: 'User authentication failed', result: null })
  })

  it('with a session cookie: that user, the same id every time, on every API host', async () => {
    const a = await t.json('main', PROFILE, { headers: { cookie: 'theme=day; session=alice' } })
    expect(a.body).toMatchObject({ ret_code: 0, result: { nickName: 'alice' } })
    const again = await t.json('alt2', PROFILE, { headers: { cookie: 'session=alice' } })
    expect((again.body.result as { userId: number }).userId).toBe((a.body.result as { userId: number }).userId)
    const bob = await t.json('alt1', PROFILE, { headers: { cookie: 'session=bob' } })
    expect((bob.body.result as { userId: number }).userId).not.toBe((a.body.result as { userId: number }).userId)
  })

  it('counts hits as "profile" and obeys its fault rules', async () => {
    t.sim.resetHits()
    t.sim.setFault({ host: 'main', endpoint: 'profile', fault: { kind: 'status', status: 503 } })
    const { status } = await t.json('main', PROFILE, { headers: { cookie: 'session=alice' } })
    expect(status).toBe(503)
    expect(t.sim.state().hits.main.profile).toBe(1)
  })

  it('reads only a plain session name', () => {
    expect(sessionName(undefined)).toBeNull()
    expect(sessionName('session=')).toBeNull()
    expect(sessionName('session=<script>')).toBeNull()
    expect(sessionName('xsession=alice')).toBeNull()
    expect(sessionName(' session=al_ice-1 ; x=y')).toBe('al_ice-1')
    expect(profileAnswer('session=a', 0)).toMatchObject({ ret_code: 0, result: { nickName: 'a' } })
  })
})

/** The one liveness probe (route chooser and fast path), on the fake clock and network. */
import { createFakeNetwork, createFakeScheduler } from '../testing/engine-fakes'
import { createAliveProber } from './probe'

const HOST = 'https://api.example.com'

function setup() {
  const scheduler = createFakeScheduler()
  const network = createFakeNetwork(scheduler)
  const prober = createAliveProber({ fetch: network.fetch, timers: scheduler.timers, now: scheduler.now, timeoutMs: 15_000 })
  return { scheduler, network, prober }
}

describe('createAliveProber', () => {
  it('is alive on ret_code 0 and 10017, timed from request to answer', async () => {
    const { scheduler, network, prober } = setup()
    for (const fault of [undefined, 10017]) {
      network.set(HOST, { latencyMs: 120, fault })
      const probe = prober.probe(HOST, '/t1', new AbortController().signal)
      await scheduler.advance(120)
      await expect(probe).resolves.toEqual({ ok: true, elapsedMs: 120, at: scheduler.now() })
    }
    expect(network.calls).toEqual([`${HOST}/t1`, `${HOST}/t1`])
  })

  it('another ret_code, a refusal or a hang past the timeout is not alive, and never throws', async () => {
    const { scheduler, network, prober } = setup()
    network.set(HOST, { latencyMs: 50, fault: 10006 })
    const limited = prober.probe(HOST, '/hats/t1', new AbortController().signal)
    await scheduler.advance(50)
    await expect(limited).resolves.toMatchObject({ ok: false, elapsedMs: 50 })
    network.set(HOST, { latencyMs: 0, fault: 'refuse' })
    await expect(prober.probe(HOST, '/t1', new AbortController().signal)).resolves.toMatchObject({ ok: false })
    network.set(HOST, { latencyMs: 0, fault: 'hang' })
    const hung = prober.probe(HOST, '/t1', new AbortController().signal)
    await scheduler.advance(15_000)
    await expect(hung).resolves.toMatchObject({ ok: false, elapsedMs: 15_000 })
  })
})

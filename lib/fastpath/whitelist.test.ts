import { createHttpClient } from '../http/client'
import { createFakeNetwork, createFakeScheduler } from '../testing/engine-fakes'
import { checkWhitelist, readWhitelistAnswer } from './whitelist'

describe('getproxy answer (SPEC §6, wire.md)', () => {
  it.each([
    [
      { err_code: 0, result: { res_code: 1, monitor_switch: 1 } },
      { kind: 'allowed', monitorSwitch: true },
    ],
    [
      { err_code: 0, result: { res_code: 1, monitor_switch: 0 } },
      { kind: 'allowed', monitorSwitch: false },
    ],
    [{ err_code: 0, result: { res_code: 8 } }, { kind: 'exception' }],
    [{ err_code: 5, result: { res_code: 8 } }, { kind: 'exception' }],
    [
      { err_code: 0, result: { res_code: 2 } },
      { kind: 'denied', resCode: 2, errCode: 0 },
    ],
    [
      { err_code: 0, result: { res_code: 0 } },
      { kind: 'denied', resCode: 0, errCode: 0 },
    ],
    [
      { err_code: 1, result: { res_code: 1 } },
      { kind: 'denied', resCode: 1, errCode: 1 },
    ],
    [
      { err_code: 0, result: { res_code: '1' } },
      { kind: 'denied', resCode: '1', errCode: 0 },
    ],
    [{ err_code: 0 }, { kind: 'denied', resCode: undefined, errCode: 0 }],
    [
      { ret_code: 0, result: {} },
      { kind: 'denied', resCode: undefined, errCode: undefined },
    ],
  ])('%j → %j', (body, expected) => {
    expect(readWhitelistAnswer(body)).toEqual(expected)
  })
})

describe('checkWhitelist', () => {
  const API = 'https://api.example.com'
  function setup(behaviour: Parameters<ReturnType<typeof createFakeNetwork>['set']>[1]) {
    const scheduler = createFakeScheduler()
    const network = createFakeNetwork(scheduler)
    network.set(API, behaviour)
    const client = createHttpClient({ baseUrl: API, fetch: network.fetch, timers: scheduler.timers })
    const run = checkWhitelist(client, { deviceId: 'dev-1' }, 'seq-9', new AbortController().signal, 15000)
    return { scheduler, network, run }
  }

  it('asks getproxy with seq_id, device_id, app, os, bu and v', async () => {
    const { scheduler, network, run } = setup({ latencyMs: 5, body: { err_code: 0, result: { res_code: 1, monitor_switch: 1 } } })
    await scheduler.advance(10)
    await expect(run).resolves.toEqual({ kind: 'allowed', monitorSwitch: true })
    const url = new URL(network.calls[0] ?? '')
    expect(url.pathname).toBe('/kmeqrvdu/proxy/getproxy')
    expect(Object.fromEntries(url.searchParams)).toEqual({ seq_id: 'seq-9', device_id: 'dev-1', app: 'web', os: 'pc', bu: 'spot', v: '1' })
  })

  it('turns a request failure into "failed", never a throw', async () => {
    const refused = setup({ latencyMs: 0, fault: 'refuse' })
    await refused.scheduler.advance(10)
    await expect(refused.run).resolves.toMatchObject({ kind: 'failed' })
    const hung = setup({ latencyMs: 0, fault: 'hang' })
    await hung.scheduler.advance(15000)
    await expect(hung.run).resolves.toMatchObject({ kind: 'failed', error: expect.stringContaining('TimeoutError') })
  })
})

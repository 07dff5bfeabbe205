import WebSocket from 'ws'
import type { RunningSimulator } from '@/simulator/http/server'
import { startFreeSimulator } from '@/simulator/testkit'
import { createHttpClient } from '../http/client'
import { eventually } from '@/testing/eventually'
import { createFastPath } from './index'
import { systemTimers } from '../engine-kit/environment'

const realTimers = systemTimers
const FAST = {
  probeStartMs: 100,
  probeStepMs: 100,
  probeMaxMs: 300,
  refreshMinMs: 100,
  refreshMaxMs: 300,
  checkMs: 200,
  reportFirstMs: 100,
  reportMs: 300,
  probeTimeoutMs: 2000,
}

describe('fast path against the real simulator (real timers, real websocket)', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startFreeSimulator()
  })
  afterAll(() => sim.close())
  afterEach(() => sim.clearFaults())

  function create(mode: 'global' | 'whitelist') {
    return createFastPath({
      config: { mode, candidates: [sim.urls.fastPath], wsUrl: sim.wsUrl, apiHost: sim.urls.main },
      fetch: (url, init) => fetch(url, init),
      timers: realTimers,
      now: () => performance.now(),
      openWebSocket: (url) => new WebSocket(url),
      identity: { deviceId: 'sim-test' },
      timings: FAST,
    })
  }

  it('probes /hats/t1 and the websocket, then carries API requests over the fast-path host', async () => {
    sim.resetHits()
    const fastPath = create('global')
    try {
      fastPath.start()
      await eventually(
        'a websocket probe',
        () => fastPath.getSnapshot(),
        (s) => s.probes.some((p) => p.kind === 'ws'),
      )
      const snapshot = fastPath.getSnapshot()
      expect(snapshot.route?.host).toBe(sim.urls.fastPath)
      expect(snapshot.probes.find((p) => p.kind === 'ws')).toMatchObject({ ok: true })
      const client = createHttpClient({ baseUrl: sim.urls.main, fetch, rewriteUrl: fastPath.rewriteUrl })
      const result = await client.get<{ quoteTokenResult: unknown[] }>('/spot/api/basic/symbol_list_v3')
      expect(result.quoteTokenResult.length).toBeGreaterThan(0)
      const hits = sim.state().hits
      expect(hits.fastPath.symbol_list_v3).toBe(1)
      expect(hits.main.symbol_list_v3).toBeUndefined()
      expect(hits.fastPath.hats_t1).toBeGreaterThanOrEqual(1)
      expect(hits.fastPath.ws).toBeGreaterThanOrEqual(1)
    } finally {
      fastPath.stop()
    }
  })

  it('whitelist: res_code 1 turns it on; res_code 8 from the server turns it off', async () => {
    const fastPath = create('whitelist')
    try {
      fastPath.start()
      await eventually(
        'the whitelist to turn the fast path on',
        () => fastPath.getSnapshot(),
        (s) => s.state === 'whitelist',
      )
      sim.setFault({ host: 'main', endpoint: 'getproxy', fault: { kind: 'proxyRes', resCode: 8 } })
      await eventually(
        'res_code 8 to turn it off',
        () => fastPath.getSnapshot(),
        (s) => s.offReason === 'exception',
      )
      expect(fastPath.rewriteUrl(`${sim.urls.main}/spot/api/basic/symbol_list_v3`)).toBe(`${sim.urls.main}/spot/api/basic/symbol_list_v3`)
    } finally {
      fastPath.stop()
    }
  })
})

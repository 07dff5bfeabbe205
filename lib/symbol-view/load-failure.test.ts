/** The failure the markets page shows after a browser load, from the loader's own incidents (real simulator). */
import type { Fault, Simulator } from '@/simulator/contract'
import { createRecordingMonitor } from '../testing/recording-monitor'
import { harness, loadOnFakeClock, startSim } from '../testing/symbol-harness'
import { SYMBOL_REQUEST_TIMEOUT_MS } from '../http/constants'
import { failureOf, watchLoadFailures, type LoadFailure } from './load-failure'
import { installFakeTimeouts } from '@/testing/fake-timeouts'

let sim: Simulator & { settled?: () => Promise<void> }
beforeAll(async () => {
  sim = await startSim()
})
afterAll(() => sim.close())
beforeEach(() => sim.clearFaults())

const LISTS = ['symbol_list_v3', 'symbol_list_all', 'symbol_list_v2']

async function loadWith(fault: Fault | null, endpoint: 'symbol_list_v3' | '*' = '*'): Promise<{ shown: (LoadFailure | null)[]; forwarded: number }> {
  if (fault) sim.setFault({ host: 'main', endpoint, fault })
  await sim.settled?.()
  const shown: (LoadFailure | null)[] = []
  const recorder = createRecordingMonitor()
  const monitor = watchLoadFailures(recorder, (f) => shown.push(f))
  const h = harness(sim, { monitor })
  // A hang ends at the request timeout, when the fake clock is moved to it.
  if (fault?.kind === 'hang') await loadOnFakeClock(h, sim, endpoint === '*' ? LISTS : [endpoint], SYMBOL_REQUEST_TIMEOUT_MS)
  else await h.loader.load()
  return { shown, forwarded: recorder.entries.length }
}

// The loader's request timeouts on jest's fake clock, which only the hang moves (lib/testing/symbol-harness.ts).
beforeEach(installFakeTimeouts)
afterEach(() => jest.useRealTimers())

describe('markets load failures (Errors.*)', () => {
  it.each<[string, Fault, LoadFailure]>([
    ['empty bodies', { kind: 'empty' }, { key: 'nonResponse' }],
    ['HTML pages', { kind: 'html200' }, { key: 'accessError' }],
    ['no answer in time', { kind: 'hang' }, { key: 'timeout' }],
    ['dropped connections', { kind: 'refuse' }, { key: 'requestFailed' }],
    ['an upstream message', { kind: 'retCode', code: 10006, msg: 'Too many visits' }, { text: 'Too many visits' }],
  ])('every source failing with %s shows that message', async (_name, fault, expected) => {
    const { shown, forwarded } = await loadWith(fault)
    expect(shown).toEqual([expected])
    expect(forwarded).toBeGreaterThan(3) // incidents and events still reach the page's monitor
  })

  it('a load that v2 rescues shows no failure; neither does a healthy one', async () => {
    expect((await loadWith({ kind: 'empty' }, 'symbol_list_v3')).shown).toEqual([null])
    expect((await loadWith(null)).shown).toEqual([null])
  })

  it('a failure that is not a request’s is generic', () => {
    expect(failureOf({ step: 'v2', error: 'TypeError', message: 'Request failed. Please try again later.' })).toEqual({ key: 'generic' })
    expect(failureOf(undefined)).toEqual({ key: 'generic' })
    expect(failureOf({ error: 'TimeoutError', message: 'Request timeout, please re-try!' })).toEqual({ key: 'timeout' })
  })
})

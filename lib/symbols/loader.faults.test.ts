/**
 * Every fault switch of simulator/contract.ts on symbol_list_v3 (and on every endpoint at once)
 * still yields a list: the loader never throws, and the source says which rung held.
 */
import type { Fault, Simulator } from '@/simulator/contract'
import { SYMBOL_INCIDENTS as I } from './incidents'
import type { SymbolSource } from './result'
import { harness, loadOnFakeClock, startSim } from '../testing/symbol-harness'
import { SYMBOL_REQUEST_TIMEOUT_MS } from '../http/constants'
import { installFakeTimeouts } from '@/testing/fake-timeouts'

let sim: Simulator
beforeAll(async () => {
  sim = await startSim()
})
afterAll(() => sim.close())
beforeEach(() => {
  installFakeTimeouts()
  sim.clearFaults()
})
afterEach(() => jest.useRealTimers())

/** A Record over Fault['kind'], so a fault kind added to the contract fails to compile here until it is covered. */
const FAULTS: Record<Fault['kind'], { fault: Fault; v3Only: SymbolSource; everywhere: SymbolSource; allOnly?: SymbolSource }> = {
  refuse: { fault: { kind: 'refuse' }, v3Only: 'v2', everywhere: 'builtin' },
  hang: { fault: { kind: 'hang' }, v3Only: 'v2', everywhere: 'builtin' },
  slow: { fault: { kind: 'slow', ms: 50 }, v3Only: 'v3+all', everywhere: 'v3+all' },
  drip: { fault: { kind: 'drip' }, v3Only: 'v2', everywhere: 'builtin' },
  status: { fault: { kind: 'status', status: 500 }, v3Only: 'v2', everywhere: 'builtin' },
  html200: { fault: { kind: 'html200' }, v3Only: 'v2', everywhere: 'builtin' },
  nonJson: { fault: { kind: 'nonJson' }, v3Only: 'v2', everywhere: 'builtin' },
  notObject: { fault: { kind: 'notObject' }, v3Only: 'v2', everywhere: 'builtin' },
  empty: { fault: { kind: 'empty' }, v3Only: 'v2', everywhere: 'builtin' },
  truncated: { fault: { kind: 'truncated' }, v3Only: 'v2', everywhere: 'builtin' },
  oversized: { fault: { kind: 'oversized' }, v3Only: 'v2', everywhere: 'builtin' },
  retCode: { fault: { kind: 'retCode', code: 10006, msg: 'Too many visits' }, v3Only: 'v2', everywhere: 'builtin' },
  camelCase: { fault: { kind: 'camelCase' }, v3Only: 'v3+all', everywhere: 'v3+all' },
  // mergeGap only bends symbol_list_all; on every endpoint it is a merge error and v2 holds.
  mergeGap: { fault: { kind: 'mergeGap' }, v3Only: 'v3+all', everywhere: 'v2', allOnly: 'v2' },
  alive10017: { fault: { kind: 'alive10017' }, v3Only: 'v3+all', everywhere: 'v3+all' },
  proxyRes: { fault: { kind: 'proxyRes', resCode: 8 }, v3Only: 'v3+all', everywhere: 'v3+all' },
  // Stream faults bend socket messages only: every HTTP answer stays normal.
  gap: { fault: { kind: 'gap' }, v3Only: 'v3+all', everywhere: 'v3+all' },
  restart: { fault: { kind: 'restart' }, v3Only: 'v3+all', everywhere: 'v3+all' },
  crossed: { fault: { kind: 'crossed' }, v3Only: 'v3+all', everywhere: 'v3+all' },
  malformed: { fault: { kind: 'malformed', what: 'side' }, v3Only: 'v3+all', everywhere: 'v3+all' },
  silent: { fault: { kind: 'silent' }, v3Only: 'v3+all', everywhere: 'v3+all' },
}

/**
 * On jest's fake clock (lib/testing/symbol-harness.ts) a request that gets no answer on its own
 * waits until the test moves the clock: a hang or a drip to the request timeout, a slow fault to
 * its delay. Every other request, the healthy fallbacks' included, never times out, however long a
 * loaded machine takes (the oversized 12 MiB body blocks the in-process simulator a while).
 */
const stepMs = (fault: Fault): number | undefined =>
  fault.kind === 'hang' || fault.kind === 'drip' ? SYMBOL_REQUEST_TIMEOUT_MS : fault.kind === 'slow' ? fault.ms : undefined
const LISTS = ['symbol_list_v3', 'symbol_list_all', 'symbol_list_v2']

/** The load with `fault` on `endpoint` ('*': every list), the clock moved for the requests it holds. */
function load(fault: Fault, endpoint: 'symbol_list_v3' | 'symbol_list_all' | '*') {
  sim.setFault({ host: 'main', endpoint, fault })
  const h = harness(sim)
  const step = stepMs(fault)
  const result = step === undefined ? h.loader.load() : loadOnFakeClock(h, sim, endpoint === '*' ? LISTS : [endpoint], step)
  return { h, result }
}

const EXPECTED_CODES: Record<SymbolSource, number[]> = {
  'v3+all': [],
  v2: [I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2],
  cache: [],
  builtin: [I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2, I.V2_FALLBACK_ERROR, I.BUILTIN_DATA_USED],
}

describe.each(Object.entries(FAULTS))('fault %s', (_kind, { fault, v3Only, everywhere, allOnly = v3Only }) => {
  it(`on symbol_list_v3 → ${v3Only}`, async () => {
    const { h, result: loading } = load(fault, 'symbol_list_v3')
    const result = await loading
    expect(result.provenance.source).toBe(v3Only)
    expect(result.symbols.length).toBeGreaterThan(0)
    expect(h.monitor.codes()).toEqual(EXPECTED_CODES[v3Only])
  })

  // The all-list is the split-off half of the v3 list: its own failure is 11511506, not 11511509.
  it(`on symbol_list_all → ${allOnly}`, async () => {
    const { h, result: loading } = load(fault, 'symbol_list_all')
    const result = await loading
    expect(result.provenance.source).toBe(allOnly)
    const codes = fault.kind === 'mergeGap' ? [I.MERGE_ERROR, I.FALLBACK_TO_V2] : allOnly === 'v2' ? [I.SPLIT_REQUEST_ERROR, I.FALLBACK_TO_V2] : []
    expect(h.monitor.codes()).toEqual(codes)
  })

  it(`on every endpoint → ${everywhere}`, async () => {
    const { h, result: loading } = load(fault, '*')
    const result = await loading
    expect(result.provenance.source).toBe(everywhere)
    expect(result.symbols.length).toBeGreaterThan(0)
    const codes = fault.kind === 'mergeGap' ? [I.MERGE_ERROR, I.FALLBACK_TO_V2] : EXPECTED_CODES[everywhere]
    expect(h.monitor.codes()).toEqual(codes)
  })
})

/**
 * Bugs inside the pipeline (SPEC §8 11511505 "code error") and single flight, against the real
 * simulator: whatever throws, the caller gets a list and never an exception.
 */
import type { Simulator } from '@/simulator/contract'
import type { KeyValueStorage } from '../storage/storage'
import { SYMBOL_INCIDENTS as I } from './incidents'
import { downV2, downV3, harness, startSim } from '../testing/symbol-harness'
import { installFakeTimeouts } from '@/testing/fake-timeouts'

let sim: Simulator
beforeEach(async () => {
  sim = await startSim()
})
afterEach(() => sim.close())

// The loader's request timeouts on jest's fake clock, which these tests never move (lib/testing/symbol-harness.ts).
beforeEach(installFakeTimeouts)
afterEach(() => jest.useRealTimers())

describe('a thrown bug', () => {
  const throwing: KeyValueStorage = {
    getItem: () => {
      throw new TypeError('storage exploded')
    },
    setItem: () => true,
    removeItem: () => {},
  }

  it('inside the v3 step is a code error and still falls back to v2', async () => {
    const h = harness(sim, { storage: throwing })
    const result = await h.loader.load()
    expect(result.provenance.source).toBe('v2')
    expect(h.monitor.codes()).toEqual([I.CODE_ERROR, I.FALLBACK_TO_V2])
    expect(h.monitor.entries[0]?.detail).toMatchObject({ error: 'TypeError', message: 'storage exploded' })
  })

  it('in every step still ends with a list, never an exception', async () => {
    downV2(sim)
    const h = harness(sim, { storage: throwing })
    const result = await h.loader.load()
    expect(result.provenance.source).toBe('builtin')
    expect(h.monitor.codes()).toEqual([I.CODE_ERROR, I.FALLBACK_TO_V2, I.V2_FALLBACK_ERROR, I.CODE_ERROR, I.BUILTIN_DATA_USED])
  })

  it('in a storage write is reported, and the good list is kept', async () => {
    const readOnly: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new TypeError('read-only storage')
      },
      removeItem: () => {},
    }
    const h = harness(sim, { storage: readOnly })
    const result = await h.loader.load()
    expect(result.provenance.source).toBe('v3+all')
    expect(h.monitor.codes()).toEqual([I.CODE_ERROR])
    expect(h.monitor.entries[0]?.detail).toMatchObject({ step: 'save', message: 'read-only storage' })
  })

  it('in the monitor changes nothing: logging cannot break the list', async () => {
    const exploding = {
      incident: () => {
        throw new Error('monitor down')
      },
      event: () => {
        throw new Error('monitor down')
      },
    }
    const h = harness(sim, { monitor: exploding })
    expect((await h.loader.load()).provenance.source).toBe('v3+all')
    downV3(sim)
    expect((await h.loader.load()).provenance.source).toBe('v2')
  })
})

it('single flight: concurrent loads share one request pair and one result', async () => {
  const h = harness(sim)
  const [a, b, c] = await Promise.all([h.loader.load(), h.loader.load(), h.loader.load()])
  expect(b).toBe(a)
  expect(c).toBe(a)
  expect(sim.state().hits.main).toEqual({ symbol_list_v3: 1, symbol_list_all: 1 })
  // Once settled, the next load starts afresh.
  await h.loader.load()
  expect(sim.state().hits.main).toEqual({ symbol_list_v3: 2, symbol_list_all: 2 })
})

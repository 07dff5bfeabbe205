import type { HttpClient, RequestOptions } from '../http/client'
import { SYMBOL_REQUEST_TIMEOUT_MS } from '../http/constants'
import { createRecordingMonitor } from '../testing/recording-monitor'
import { createMemoryStorage } from '../storage/memory'
import { SYMBOL_INCIDENTS as I } from './incidents'
import { createSymbolLoader } from './loader'
import { SYMBOL_LIST_ALL_PATH, SYMBOL_LIST_V2_PATH, SYMBOL_LIST_V3_PATH } from './sources'
import { allResult, SAMPLE_GROUPS, v2Result, v3Result } from './testing/fixtures'

/** A client double that answers from fixtures and records every request's options. */
function stubClient(answers: Record<string, unknown>) {
  const calls: { path: string; options: RequestOptions | undefined }[] = []
  const client: HttpClient = {
    async get<T>(path: string, options?: RequestOptions) {
      calls.push({ path, options })
      if (!(path in answers)) throw new TypeError(`unexpected ${path}`)
      return answers[path] as T
    },
    getEnvelope: () => Promise.reject(new Error('unused')),
    getJson: () => Promise.reject(new Error('unused')),
    url: (path) => path,
  }
  return { client, calls }
}

const allPairs = SAMPLE_GROUPS.flatMap((g) => g.pairs)

it('symbol requests use the SPEC §9 8000 ms timeout, retries 0 and no client cache by default', async () => {
  const { client, calls } = stubClient({ [SYMBOL_LIST_V3_PATH]: v3Result('1', SAMPLE_GROUPS), [SYMBOL_LIST_ALL_PATH]: allResult(allPairs) })
  const loader = createSymbolLoader({ client, storage: createMemoryStorage(), monitor: createRecordingMonitor(), now: () => 1 })
  expect((await loader.load()).provenance.source).toBe('v3+all')
  expect(SYMBOL_REQUEST_TIMEOUT_MS).toBe(8000)
  expect(calls.map((c) => c.path)).toEqual([SYMBOL_LIST_V3_PATH, SYMBOL_LIST_ALL_PATH])
  for (const { options } of calls) {
    expect(options).toMatchObject({ timeoutMs: 8000, retries: 0 })
    expect(options?.cache).toBeUndefined()
  }
})

it('caches are per language: a record of another language is never sent as a condition', async () => {
  const storage = createMemoryStorage()
  const answers = { [SYMBOL_LIST_V3_PATH]: v3Result('1', SAMPLE_GROUPS), [SYMBOL_LIST_ALL_PATH]: allResult(allPairs) }
  const en = stubClient(answers)
  await createSymbolLoader({ client: en.client, storage, monitor: createRecordingMonitor(), now: () => 1, language: 'en' }).load()
  const tr = stubClient(answers)
  const trLoader = createSymbolLoader({ client: tr.client, storage, monitor: createRecordingMonitor(), now: () => 2, language: { code: 'tr-TUR' } })
  await trLoader.load()
  expect(tr.calls.map((c) => c.options?.query)).toEqual([undefined, undefined])
  await trLoader.load()
  expect(tr.calls.slice(2).map((c) => c.options?.query)).toEqual([{ version: '1' }, { last_modified_at: 1000 }])
})

it('an empty v3 list is not a list: v2 is used', async () => {
  const { client } = stubClient({
    [SYMBOL_LIST_V3_PATH]: v3Result('1', []),
    [SYMBOL_LIST_ALL_PATH]: allResult(allPairs),
    [SYMBOL_LIST_V2_PATH]: v2Result(SAMPLE_GROUPS),
  })
  const monitor = createRecordingMonitor()
  const storage = createMemoryStorage()
  const result = await createSymbolLoader({ client, storage, monitor, now: () => 1 }).load()
  expect(result.provenance.source).toBe('v2')
  expect(monitor.codes()).toEqual([I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2])
  expect(storage.keys()).toEqual([])
})

it('dropped pairs are counted in the provenance and reported to the monitor', async () => {
  const v3 = v3Result('1', SAMPLE_GROUPS)
  v3.quoteTokenResult[0]!.quoteTokenSymbols.push({ si: 'BADUSDT', ts: 'x' })
  const all = allResult(allPairs)
  all.quoteTokenSymbols[1] = { ...all.quoteTokenSymbols[1], bp: '-1' } // ETHUSDT broken in the all-list
  const { client } = stubClient({ [SYMBOL_LIST_V3_PATH]: v3, [SYMBOL_LIST_ALL_PATH]: all })
  const monitor = createRecordingMonitor()
  const result = await createSymbolLoader({ client, storage: createMemoryStorage(), monitor, now: () => 1 }).load()
  expect(result.provenance).toEqual({ source: 'v3+all', fetchedAt: 1, dropped: 2 })
  expect(result.symbols.map((s) => s.symbolId)).toEqual(['BTCUSDT', 'BTCEUR'])
  expect(monitor.codes()).toEqual([])
  const dropped = monitor.entries.filter((e) => e.name === 'symbol_pairs_dropped').map((e) => [e.detail?.endpoint, e.detail?.dropped])
  expect(dropped).toEqual([
    ['symbol_list_v3', 1],
    ['symbol_list_all', 1],
  ])
})

it("with `between`, the answers' checks and merge, the derivation, the save and the return are separate steps; v2 derives in a step of its own", async () => {
  const storage = createMemoryStorage()
  const storedAtEachStep: number[] = []
  const between = async () => void storedAtEachStep.push(storage.keys().length)
  const { client } = stubClient({ [SYMBOL_LIST_V3_PATH]: v3Result('1', SAMPLE_GROUPS), [SYMBOL_LIST_ALL_PATH]: allResult(allPairs) })
  const loaded = await createSymbolLoader({ client, storage, monitor: createRecordingMonitor(), now: () => 1, between }).load()
  expect(loaded.provenance.source).toBe('v3+all')
  // Two steps before anything was stored, then the save, then a step before the result returns.
  expect(storedAtEachStep.length).toBe(3)
  expect(storedAtEachStep.slice(0, 2)).toEqual([0, 0])
  expect(storedAtEachStep[2]).toBeGreaterThan(0)
  expect(storage.keys().length).toBeGreaterThan(0)

  // No v3 or all-list answer (the stub throws): the chain falls back to v2, whose derivation is one step.
  const v2 = stubClient({ [SYMBOL_LIST_V2_PATH]: v2Result(SAMPLE_GROUPS) })
  let steps = 0
  const fromV2 = await createSymbolLoader({
    client: v2.client,
    storage: createMemoryStorage(),
    monitor: createRecordingMonitor(),
    now: () => 1,
    between: async () => void steps++,
  }).load()
  expect(fromV2.provenance.source).toBe('v2')
  expect(steps).toBe(1)
})

/**
 * Every SPEC §8 incident code against the real simulator, through the server's monitor: each
 * reachable code has one trigger and appears both in the server's JSON log line and in the
 * /api/metrics text; the codes the chain cannot reach are never emitted (docs/decisions/symbol-list.md
 * "The chain (SPEC §4) and its incident codes").
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { startFreeSimulator } from '@/simulator/testkit'
import type { FaultRule, Simulator } from '@/simulator/contract'
import { LANGUAGES } from '@/lib/i18n/languages'
import { loadSiteConfig, type RegionConfig } from '@/lib/regions/config'
import { createHttpClient } from '@/lib/http/client'
import { createSymbolLoader, SYMBOL_INCIDENTS as I } from '@/lib/symbols'
import type { KeyValueStorage } from '@/lib/storage/storage'
import { endOnFakeClock } from '@/lib/testing/symbol-harness'
import { installFakeTimeouts } from '@/testing/fake-timeouts'

// The real pino logger of server/ops/observability.ts, writing into this array instead of stdout:
// the process singleton is set before the server modules are first loaded.
const lines: Record<string, unknown>[] = []
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>)
    done()
  },
})
;(globalThis as unknown as Record<symbol, unknown>)[Symbol.for('spot-site.logger')] = pino({ level: 'info' }, sink)

type Server = {
  createSymbolListService: typeof import('./service').createSymbolListService
  createServerMonitor: typeof import('../ops/observability').createServerMonitor
  metricsRoute: typeof import('@/app/api/metrics/route').GET
}
let server: Server
let sim: Simulator & { settled?: () => Promise<void> }
let dir: string
let region: RegionConfig
const en = LANGUAGES['en-TR']

beforeAll(async () => {
  server = {
    createSymbolListService: (await import('./service')).createSymbolListService,
    createServerMonitor: (await import('../ops/observability')).createServerMonitor,
    metricsRoute: (await import('@/app/api/metrics/route')).GET,
  }
  sim = await startFreeSimulator({ latencyMs: { main: 0, alt1: 0, alt2: 0, fastPath: 0 } })
  region = loadSiteConfig({ API_BASE_URL: sim.urls.main }).regions.tr
})
afterAll(() => sim.close())
// The chain's request timeouts run on jest's fake clock (docs/decisions/stack.md "Tests wait for events,
// not for time"): a healthy answer never times out on a loaded machine and adds no codes; a hang
// ends when the test moves the clock.
beforeEach(() => {
  installFakeTimeouts()
  sim.clearFaults()
  dir = mkdtempSync(join(tmpdir(), 'spot-incidents-'))
})
afterEach(() => {
  jest.useRealTimers()
  rmSync(dir, { recursive: true, force: true })
})

/** The count /api/metrics reports for one code of this test's region. */
async function metricCount(code: number): Promise<number> {
  const text = await (await server.metricsRoute()).text()
  const line = text.split('\n').find((l) => l.startsWith(`spot_symbol_incidents_total{code="${code}",region="tr"}`))
  return line ? Number(line.split(' ').pop()) : 0
}

const loggedCodes = (from: number) => lines.slice(from).flatMap((l) => (typeof l.incident === 'number' ? [l.incident] : []))

/** Runs a scenario; returns the codes it logged and how much each code's metric grew. */
async function observe(scenario: () => Promise<unknown>): Promise<{ logged: number[]; grew: (code: number) => Promise<number> }> {
  const before = new Map<number, number>()
  for (const code of Object.values(I)) before.set(code, await metricCount(code))
  const from = lines.length
  await scenario()
  return { logged: loggedCodes(from), grew: async (code) => (await metricCount(code)) - (before.get(code) ?? 0) }
}

const service = () => server.createSymbolListService({ dir, reuseMs: 0, patienceMs: 10_000, timeoutMs: 2000 })
const fault = (rule: Omit<FaultRule, 'host'> & { host?: FaultRule['host'] }) => sim.setFault({ host: 'main', ...rule })
const down = { kind: 'status', status: 503 } as const
const LISTS = ['symbol_list_v3', 'symbol_list_all', 'symbol_list_v2']

const TRIGGERS: [code: number, trigger: string, scenario: () => Promise<unknown>, logged: number[]][] = [
  [
    I.V3_REQUEST_ERROR,
    'the v3 request fails',
    async () => {
      fault({ endpoint: 'symbol_list_v3', fault: down })
      await service().getSymbolList(region, en)
    },
    [I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2],
  ],
  [
    I.SPLIT_REQUEST_ERROR,
    'the all-list request fails while v3 answers',
    async () => {
      fault({ endpoint: 'symbol_list_all', fault: down })
      await service().getSymbolList(region, en)
    },
    [I.SPLIT_REQUEST_ERROR, I.FALLBACK_TO_V2],
  ],
  [
    I.MERGE_ERROR,
    'the all-list lacks a pair v3 lists',
    async () => {
      fault({ endpoint: 'symbol_list_all', fault: { kind: 'mergeGap' } })
      await service().getSymbolList(region, en)
    },
    [I.MERGE_ERROR, I.FALLBACK_TO_V2],
  ],
  [
    I.FALLBACK_TO_V2,
    'the chain moves on to v2',
    async () => {
      fault({ endpoint: 'symbol_list_v3', fault: { kind: 'html200' } })
      await service().getSymbolList(region, en)
    },
    [I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2],
  ],
  [
    I.V2_FALLBACK_ERROR,
    'v2 fails too',
    async () => {
      const s = service()
      await s.getSymbolList(region, en)
      fault({ endpoint: 'symbol_list_v3', fault: down })
      fault({ endpoint: 'symbol_list_v2', fault: down })
      await s.getSymbolList(region, en)
    },
    [I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2, I.V2_FALLBACK_ERROR, I.CACHE_DATA_USED],
  ],
  [
    I.CACHE_DATA_USED,
    'every source fails and a list is cached',
    async () => {
      await service().getSymbolList(region, en)
      fault({ endpoint: '*', fault: { kind: 'refuse' } })
      await sim.settled?.()
      await service().getSymbolList(region, en) // a restarted server: the list comes from disk
    },
    [I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2, I.V2_FALLBACK_ERROR, I.CACHE_DATA_USED],
  ],
  [
    I.BUILTIN_DATA_USED,
    'every source fails and nothing is cached',
    async () => {
      fault({ endpoint: '*', fault: { kind: 'refuse' } })
      await sim.settled?.()
      await service().getSymbolList(region, en)
    },
    [I.V3_REQUEST_ERROR, I.FALLBACK_TO_V2, I.V2_FALLBACK_ERROR, I.BUILTIN_DATA_USED],
  ],
  [
    I.CODE_ERROR,
    'a bug: the storage throws on a write after a good load',
    async () => {
      const throwing: KeyValueStorage = {
        getItem: () => null,
        setItem: () => {
          throw new TypeError('read-only storage')
        },
        removeItem: () => {},
      }
      const client = createHttpClient({ baseUrl: sim.urls.main, fetch })
      const loader = createSymbolLoader({ client, storage: throwing, monitor: server.createServerMonitor('tr'), now: Date.now, language: 'en-TR' })
      await loader.load()
    },
    [I.CODE_ERROR],
  ],
]

describe('SPEC §8 incident codes in the server log and /api/metrics', () => {
  it.each(TRIGGERS)('%i: %s', async (code, _trigger, scenario, expected) => {
    const seen = await observe(scenario)
    expect(seen.logged).toEqual(expected)
    expect(lines.some((l) => l.incident === code && l.region === 'tr' && l.msg === 'symbol list incident')).toBe(true)
    expect(await seen.grew(code)).toBe(expected.filter((c) => c === code).length)
  })

  it('a region’s every code is a series at 0 before its first incident, so a rate counts the first one', async () => {
    server.createServerMonitor('zz')
    const text = await (await server.metricsRoute()).text()
    for (const code of Object.values(I)) expect(text).toContain(`spot_symbol_incidents_total{code="${code}",region="zz"} 0\n`)
  })

  // Retries are 0 (SPEC §4/§9) and the chain makes no CDN request: these three have no trigger.
  it('11511501, 11511502 and 11511508 are never emitted, whatever fails', async () => {
    const kinds = [down, { kind: 'refuse' }, { kind: 'hang' }, { kind: 'empty' }, { kind: 'mergeGap' }] as const
    const seen = await observe(async () => {
      for (const endpoint of ['symbol_list_v3', 'symbol_list_all', 'symbol_list_v2', '*'] as const) {
        for (const f of kinds) {
          sim.clearFaults()
          fault({ endpoint, fault: f })
          await sim.settled?.()
          const rendered = server.createSymbolListService({ dir, reuseMs: 0, patienceMs: 10_000, timeoutMs: 300 }).getSymbolList(region, en)
          await (f.kind === 'hang' ? endOnFakeClock(rendered, sim, endpoint === '*' ? LISTS : [endpoint], 300) : rendered)
        }
      }
    })
    expect(seen.logged.length).toBeGreaterThan(20)
    for (const code of [I.RETRY_ERROR, I.MAX_RETRIES, I.CDN_REQUEST_ERROR]) {
      expect(seen.logged).not.toContain(code)
      expect(await metricCount(code)).toBe(0)
    }
  })
})

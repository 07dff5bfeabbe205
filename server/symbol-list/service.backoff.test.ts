import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFreeSimulator } from '@/simulator/testkit'
import type { Simulator } from '@/simulator/contract'
import { LANGUAGES } from '@/lib/i18n/languages'
import { loadSiteConfig, type SiteConfig } from '@/lib/regions/config'
import { installFakeTimeouts } from '@/testing/fake-timeouts'
import { createSymbolListService } from './service'

// docs/decisions/pages.md "Server symbol-list reuse".
let sim: Simulator
let dir: string
let config: SiteConfig
let now: number

const LIST_ENDPOINTS = ['symbol_list_v3', 'symbol_list_all', 'symbol_list_v2'] as const
const failLists = () => LIST_ENDPOINTS.forEach((endpoint) => sim.setFault({ host: 'main', endpoint, fault: { kind: 'status', status: 503 } }))
const calls = () => LIST_ENDPOINTS.map((endpoint) => sim.state().hits.main?.[endpoint] ?? 0)
// random() = 1: the back-off after the n-th failure is exactly 100 ms × 2^(n−1).
const service = () => createSymbolListService({ dir, reuseMs: 0, patienceMs: 5_000, timeoutMs: 2000, now: () => now, random: () => 1 })

beforeAll(async () => {
  sim = await startFreeSimulator({ latencyMs: { main: 0, alt1: 0, alt2: 0, fastPath: 0 } })
  config = loadSiteConfig({ API_BASE_URL: sim.urls.main })
})
afterAll(() => sim.close())
// The chain's request timeouts run on jest's fake clock, which no test here moves: a healthy load
// never times out on a loaded machine (docs/decisions/stack.md "Tests wait for events, not for time").
beforeEach(() => {
  installFakeTimeouts()
  sim.clearFaults()
  sim.resetHits()
  now = Date.UTC(2026, 10, 23, 12)
  dir = mkdtempSync(join(tmpdir(), 'spot-symbols-'))
})
afterEach(() => {
  jest.useRealTimers()
  rmSync(dir, { recursive: true, force: true })
})

describe('server symbol service during an upstream outage', () => {
  it('concurrent renders in every language share one refresh; the next waits for the back-off', async () => {
    const s = service()
    const { tr, kz, main } = config.regions
    const good = await s.getSymbolList(tr, LANGUAGES['en-TR'])
    failLists()
    sim.resetHits()
    const renders = [tr, kz, main].flatMap((region) => region.languages.flatMap((code) => [1, 2, 3].map(() => s.getSymbolList(region, LANGUAGES[code]))))
    const lists = await Promise.all(renders)
    expect(calls()).toEqual([1, 1, 1])
    for (const list of lists) {
      expect(list.provenance.source).toBe('cache')
      expect(list.symbols.length).toBe(good.symbols.length)
    }
    // Within the back-off (100 ms after the first failure) nobody asks the upstream.
    now += 99
    await s.getSymbolList(tr, LANGUAGES['tr-TUR'])
    expect(calls()).toEqual([1, 1, 1])
    now += 1
    await s.getSymbolList(tr, LANGUAGES['tr-TUR'])
    expect(calls()).toEqual([2, 2, 2])
    expect(s.status(tr)).toMatchObject({
      status: 'degraded',
      consecutiveFailures: 2,
      lastError: { code: 11511509 },
      nextRetryAt: new Date(now + 200).toISOString(),
    })
  })

  it('the back-off is capped at 10000 ms and ends with the first live list', async () => {
    const s = service()
    const { tr } = config.regions
    await s.getSymbolList(tr, LANGUAGES['en-TR'])
    failLists()
    for (let i = 0; i < 12; i++) {
      await s.getSymbolList(tr, LANGUAGES['en-TR'])
      now += 10_000
    }
    expect(s.status(tr).consecutiveFailures).toBe(12)
    sim.clearFaults()
    now -= 10_000
    const last = s.status(tr)
    expect(Date.parse(last.nextRetryAt!) - Date.parse(last.lastError!.at)).toBe(10_000)
    now += 10_000
    expect((await s.getSymbolList(tr, LANGUAGES['en-TR'])).provenance.source).toBe('v3+all')
    expect(s.status(tr)).toMatchObject({ status: 'ok', consecutiveFailures: 0, nextRetryAt: null })
  })

  it('health is per language: one language’s good list does not hide another’s failures', async () => {
    const s = service()
    const { tr } = config.regions
    await s.getSymbolList(tr, LANGUAGES['tr-TUR'])
    await s.getSymbolList(tr, LANGUAGES['en-TR'])
    failLists()
    now += 1000
    await s.getSymbolList(tr, LANGUAGES['en-TR'])
    const status = s.status(tr)
    expect(status.status).toBe('degraded')
    expect(status.languages.find((l) => l.language === 'en-TR')).toMatchObject({ source: 'cache', consecutiveFailures: 1 })
    expect(status.languages.find((l) => l.language === 'tr-TUR')).toMatchObject({ source: 'v3+all' })
  })

  it('regions sharing an upstream and a language (main, ae) both report that list', async () => {
    const s = service()
    await s.getSymbolList(config.regions.main, LANGUAGES.en)
    expect(s.status(config.regions.ae)).toMatchObject({ status: 'ok', source: 'v3+all', usable: true })
  })

  it('a list past its refresh time is reported as such', async () => {
    const s = service()
    const { tr } = config.regions
    await s.getSymbolList(tr, LANGUAGES['en-TR'])
    now += 60_001
    expect(s.status(tr)).toMatchObject({ status: 'degraded', pastRefresh: true })
  })

  it('after a recovery, the languages still on a cached copy are due (health asks for them again)', async () => {
    const s = service()
    const { tr } = config.regions
    expect(s.dueLanguages(tr)).toEqual([tr.defaultLanguage])
    await s.getSymbolList(tr, LANGUAGES['en-TR'])
    await s.getSymbolList(tr, LANGUAGES['tr-TUR'])
    expect(s.dueLanguages(tr)).toEqual([])
    failLists()
    now += 1000
    await s.getSymbolList(tr, LANGUAGES['tr-TUR'])
    expect(s.dueLanguages(tr)).toEqual(['tr-TUR'])
    sim.clearFaults()
    now += 1000
    await Promise.all(s.dueLanguages(tr).map((code) => s.getSymbolList(tr, LANGUAGES[code])))
    expect(s.status(tr)).toMatchObject({ status: 'ok' })
  })
})

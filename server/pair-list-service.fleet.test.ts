import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from 'redis'
import { startSimulator } from '@/simulator/http/server'
import type { Simulator } from '@/simulator/contract'
import { LANGUAGES } from '@/lib/i18n/languages'
import { loadSiteConfig, type RegionConfig } from '@/lib/regions/config'
import { createRedisLink, type RedisLink } from './redis-link.cjs'
import { createPairListService } from './pair-list-service'
import { createRedisListStore } from './pair-list-shared'
import { startTestRedis, type TestRedis } from './test-redis'

// docs/decisions/fleet.md "One pair-list refresher per fleet": three instances (services with their own
// disk and Redis connection) against the real simulator and one real redis-server.
let sim: Simulator & { settled?: () => Promise<void> }
let redis: TestRedis
let region: RegionConfig
let root: string
const links: RedisLink[] = []
const en = LANGUAGES['en-TR']

beforeAll(async () => {
  sim = await startSimulator({ ports: { main: 0, alt1: 0, alt2: 0, fastPath: 0, admin: 0 }, latencyMs: { main: 0, alt1: 0, alt2: 0, fastPath: 0 } })
  redis = await startTestRedis()
  region = loadSiteConfig({ API_BASE_URL: sim.urls.main }).regions.tr
})
afterAll(async () => {
  await Promise.all(links.map((link) => link.close()))
  await redis.stop()
  await sim.close()
})
beforeEach(() => {
  sim.clearFaults()
  sim.resetHits()
  root = mkdtempSync(join(tmpdir(), 'spot-fleet-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25))
}
const v3Calls = () => sim.state().hits.main?.symbol_list_v3 ?? 0

async function fleet(prefix: string, count = 3, reuseMs = 60_000) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const link = createRedisLink({ url: redis.url, timeoutMs: 1000, cooldownMs: 100 })
      links.push(link)
      await until(() => link.status().connected)
      return createPairListService({ dir: join(root, `instance-${i}`), reuseMs, patienceMs: 1500, timeoutMs: 2000, shared: createRedisListStore(link, prefix) })
    }),
  )
}

describe('pair lists shared by a fleet', () => {
  it('three instances rendering at once: one upstream call, every instance serves that live list', async () => {
    const instances = await fleet('t1')
    const lists = await Promise.all(instances.flatMap((s) => [1, 2, 3].map(() => s.getSymbolList(region, en))))
    expect(v3Calls()).toBe(1)
    for (const list of lists) {
      expect(list.provenance.source).toBe('v3+all')
      expect(list.symbols.length).toBe(lists[0]!.symbols.length)
      expect(list.provenance.fetchedAt).toBe(lists[0]!.provenance.fetchedAt)
    }
  })

  it("every instance seeds its pages with the list one of them loaded (the records come with the fleet's copy)", async () => {
    const instances = await fleet('t1s')
    const lists = await Promise.all(instances.map((s) => s.getSymbolList(region, en)))
    expect(v3Calls()).toBe(1)
    const seeds = instances.map((s, i) => s.cacheSeed(region, en, lists[i]!))
    for (const [i, seed] of seeds.entries()) {
      expect(seed?.symbol).toMatchObject({ version: sim.state().version, savedAt: lists[i]!.provenance.fetchedAt, language: 'en-TR' })
      expect(seed).toEqual(seeds[0])
    }
  })

  it('one refresh per reuse window fleet-wide, over several windows', async () => {
    const instances = await fleet('t2', 3, 400)
    const started = Date.now()
    // Four rounds, each in a new window (450 ms apart > the 400 ms window): without the fleet
    // every instance asks once per round (12 calls); with it, one instance per round.
    for (let round = 0; round < 4; round++) {
      await Promise.all(instances.flatMap((s) => [s.getSymbolList(region, en), s.getSymbolList(region, en)]))
      await new Promise((r) => setTimeout(r, 450))
    }
    const windows = Math.ceil((Date.now() - started) / 400)
    expect(v3Calls()).toBeGreaterThanOrEqual(2)
    expect(v3Calls()).toBeLessThanOrEqual(Math.min(4, windows))
  })

  it('a refresher that dies loses its lease: after it runs out exactly one instance takes over', async () => {
    const key = `${region.apiBaseUrl} ${en.code}`
    const dead = createClient({ url: redis.url })
    await dead.connect()
    await dead.set(`t3:lease:${key}`, 'dead-instance', { condition: 'NX', expiration: { type: 'PX', value: 600 } })
    await dead.close()
    const instances = await fleet('t3', 3, 600)
    const first = await Promise.all(instances.map((s) => s.getSymbolList(region, en)))
    // Nothing shared yet and the lease is held: each waited, then (with nothing to show) asked itself…
    expect(first.every((list) => list.provenance.source === 'v3+all')).toBe(true)
    sim.resetHits()
    await new Promise((r) => setTimeout(r, 700))
    // …and once the lease has run out, one instance refreshes for all.
    const next = await Promise.all(instances.map((s) => s.getSymbolList(region, en)))
    expect(v3Calls()).toBe(1)
    // The others got that list, or (if it took longer than their patience) their last good one.
    expect(next.every((list) => list.symbols.length >= 600)).toBe(true)
  })

  it('Redis killed: every instance still answers from its own memory and disk; restarted empty: shared again', async () => {
    const instances = await fleet('t4', 3, 300)
    await Promise.all(instances.map((s) => s.getSymbolList(region, en)))
    await redis.stop()
    await new Promise((r) => setTimeout(r, 350))
    const during = await Promise.all(instances.map((s) => s.getSymbolList(region, en)))
    expect(during.every((list) => list.symbols.length >= 600)).toBe(true)
    await redis.start()
    // Write-back when the breaker closes: a new instance with an empty disk gets the list from
    // the fleet without asking the upstream.
    const probe = createClient({ url: redis.url })
    await probe.connect()
    // Renders let the breakers probe Redis again; the first success writes the lists back.
    await until(async () => {
      await Promise.all(instances.map((s) => s.getSymbolList(region, en)))
      return (await probe.exists(`t4:pairs:${region.apiBaseUrl} ${en.code}`)) === 1
    })
    await probe.close()
    const [late] = await fleet('t4', 1, 60_000)
    sim.resetHits()
    const adopted = await late!.getSymbolList(region, en)
    expect(adopted.symbols.length).toBeGreaterThanOrEqual(600)
    expect(v3Calls()).toBe(0)
  })
})

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from 'redis'
import { startSimulator } from '@/simulator/http/server'
import type { Simulator } from '@/simulator/contract'
import { LANGUAGES } from '@/lib/i18n/languages'
import { loadSiteConfig, type RegionConfig } from '@/lib/regions/config'
import { createRedisLink, type RedisLink } from '../fleet/redis-link.cjs'
import { createSymbolListService } from './service'
import { createRedisListStore } from './source'
import { startTestRedis, type TestRedis } from '../fleet/test-redis'
import { eventually } from '@/testing/eventually'

// docs/decisions/fleet.md "One refresher per fleet for lists and tickers": three instances
// (services with their own
// disk and Redis connection) against the real simulator and one real redis-server. The services
// share a test clock: a reuse window ends when a test moves it, and the lease (Redis's own PX
// expiry, in real time) when Redis says the key is gone, never after a pause.
let sim: Simulator & { settled?: () => Promise<void> }
let redis: TestRedis
let region: RegionConfig
let root: string
let probe: ReturnType<typeof createClient>
const clock = { t: Date.UTC(2026, 0, 1) }
const links: RedisLink[] = []
const en = LANGUAGES['en-TR']

beforeAll(async () => {
  sim = await startSimulator({ ports: { main: 0, alt1: 0, alt2: 0, fastPath: 0, admin: 0 }, latencyMs: { main: 0, alt1: 0, alt2: 0, fastPath: 0 } })
  redis = await startTestRedis()
  probe = createClient({ url: redis.url })
  probe.on('error', () => {}) // reconnects by itself after the test that kills Redis
  await probe.connect()
  region = loadSiteConfig({ API_BASE_URL: sim.urls.main }).regions.tr
})
afterAll(async () => {
  await Promise.all(links.map((link) => link.close()))
  await probe.close()
  await redis.stop()
  await sim.close()
})
beforeEach(() => {
  sim.clearFaults()
  sim.resetHits()
  root = mkdtempSync(join(tmpdir(), 'spot-fleet-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const v3Calls = () => sim.state().hits.main?.symbol_list_v3 ?? 0

/** Until Redis has let the window's lease under `prefix` expire (its PX), so the next render may take one. */
const leaseRunOut = (prefix: string) =>
  eventually(
    `the lease under ${prefix} to run out`,
    () => probe.keys(`${prefix}:lease:*`),
    (held) => held.length === 0,
  )

/**
 * `count` instances of a fleet. The others wait for the lease holder's copy up to `patienceMs`:
 * far above a refresh's time unless a test is about that wait, so a loaded machine cannot turn a
 * slow refresh into a second upstream call.
 */
async function fleet(prefix: string, count = 3, reuseMs = 60_000, patienceMs = 15_000) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const link = createRedisLink({ url: redis.url, timeoutMs: 1000, cooldownMs: 100 })
      links.push(link)
      await eventually(`instance ${i}'s Redis link to connect`, () => link.status().connected)
      return createSymbolListService({
        dir: join(root, `instance-${i}`),
        reuseMs,
        patienceMs,
        timeoutMs: 2000,
        now: () => clock.t,
        shared: createRedisListStore(link, prefix),
      })
    }),
  )
}

describe('symbol lists shared by a fleet', () => {
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
    // Four windows, six renders each: without the fleet every instance asks once per window (12
    // calls); with it, one instance per window. A window ends on both clocks: the services' (the
    // reuse) and Redis's (the lease).
    const perWindow: number[] = []
    for (let window = 0; window < 4; window++) {
      if (window > 0) {
        await leaseRunOut('t2')
        clock.t += 400
      }
      const before = v3Calls()
      await Promise.all(instances.flatMap((s) => [s.getSymbolList(region, en), s.getSymbolList(region, en)]))
      perWindow.push(v3Calls() - before)
    }
    expect(perWindow).toEqual([1, 1, 1, 1])
  })

  it('a refresher that dies loses its lease: after it runs out exactly one instance takes over', async () => {
    const key = `${region.apiBaseUrl} ${en.code}`
    const instances = await fleet('t3', 3, 600, 1500)
    // The dead instance took this window's lease just before the others render.
    const dead = createClient({ url: redis.url })
    await dead.connect()
    await dead.set(`t3:lease:${key}`, 'dead-instance', { condition: 'NX', expiration: { type: 'PX', value: 600 } })
    await dead.close()
    const first = await Promise.all(instances.map((s) => s.getSymbolList(region, en)))
    // Nothing shared yet and the lease is held: each waited, then (with nothing to show) asked itself…
    expect(first.every((list) => list.provenance.source === 'v3+all')).toBe(true)
    sim.resetHits()
    // …and once the lease has run out (and the window with it), one instance refreshes for all.
    await leaseRunOut('t3')
    clock.t += 600
    const next = await Promise.all(instances.map((s) => s.getSymbolList(region, en)))
    expect(v3Calls()).toBe(1)
    // The others got that list, or (if it took longer than their patience) their last good one.
    expect(next.every((list) => list.symbols.length >= 600)).toBe(true)
  })

  it('Redis killed: every instance still answers from its own memory and disk; restarted empty: shared again', async () => {
    const instances = await fleet('t4', 3, 300)
    await Promise.all(instances.map((s) => s.getSymbolList(region, en)))
    await redis.stop()
    clock.t += 300 // past the reuse window: each render looks at the fleet, which is away
    const during = await Promise.all(instances.map((s) => s.getSymbolList(region, en)))
    expect(during.every((list) => list.symbols.length >= 600)).toBe(true)
    await redis.start()
    // Shared again: a new instance with an empty disk gets the list from the fleet without asking
    // the upstream. Renders past the window ask Redis again, and the list goes back to it (written
    // back when a breaker closes, or pushed after the next refresh).
    const restarted = createClient({ url: redis.url })
    await restarted.connect()
    await eventually(
      'the lists written back to the restarted Redis',
      async () => {
        clock.t += 300
        await Promise.all(instances.map((s) => s.getSymbolList(region, en)))
        return restarted.exists(`t4:pairs:${region.apiBaseUrl} ${en.code}`)
      },
      (exists) => exists === 1,
    )
    await restarted.close()
    const [late] = await fleet('t4', 1, 60_000)
    sim.resetHits()
    const adopted = await late!.getSymbolList(region, en)
    expect(adopted.symbols.length).toBeGreaterThanOrEqual(600)
    expect(v3Calls()).toBe(0)
  })
})

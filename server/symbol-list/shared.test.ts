import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from 'redis'
import { startSimulator } from '@/simulator/http/server'
import type { Simulator } from '@/simulator/contract'
import { LANGUAGES } from '@/lib/i18n/languages'
import { loadSiteConfig } from '@/lib/regions/config'
import { createRedisLink, type RedisLink } from '../fleet/redis-link.cjs'
import { createSymbolListService } from './service'
import { createRedisListStore } from './source'
import { sharedCopyCounts, type SharedCopyCounts } from '../fleet/shared-copies'
import { startTestRedis, type TestRedis } from '../fleet/test-redis'
import { eventually } from '@/testing/eventually'

// docs/decisions/fleet.md "One refresher per fleet for lists and tickers": a look at the fleet's
// list reads its
// time first, and the list only when it is newer than the instance's. What Redis served is read
// from its own counters (INFO), against one real redis-server.
let redis: TestRedis
let probe: ReturnType<typeof createClient>
const links: RedisLink[] = []
let root: string

beforeAll(async () => {
  redis = await startTestRedis()
  probe = createClient({ url: redis.url })
  probe.on('error', () => {})
  await probe.connect()
})
afterAll(async () => {
  await probe.close()
  await Promise.all(links.map((link) => link.close()))
  await redis.stop()
})
beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'spot-lists-'))))
afterEach(() => rmSync(root, { recursive: true, force: true }))

async function connectedLink() {
  const link = createRedisLink({ url: redis.url, timeoutMs: 1000, cooldownMs: 100 })
  links.push(link)
  await eventually('the link to connect', () => link.status().connected)
  return link
}

/** Bytes Redis sent and the commands it ran (per name) while `work` ran, less the INFO reading's own reply. */
async function served(work: () => Promise<unknown>): Promise<{ bytesOut: number; commands: Record<string, number> }> {
  const read = async () => {
    const info = String(await probe.sendCommand(['INFO', 'all']))
    const bytesOut = Number(/total_net_output_bytes:(\d+)/.exec(info)?.[1])
    const commands: Record<string, number> = {}
    for (const [, name, calls] of info.matchAll(/cmdstat_(\w+):calls=(\d+)/g)) commands[name!] = Number(calls)
    return { bytesOut, commands, replyBytes: Buffer.byteLength(info) }
  }
  const before = await read()
  await work()
  const after = await read()
  const commands: Record<string, number> = {}
  for (const [name, calls] of Object.entries(after.commands))
    if (calls - (before.commands[name] ?? 0) > 0) commands[name] = calls - (before.commands[name] ?? 0)
  // The second INFO's reply is counted before it is sent: take the first's off (same text, a few digits apart).
  return { bytesOut: after.bytesOut - before.bytesOut - before.replyBytes, commands }
}

const LIST_BYTES = 258_000
const copy = (fetchedAt: number) => ({
  time: fetchedAt,
  fields: { symbol: `{"savedAt":${fetchedAt},"list":"${'s'.repeat(200_000)}"}`, incremental: 'i'.repeat(LIST_BYTES - 200_000) },
})

describe("the fleet's symbol list, time first", () => {
  it('a look reads the time alone when the copy is no newer than the instance’s, and the records once when it is newer', async () => {
    const store = createRedisListStore(await connectedLink(), 'tf1')
    await store.write('main en', copy(2000))
    for (const than of [2000, 3000]) {
      let answer: unknown = 'unset'
      const sent = await served(async () => (answer = await store.readNewer('main en', than)))
      expect(answer).toBeUndefined()
      expect(sent.bytesOut).toBeLessThan(200)
      expect(sent.commands).toEqual({ hget: 1, info: 1 })
    }
    let newer: Awaited<ReturnType<typeof store.readNewer>>
    const sent = await served(async () => (newer = await store.readNewer('main en', 1999)))
    expect(newer!).toEqual(copy(2000))
    expect(sent.bytesOut).toBeGreaterThan(LIST_BYTES)
    expect(sent.bytesOut).toBeLessThan(LIST_BYTES + 500)
    expect(sent.commands).toEqual({ hget: 1, hmget: 1, info: 1 })
  })

  it('an instance whose list is the fleet’s newest reads no list at its next look; one with an older list reads it once', async () => {
    const sim: Simulator = await startSimulator({
      ports: { main: 0, alt1: 0, alt2: 0, fastPath: 0, admin: 0 },
      latencyMs: { main: 0, alt1: 0, alt2: 0, fastPath: 0 },
    })
    try {
      const region = loadSiteConfig({ API_BASE_URL: sim.urls.main }).regions.tr
      const en = LANGUAGES['en-TR']
      const clock = { t: Date.now() }
      const instance = async (name: string) =>
        createSymbolListService({
          dir: join(root, name),
          reuseMs: 10_000,
          patienceMs: 15_000,
          timeoutMs: 15_000,
          now: () => clock.t,
          shared: createRedisListStore(await connectedLink(), 'tf2'),
        })
      const [a, b] = [await instance('a'), await instance('b')]
      await a.getSymbolList(region, en)
      const key = `tf2:pairs:${region.apiBaseUrl} ${en.code}`
      const listBytes = Number(await probe.hStrLen(key, 'symbol')) + Number(await probe.hStrLen(key, 'incremental'))
      expect(listBytes).toBeGreaterThan(10_000)
      // b has no list: its look reads the fleet's, once.
      const first = await served(() => b.getSymbolList(region, en))
      expect(first.bytesOut).toBeGreaterThan(listBytes)
      expect(first.commands.hmget).toBe(1)
      // Past the window (its lease run out) each holds the fleet's newest: a look reads its time, then takes the lease and refreshes.
      clock.t += 10_000
      await probe.del(`tf2:lease:${region.apiBaseUrl} ${en.code}`)
      const later = await served(() => b.getSymbolList(region, en))
      expect(later.commands.hmget ?? 0).toBe(0)
      expect(later.commands.hgetall ?? 0).toBe(0)
      expect(later.bytesOut).toBeLessThan(1000)
      expect(sim.state().hits.main.symbol_list_v3).toBe(2)
    } finally {
      await sim.close()
    }
  })
})

describe("a shared copy's commands, counted for /api/metrics and the capacity bench", () => {
  it('counts each step as Redis counts its commands: time HGET, copy HMGET, lease SET, write script (its HGET and HSET inside)', async () => {
    const store = createRedisListStore(await connectedLink(), 'tf3')
    const before: SharedCopyCounts = { ...(sharedCopyCounts().lists ?? { time: 0, read: 0, lease: 0, write: 0, written: 0 }) }
    const sent = await served(async () => {
      await store.write('main en', copy(2000))
      await store.write('main en', copy(1000)) // older: not stored
      await store.readNewer('main en', 2000) // no newer: its time alone
      await store.readNewer('main en', 0) // newer: time, then the copy
      await store.lease('main en', 10_000)
      await store.lease('main en', 10_000) // taken
    })
    const after = sharedCopyCounts().lists!
    const counted = Object.fromEntries(Object.entries(after).map(([step, n]) => [step, n - before[step as keyof SharedCopyCounts]]))
    expect(counted).toEqual({ time: 2, read: 1, lease: 2, write: 2, written: 1 })
    expect(sent.commands).toEqual({
      eval: counted.write,
      hget: counted.time! + counted.write!,
      hset: counted.written,
      hmget: counted.read,
      set: counted.lease,
      info: 1,
    })
  })
})

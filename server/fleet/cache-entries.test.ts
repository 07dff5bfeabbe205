/* eslint-disable @typescript-eslint/no-require-imports */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { createClient } from 'redis'
import { createRedisLink, type RedisLink } from './redis-link.cjs'
import { startTestRedis, type TestRedis } from './test-redis'
import { eventually } from '@/testing/eventually'

// docs/decisions/fleet.md "Shared entries are compressed bytes": a real pair page's entry in a real
// redis-server, through the shared cache of two instances.
const { createSharedState } = require('./cache-shared.cjs')
const { createCacheHandler, layered } = require('./cache-handler.cjs')

type Value = { kind: string; html: string; rscData: Buffer; segmentData: Map<string, Buffer>; headers: Record<string, string>; status: number }
type Entry = { value: Value | null; lastModified: number; cacheControl?: unknown }
type Handler = { get(k: string, c?: unknown): Promise<Entry | null>; set(k: string, d: unknown, c: unknown): Promise<void> }

/**
 * The main site's BTC/USDT pair page as Next handed it to the cache handler (the largest pair
 * page), rendered from the simulator and kept in the older format: JSON with Buffers in base64
 * ({$b}) and Maps tagged ({$m}), brotli-compressed for the repository. Made again with
 * `BENCH_ENTRIES_DUMP=<file> npx tsx scripts/bench-entries.ts` (scripts/bench/entries.ts).
 */
const OLDER_TEXT = brotliDecompressSync(readFileSync(join(__dirname, 'fixtures', 'btc-usdt-entry.json.br'))).toString('utf8')

/** The older format's reader (server/fleet/cache-codec.cjs before compressed entries). */
function readOlder(text: string): Entry {
  return JSON.parse(text, (_key, value) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1) {
      if (typeof value.$b === 'string') return Buffer.from(value.$b, 'base64')
      if (Array.isArray(value.$m)) return new Map(value.$m)
    }
    return value
  })
}
const captured = readOlder(OLDER_TEXT)
const KEY = '/route-cache/APP_PAGE/h/$/main/en/trade/spot/BTC/USDT'

let redis: TestRedis
let probe: ReturnType<typeof createClient>
const links: RedisLink[] = []
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

/** One instance: its link, Next's tag manifest and its own store (a Map for Next's file-system cache, its reads counted). */
async function instance(prefix: string, maxMemoryBytes?: number): Promise<Handler & { link: RedisLink; localReads: () => number }> {
  const link = createRedisLink({ url: redis.url, timeoutMs: 1000, cooldownMs: 100 })
  links.push(link)
  const tags = { tagsManifest: new Map(), areTagsExpired: () => false }
  const map = new Map<string, Entry>()
  let localReads = 0
  const local = {
    get: async (key: string) => (localReads++, map.get(key) ?? null),
    set: async (key: string, value: Value, ctx: { cacheControl?: unknown }) =>
      void map.set(key, { value, lastModified: Date.now(), cacheControl: ctx.cacheControl }),
    revalidateTag: async () => {},
    resetRequestCache() {},
  }
  const Handler = createCacheHandler(
    () => layered(createSharedState({ link, prefix, tags, maxMemoryBytes }), local),
    () => {},
  )
  await eventually('the link to connect', () => link.status().connected)
  const handler = new Handler({}) as Handler
  return { get: (k, c) => handler.get(k, c), set: (k, d, c) => handler.set(k, d, c), link, localReads: () => localReads }
}

/** Bytes Redis sent while `work` ran, less the INFO reading's own reply. */
async function bytesServed(work: () => Promise<unknown>): Promise<number> {
  const read = async () => {
    const info = String(await probe.sendCommand(['INFO', 'stats']))
    return { bytesOut: Number(/total_net_output_bytes:(\d+)/.exec(info)?.[1]), replyBytes: Buffer.byteLength(info) }
  }
  const before = await read()
  await work()
  return (await read()).bytesOut - before.bytesOut - before.replyBytes
}

const memoryUsage = async (key: string) => Number(await probe.sendCommand(['MEMORY', 'USAGE', key, 'SAMPLES', '0']))

function expectSamePage(got: Value | null | undefined, want: Value) {
  expect(got?.html).toBe(want.html)
  expect(Buffer.isBuffer(got?.rscData) && got.rscData.equals(want.rscData)).toBe(true)
  expect([...(got?.segmentData.keys() ?? [])]).toEqual([...want.segmentData.keys()])
  for (const [path, bytes] of want.segmentData) expect(got?.segmentData.get(path)?.equals(bytes)).toBe(true)
  expect(got?.headers).toEqual(want.headers)
}

describe('pair-page entries in Redis', () => {
  it("a page's first view on an instance: one round trip to Redis, and no look at its disk, where it stored nothing", async () => {
    // a keeps one page in memory (a bound of 1 byte): the others it stored are on its disk alone.
    const a = await instance('spot:ce3', 1)
    const b = await instance('spot:ce3')
    await a.set(KEY, captured.value, { cacheControl: captured.cacheControl })
    await a.set(`${KEY}/other`, captured.value, { cacheControl: captured.cacheControl })
    const runs = () => b.link.status().counts.ok
    const before = runs()
    expectSamePage((await b.get(KEY, { kind: 'APP_PAGE' }))?.value, captured.value!)
    expect(runs() - before).toBe(1)
    expect(b.localReads()).toBe(0)
    // A page it never had and Redis has not: one round trip too, and a miss.
    await expect(b.get(`${KEY}/none`, { kind: 'APP_PAGE' })).resolves.toBeNull()
    expect(runs() - before).toBe(2)
    // A page a stored, out of its memory since: read from its disk.
    expectSamePage((await a.get(KEY, { kind: 'APP_PAGE' }))?.value, captured.value!)
    expect(a.localReads()).toBe(1)
  })

  it("the BTC/USDT page's entry is at most 30 kB in Redis, a HIT from Redis moves no more, and the other instance gets it whole", async () => {
    expect(captured.value?.kind).toBe('APP_PAGE')
    const a = await instance('spot:ce1')
    const b = await instance('spot:ce1')
    await a.set(KEY, captured.value, { cacheControl: captured.cacheControl })
    const size = await memoryUsage(`spot:ce1:e:${KEY}`)
    // The same page as the older format stored it, for scale.
    await probe.hSet('spot:older:e:page', { lm: '1', d: OLDER_TEXT })
    const older = await memoryUsage('spot:older:e:page')
    expect(older).toBeGreaterThan(150_000)
    expect(size).toBeLessThanOrEqual(30_000)
    expect(size).toBeLessThan(older / 5)
    let got: Entry | null = null
    const sent = await bytesServed(async () => (got = await b.get(KEY, { kind: 'APP_PAGE' })))
    expect(sent).toBeLessThanOrEqual(30_000)
    expectSamePage(got!.value, captured.value!)
    expect(got!.cacheControl).toEqual(captured.cacheControl)
  })

  it('an entry of the older format in Redis is no copy: the instance renders, and its newer write replaces it', async () => {
    const key = `spot:ce2:e:${KEY}`
    // What an instance of the older code wrote under the same key (keys are per build: a deploy of
    // new cache code on an unchanged build is the one way to meet it).
    await probe.hSet(key, { lm: String(Date.now() - 1000), d: OLDER_TEXT })
    const b = await instance('spot:ce2')
    await expect(b.get(KEY, { kind: 'APP_PAGE' })).resolves.toBeNull()
    await b.set(KEY, captured.value, { cacheControl: captured.cacheControl })
    expect(await memoryUsage(key)).toBeLessThanOrEqual(30_000)
    const c = await instance('spot:ce2')
    expectSamePage((await c.get(KEY, { kind: 'APP_PAGE' }))?.value, captured.value!)
  })
})

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createClient } from 'redis'
import { createRedisLink, type RedisLink } from '../fleet/redis-link.cjs'
import { createRedisTickerStore, createTickerService } from './tickers'
import { startTestRedis, type TestRedis } from '../fleet/test-redis'
import { eventually } from '@/testing/eventually'

// docs/decisions/fleet.md "One refresher per fleet for lists and tickers": instances (ticker
// services with their own
// Redis connection) against a real local upstream and one real redis-server. The services' clock
// is the test's (it says when their tickers are past the reuse window); the lease's expiry is Redis's.
let redis: TestRedis
let clock: { t: number }
const links: RedisLink[] = []
const REUSE_MS = 300

/**
 * The upstream: the v5 tickers answer of 600 pairs (the size of the simulator's, ~200 kB), made
 * once, with the answer's time; it counts calls and answers 503 while failing. Not the simulator,
 * whose tickers take seconds each on a loaded 2-core machine, and these tests make a dozen.
 */
let upstream: { server: Server; base: string; calls: number; failing: boolean }
const LIST = Array.from({ length: 600 }, (_, i) => ({
  symbol: i === 0 ? 'BTCUSDT' : `P${i}USDT`,
  lastPrice: `${100 + i}.5`,
  prevPrice24h: `${99 + i}.5`,
  price24hPcnt: '0.0101',
  highPrice24h: `${101 + i}.25`,
  lowPrice24h: `${98 + i}.75`,
  volume24h: '12345.678',
  turnover24h: '1234567.89',
  bid1Price: `${100 + i}.5`,
  ask1Price: `${100 + i}.6`,
}))
beforeAll(async () => {
  redis = await startTestRedis()
  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/v5/market/tickers?category=spot')) return void res.writeHead(404).end()
    upstream.calls += 1
    if (upstream.failing) return void res.writeHead(503).end()
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ retCode: 0, retMsg: 'OK', result: { category: 'spot', list: LIST }, time: Date.now() }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  upstream = { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: 0, failing: false }
})
afterAll(async () => {
  await Promise.all(probes.map((client) => (client.isOpen ? client.close() : undefined)))
  await Promise.all(links.map((link) => link.close()))
  await redis.stop()
  await new Promise((resolve) => upstream.server.close(resolve))
})
beforeEach(() => {
  upstream.calls = 0
  upstream.failing = false
  clock = { t: 1_000_000 }
})

const hits = () => upstream.calls

const probes: { isOpen: boolean; close(): Promise<unknown> }[] = []
async function probe(url = redis.url) {
  const client = createClient({ url })
  client.on('error', () => {})
  probes.push(client)
  await client.connect()
  return client
}

async function link(url = redis.url) {
  const made = createRedisLink({ url, timeoutMs: 1000, cooldownMs: 100 })
  links.push(made)
  return made
}

/**
 * `count` instances; with a prefix they share the tickers through Redis, without one each is on
 * its own. A patience far above any answer's time, unless a test is about it: a render then waits
 * for the refresh it needs, whatever the machine's load.
 */
async function fleet(prefix: string | null, count = 3, { url = redis.url, patienceMs = 15_000 } = {}) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const shared = prefix === null ? undefined : createRedisTickerStore(await link(url), prefix)
      if (prefix !== null && url === redis.url) await eventually('the link to connect', async () => links.at(-1)!.status().connected, Boolean)
      return createTickerService({ now: () => clock.t, random: () => 0.5, reuseMs: REUSE_MS, timeoutMs: 15_000, patienceMs, shared })
    }),
  )
}

/** Past the reuse window: every instance's tickers are old, and the window's lease has run out in Redis. */
async function nextWindow(prefix: string) {
  clock.t += REUSE_MS
  const client = await probe()
  await eventually(
    'the lease to run out',
    () => client.exists(`${prefix}:lease:${upstream.base}`),
    (n) => n === 0,
  )
  await client.close()
}

describe('tickers shared by a fleet', () => {
  it('three instances rendering at once: one upstream call, every instance gets those tickers', async () => {
    const instances = await fleet('tk1')
    const answers = await Promise.all(instances.flatMap((s) => [1, 2, 3].map(() => s.getTickers(upstream.base))))
    expect(hits()).toBe(1)
    for (const answer of answers) {
      expect(answer.stale).toBe(false)
      expect(answer.fetchedAt).toBe(answers[0]!.fetchedAt)
      expect(answer.tickers).toEqual(answers[0]!.tickers)
    }
    expect(answers[0]!.tickers.BTCUSDT?.lastPrice).toMatch(/^\d/)
  })

  it('one upstream call per reuse window fleet-wide, over several windows; on their own, one per instance', async () => {
    const shared = await fleet('tk2')
    for (let round = 0; round < 3; round++) {
      await nextWindow('tk2')
      const answers = await Promise.all(shared.flatMap((s) => [s.getTickers(upstream.base), s.getTickers(upstream.base)]))
      expect(hits()).toBe(round + 1)
      expect(answers.every((answer) => answer.tickers.BTCUSDT !== undefined)).toBe(true)
    }
    upstream.calls = 0
    const alone = await fleet(null)
    for (let round = 0; round < 2; round++) {
      clock.t += REUSE_MS
      await Promise.all(alone.map((s) => s.getTickers(upstream.base)))
    }
    expect(hits()).toBe(6)
  })

  it('a failing upstream is asked at most once per window fleet-wide, and every instance keeps its last good tickers', async () => {
    // The patience as shipped (300 ms): with the holder's refresh failing, the others wait that long for a copy.
    const instances = await fleet('tk3', 3, { patienceMs: 300 })
    const good = await Promise.all(instances.map((s) => s.getTickers(upstream.base)))
    expect(hits()).toBe(1)
    upstream.failing = true
    for (let round = 0; round < 4; round++) {
      await nextWindow('tk3')
      const answers = await Promise.all(instances.map((s) => s.getTickers(upstream.base)))
      expect(hits()).toBeLessThanOrEqual(1 + round + 1)
      for (const answer of answers) {
        expect(answer.stale).toBe(true)
        expect(answer.tickers.BTCUSDT).toEqual(good[0]!.tickers.BTCUSDT)
      }
    }
    await eventually(
      'a failed call to reach the upstream',
      async () => hits(),
      (n) => n >= 2,
    )
  })

  it('an older copy never replaces newer tickers, in Redis or in an instance; an unusable copy is no copy', async () => {
    const [a] = await fleet('tk4', 1)
    const [b] = await fleet('tk4', 1)
    const first = await a!.getTickers(upstream.base)
    const client = await probe()
    const key = `tk4:copy:${upstream.base}`
    const btc = first.tickers.BTCUSDT!
    // An instance that fetched earlier writes its copy last: Redis keeps the newer one.
    const store = createRedisTickerStore(await link(), 'tk4')
    await store.write(upstream.base, { time: first.fetchedAt - 1000, fields: { tickers: JSON.stringify({ BTCUSDT: { ...btc, lastPrice: '1' } }) } })
    expect(Number(await client.hGet(key, 'fetchedAt'))).toBe(first.fetchedAt)
    expect((await b!.getTickers(upstream.base)).tickers.BTCUSDT).toEqual(btc)
    // A newer copy whose BTCUSDT figures are older (smaller `at`) than the instance's keeps the instance's.
    clock.t += REUSE_MS
    await client.hSet(key, { fetchedAt: String(clock.t), tickers: JSON.stringify({ BTCUSDT: { ...btc, lastPrice: '1', at: btc.at - 1 } }) })
    const merged = await a!.getTickers(upstream.base)
    expect(merged.fetchedAt).toBe(clock.t)
    expect(merged.tickers.BTCUSDT).toEqual(btc)
    expect(hits()).toBe(1)
    // Damaged text in Redis: ignored, the instance asks for itself.
    clock.t += REUSE_MS
    await client.hSet(key, { fetchedAt: String(clock.t + 1), tickers: '{not json' })
    await client.del(`tk4:lease:${upstream.base}`)
    const fresh = await a!.getTickers(upstream.base)
    expect(fresh.stale).toBe(false)
    expect(hits()).toBe(2)
    await client.close()
  })

  it('Redis away: each instance asks on its own and serves its tickers; Redis back: shared again', async () => {
    const away = await startTestRedis()
    try {
      const instances = await fleet('tk5', 3, { url: away.url })
      await away.stop()
      const answers = await Promise.all(instances.map((s) => s.getTickers(upstream.base)))
      expect(hits()).toBe(3)
      expect(answers.every((answer) => answer.tickers.BTCUSDT !== undefined && !answer.stale)).toBe(true)
      await away.start()
      // Renders let the links probe Redis again; the first success writes the tickers back.
      const client = await probe(away.url)
      await eventually(
        'the tickers written back',
        async () => {
          clock.t += REUSE_MS
          await Promise.all(instances.map((s) => s.getTickers(upstream.base)))
          return client.exists(`tk5:copy:${upstream.base}`)
        },
        (n) => n === 1,
      )
      await client.close()
      const [late] = await fleet('tk5', 1, { url: away.url })
      await eventually('the late link to connect', async () => links.at(-1)!.status().connected, Boolean)
      const before = hits()
      const adopted = await late!.getTickers(upstream.base)
      expect(adopted.tickers.BTCUSDT).toBeDefined()
      expect(hits()).toBe(before)
    } finally {
      await away.stop()
    }
  })
})

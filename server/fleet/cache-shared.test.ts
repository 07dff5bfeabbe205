/* eslint-disable @typescript-eslint/no-require-imports */
import { eventually } from '@/testing/eventually'
import { startTestRedis, type TestRedis } from './test-redis'
import { createRedisLink, type RedisLink } from './redis-link.cjs'

// docs/decisions/fleet.md "Shared page cache", "Redis is an accelerator, never a dependency".
type Entry = { value: Record<string, unknown> | null; lastModified: number; cacheControl?: unknown }
type Store = {
  get(k: string, c?: unknown): Promise<Entry | null>
  set(k: string, d: unknown, c: unknown): Promise<void>
  revalidateTag(t: string[], d?: { expire?: number }): Promise<void>
}
const { createSharedState } = require('./cache-shared.cjs')
const { createCacheHandler, layered } = require('./cache-handler.cjs')

/**
 * The fleet's clock (entry times, tag times, each instance's start): moved by the tests, so "newer"
 * is a step of this clock, never a pause long enough for Date.now() to change.
 */
const clock = { t: Date.UTC(2026, 0, 1) }
const now = () => clock.t

/** Next's tag manifest, one per simulated instance (in one jest process they would otherwise share Next's). */
function tagManifest() {
  const tagsManifest = new Map<string, { stale?: number; expired?: number }>()
  const areTagsExpired = (names: string[], timestamp: number) =>
    names.some((tag) => {
      const expired = tagsManifest.get(tag)?.expired
      return typeof expired === 'number' && expired <= now() && expired > timestamp
    })
  return { tagsManifest, areTagsExpired }
}

/** The instance's own cache (stands for Next's file-system cache). */
function localStore(tags: ReturnType<typeof tagManifest>) {
  const map = new Map<string, Entry>()
  return {
    map,
    get: async (key: string) => map.get(key) ?? null,
    set: async (key: string, value: Record<string, unknown>, ctx: { cacheControl?: unknown }) =>
      void map.set(key, { value, lastModified: now(), cacheControl: ctx.cacheControl }),
    revalidateTag: async (list: string[]) => list.forEach((tag) => tags.tagsManifest.set(tag, { expired: now() })),
    resetRequestCache() {},
  }
}

let redis: TestRedis
const links: RedisLink[] = []
beforeAll(async () => (redis = await startTestRedis()))
afterAll(async () => {
  await Promise.all(links.map((link) => link.close()))
  await redis.stop()
})

async function instance(prefix: string) {
  const link = createRedisLink({ url: redis.url, timeoutMs: 300, cooldownMs: 100 })
  links.push(link)
  const tags = tagManifest()
  const local = localStore(tags)
  const state = createSharedState({ link, prefix, tags, now })
  const Handler = createCacheHandler(
    () => layered(state, local),
    () => {},
  )
  await eventually(`the link of ${prefix} to connect`, () => link.status().connected)
  return { link, tags, local, state, handler: new Handler({}) as Store }
}

const KEY = '/route-cache/APP_PAGE/h/$/main/en/trade/spot/BTC/USDT'
const page = (html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from(`rsc ${html}`),
  segmentData: new Map([['/_tree', Buffer.from('tree')]]),
  headers: { 'x-next-cache-tags': '_N_T_/layout,_N_T_/main/en/trade/spot/BTC/USDT' },
  status: 200,
})

describe('shared page cache over a real redis-server', () => {
  it('a page set on one instance is served by another, with its cache control, bytes, segments and time', async () => {
    const a = await instance('spot:t1')
    const b = await instance('spot:t1')
    await a.handler.set(KEY, page('<p>one</p>'), { cacheControl: { revalidate: 60, expire: 31536000 } })
    const got = await b.handler.get(KEY, { kind: 'APP_PAGE' })
    expect(got?.cacheControl).toEqual({ revalidate: 60, expire: 31536000 })
    expect(got?.value?.html).toBe('<p>one</p>')
    expect(Buffer.isBuffer(got?.value?.rscData)).toBe(true)
    expect(String(got?.value?.rscData)).toBe('rsc <p>one</p>')
    expect((got?.value?.segmentData as Map<string, Buffer>).get('/_tree')?.toString()).toBe('tree')
    expect(got?.lastModified).toBe((await a.handler.get(KEY, { kind: 'APP_PAGE' }))?.lastModified)
    // A newer render on b replaces a's copy on the next read.
    clock.t += 1
    await b.handler.set(KEY, page('<p>two</p>'), { cacheControl: { revalidate: 60 } })
    expect((await a.handler.get(KEY, { kind: 'APP_PAGE' }))?.value?.html).toBe('<p>two</p>')
  })

  it("a page on the instance's disk from before it started (a build prerender) is not served: it renders once, then is shared", async () => {
    const a = await instance('spot:t6')
    // The build wrote it with the build environment's public URLs, before this process started.
    a.local.map.set(KEY, { value: page('<p>from the build</p>'), lastModified: now() - 60_000, cacheControl: { revalidate: 60 } })
    expect(await a.handler.get(KEY, { kind: 'APP_PAGE' })).toBeNull()
    await a.handler.set(KEY, page('<p>rendered here</p>'), { cacheControl: { revalidate: 60 } })
    const b = await instance('spot:t6')
    expect((await b.handler.get(KEY, { kind: 'APP_PAGE' }))?.value?.html).toBe('<p>rendered here</p>')
  })

  it('another build or configuration (another prefix) shares nothing', async () => {
    const a = await instance('spot:t2:cfg-a')
    const b = await instance('spot:t2:cfg-b')
    await a.handler.set(KEY, page('<p>a</p>'), { cacheControl: { revalidate: 60 } })
    expect(await b.handler.get(KEY, { kind: 'APP_PAGE' })).toBeNull()
  })

  it('revalidateTag (and so revalidatePath) on one instance expires the page on every instance', async () => {
    const a = await instance('spot:t3')
    const b = await instance('spot:t3')
    await a.handler.set(KEY, page('<p>old</p>'), { cacheControl: { revalidate: 60 } })
    await a.handler.set('fetch-key', { kind: 'FETCH', data: { body: 'x' }, revalidate: 60 }, { fetchCache: true, tags: ['prices'] })
    expect((await b.handler.get(KEY, { kind: 'APP_PAGE' }))?.value?.html).toBe('<p>old</p>')
    expect(await b.handler.get('fetch-key', { kind: 'FETCH', tags: ['prices'] })).not.toBeNull()
    clock.t += 1
    await a.handler.revalidateTag(['_N_T_/main/en/trade/spot/BTC/USDT', 'prices'])
    expect(await b.handler.get(KEY, { kind: 'APP_PAGE' })).toBeNull()
    expect(await b.handler.get('fetch-key', { kind: 'FETCH', tags: ['prices'] })).toBeNull()
    expect(b.tags.tagsManifest.get('prices')?.expired).toBe(a.tags.tagsManifest.get('prices')?.expired)
  })

  it('Redis killed: the breaker opens and pages come from the instance itself; restarted empty: what was written meanwhile is shared again', async () => {
    const a = await instance('spot:t4')
    const b = await instance('spot:t4')
    await a.handler.set(KEY, page('<p>before</p>'), { cacheControl: { revalidate: 60 } })
    await redis.stop()
    for (let i = 0; i < 4; i++) expect((await a.handler.get(KEY, { kind: 'APP_PAGE' }))?.value?.html).toBe('<p>before</p>')
    expect(a.link.status().breaker).not.toBe('closed')
    const skipped = a.link.status().counts.skipped
    clock.t += 1
    await a.handler.set(KEY, page('<p>during</p>'), { cacheControl: { revalidate: 60 } })
    await a.handler.revalidateTag(['prices'])
    expect(a.link.status().counts.skipped).toBeGreaterThan(skipped)
    expect(a.state.counts().unsynced).toBe(2)
    await redis.start()
    // The first admitted probe closes the breaker and writes back the page and the tag.
    await eventually(
      "a's write-back after Redis came back",
      async () => (await a.handler.get('other', { kind: 'APP_PAGE' }), a.state.counts()),
      (counts) => counts.unsynced === 0,
    )
    expect(a.link.status().breaker).toBe('closed')
    await eventually(
      "b's read of the page a wrote back",
      async () => (await b.handler.get(KEY, { kind: 'APP_PAGE' }))?.value?.html,
      (html) => html === '<p>during</p>',
    )
    expect(b.tags.tagsManifest.get('prices')?.expired).toBe(a.tags.tagsManifest.get('prices')?.expired)
  })

  it('a slow Redis (no answer within the timeout) opens the breaker; it closes when Redis answers again', async () => {
    const a = await instance('spot:t5')
    await a.handler.set(KEY, page('<p>kept</p>'), { cacheControl: { revalidate: 60 } })
    redis.pause()
    try {
      for (let i = 0; i < 4; i++) expect((await a.handler.get(KEY, { kind: 'APP_PAGE' }))?.value?.html).toBe('<p>kept</p>')
      expect(a.link.status().counts.timeout).toBeGreaterThanOrEqual(3)
      expect(a.link.status().breaker).not.toBe('closed')
    } finally {
      redis.resume()
    }
    await eventually(
      'the breaker to close once Redis answers',
      async () => (await a.handler.get(KEY, { kind: 'APP_PAGE' }), a.link.status().breaker),
      (breaker) => breaker === 'closed',
    )
  })
})

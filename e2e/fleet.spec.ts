import { execFileSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { EXPIRE_TIME_S, PAIR_REVALIDATE_S } from '../lib/page-age'
import type { Fleet } from '../scripts/fleet/fleet'
import { LANG_COOKIE } from '../lib/i18n/languages'
import { RENDERED_AT_ATTRIBUTE } from '../lib/offline/marks'
import { OLD_PAGE_MS } from '../lib/offline/policy'
import type { Started } from '../scripts/support/processes'
import { secondBuild } from '../scripts/fleet/second-build'
import {
  browseUntil,
  cacheState,
  edgeState,
  FLEET_PORTS,
  get,
  HAS_REDIS_RUNTIME,
  instanceAnswers,
  loadUntil,
  startLoad,
  non2xx,
  rawStatus,
  scriptsOf,
  sleep,
  startTestFleet,
} from './support/fleet'
import { clearFaults, listedPairs, resetHits, setFaults, simState } from './support/sim'

// The fleet of README "Fleet": Redis, three instances of this build (each with its own disk
// cache, as on separate machines) and nginx from deploy/nginx.conf.template with its edge cache,
// on ports of this run's own (docs/decisions/fleet.md "The fleet on one machine, and in
// production"). Tests about the instances
// go to them directly or through nginx's uncached door; the edge's tests go through the edge.
test.describe.configure({ mode: 'serial' })

let fleet: Fleet
const [A, B, C] = FLEET_PORTS.instances
/** The instance running on each port now (the outage and the deploy replace them). */
const running = new Map<number, Started>()
const nginxOrigin = (host: string) => `http://${host}:${FLEET_PORTS.nginx}`
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
const needsRedis = () => test.skip(!HAS_REDIS_RUNTIME, 'the Redis runtime (REDIS_URL, shared cache and symbol lists) is not in this build')

/** Real pairs from the simulator; each test takes its own slice so every page is new to the fleet. */
let pairs: { base: string; quote: string }[] = []
let taken = 5
const freshPairs = (count: number) => pairs.slice(taken, (taken += count))

test.beforeAll(async () => {
  test.setTimeout(120_000)
  // New pages later in the spec: pairs every version of the sites' lists has (support/sim.ts).
  pairs = await listedPairs({ untouched: true })
  fleet = await startTestFleet({ redis: true })
  FLEET_PORTS.instances.forEach((port, i) => running.set(port, fleet.instances[i]!))
})

test.afterAll(async () => {
  await fleet?.stop()
})

test("nginx forwards the original host: a page through nginx is the region's, with its configured public URL", async () => {
  const reply = await get('hk.localhost', '/en-HK/trade/spot/BTC/USDT')
  expect(reply.status).toBe(200)
  const html = reply.body.toString('utf8')
  expect(canonical(html)).toBe(`${nginxOrigin('hk.localhost')}/en-HK/trade/spot/BTC/USDT`)
  for (const port of FLEET_PORTS.instances) expect(html).not.toContain(`:${port}`)
})

test('no answer through nginx names the internal /{region}/{lang} route (x-middleware-rewrite)', async () => {
  for (const [host, path] of [
    ['localhost', '/en/trade/spot/BTC/USDT'],
    ['hk.localhost', '/en-HK'],
    ['localhost', '/en/trade/spot/NOPE/USDT'],
  ] as const) {
    const reply = await get(host, path)
    expect(reply.status, path).toBeLessThan(500)
    expect(reply.headers['x-middleware-rewrite'], `${host}${path}`).toBeUndefined()
  }
})

test('nginx answers TRACE, TRACK, foreign hosts and foreign absolute-form targets itself; Next never sees them', async () => {
  expect(await rawStatus('TRACE / HTTP/1.1', 'localhost')).toBe(405)
  expect(await rawStatus('TRACK / HTTP/1.1', 'localhost')).toBe(405)
  // Next's router would answer these with a 308 to evil.example (docs/decisions/site-routing.md
  // "Malformed requests").
  expect(await rawStatus('GET http://evil.example/ HTTP/1.1', 'localhost')).toBe(421)
  expect(await rawStatus('GET http://evil.example//evil.example/ HTTP/1.1', 'localhost')).toBe(421)
  expect(await rawStatus('GET / HTTP/1.1', 'evil.example')).toBe(421)
  // An absolute-form target naming a configured host is an ordinary request for that site.
  expect(await rawStatus(`GET http://localhost:${FLEET_PORTS.nginx}/en HTTP/1.1`, 'evil.example')).toBe(200)
  // What an instance answers when asked directly, i.e. without this nginx.
  expect(await rawStatus('TRACE / HTTP/1.1', 'localhost', A)).toBe(500)
  expect(await rawStatus('GET http://evil.example//evil.example/ HTTP/1.1', 'localhost', A)).toBe(308)
})

test('cross-region isolation: a page rendered for one region is never served on another host by another instance', async () => {
  const [pair] = freshPairs(1)
  const path = `/en/trade/spot/${pair!.base}/${pair!.quote}`
  // ae serves the main language list: the same path exists on both sites.
  expect((await get('ae.localhost', path, A)).status).toBe(200)
  const onMain = await get('localhost', path, B)
  expect(onMain.status).toBe(200)
  expect(canonical(onMain.body.toString('utf8'))).toBe(`${nginxOrigin('localhost')}${path}`)
  const hkPath = `/en-HK/trade/spot/${pair!.base}/${pair!.quote}`
  expect((await get('hk.localhost', hkPath, A)).status).toBe(200)
  const onNl = await get('nl.localhost', hkPath, C)
  // NL does not serve en-HK: a redirect within its own site, or a page of its own; never HK's.
  expect(`${onNl.headers.location ?? ''} ${onNl.body.toString('utf8')}`).not.toContain('hk.localhost')
})

test('a page rendered on one instance is served from the shared cache by the others', async () => {
  needsRedis()
  for (const pair of freshPairs(3)) {
    const path = `/en-NL/trade/spot/${pair.base}/${pair.quote}`
    const first = await get('nl.localhost', path, A)
    expect(first.status).toBe(200)
    for (const port of [B, C]) {
      const other = await get('nl.localhost', path, port)
      expect(other.status).toBe(200)
      expect(cacheState(other), `${path} on :${port}`).toBe('HIT')
    }
  }
})

/** An RSC request as the router sends it: `_rsc` as Next computes it (it redirects a request without it). */
async function rscGet(host: string, path: string, headers: Record<string, string>) {
  const first = await get(host, path, FLEET_PORTS.nginx, headers)
  if (first.status !== 307) return first
  const location = new URL(String(first.headers.location), 'http://x')
  return get(host, `${location.pathname}${location.search}`, FLEET_PORTS.nginx, headers)
}

test('the edge keeps HTML, RSC and prefetch variants, regions and per-visitor redirects apart; a 404 is kept seconds', async () => {
  const [pair] = freshPairs(1)
  const path = `/en/trade/spot/${pair!.base}/${pair!.quote}`
  // The worst age of a page (docs/decisions/fleet.md "The worst age of a page"): s-maxage R, stale for E − R.
  const html = await get('localhost', path)
  expect([html.status, edgeState(html), html.headers['content-type']]).toEqual([200, 'MISS', 'text/html; charset=utf-8'])
  expect(html.headers['cache-control']).toBe(`s-maxage=${PAIR_REVALIDATE_S}, stale-while-revalidate=${EXPIRE_TIME_S - PAIR_REVALIDATE_S}`)
  const variants: Record<string, string>[] = [
    { rsc: '1' },
    { rsc: '1', 'next-router-prefetch': '1' },
    { rsc: '1', 'next-router-prefetch': '1', 'next-router-segment-prefetch': '/_tree' },
  ]
  const first = await Promise.all(variants.map((headers) => rscGet('localhost', path, headers)))
  for (const reply of first) expect([reply.status, String(reply.headers['content-type'])]).toEqual([200, expect.stringContaining('text/x-component')])
  // Asked again, in the other order: each from the edge, each its own.
  const again = [await get('localhost', path), ...(await Promise.all([...variants].reverse().map((headers) => rscGet('localhost', path, headers)))).reverse()]
  expect(again.map(edgeState)).toEqual(['HIT', 'HIT', 'HIT', 'HIT'])
  expect(again.map((reply) => reply.body.toString('utf8'))).toEqual([html, ...first].map((reply) => reply.body.toString('utf8')))
  expect(new Set(again.map((reply) => reply.body.toString('utf8'))).size).toBeGreaterThan(2)

  // ae serves the same path: its own page at the edge, and main's stays main's.
  for (const host of ['ae.localhost', 'localhost', 'ae.localhost'])
    expect(canonical((await get(host, path)).body.toString('utf8'))).toBe(`${nginxOrigin(host)}${path}`)
  const configs = await Promise.all(['hk.localhost', 'localhost', 'hk.localhost', 'localhost'].map((host) => get(host, '/api/client-config')))
  expect(configs.map((reply) => JSON.parse(reply.body.toString('utf8')).region)).toEqual(['hk', 'main', 'hk', 'main'])
  expect(configs.slice(2).map(edgeState)).toEqual(['HIT', 'HIT'])

  // The middleware's per-visitor redirects: never kept, each visitor its own Location.
  for (const [headers, language] of [
    [{}, 'en'],
    [{ cookie: `${LANG_COOKIE}=es-ES` }, 'es-ES'],
    [{ 'accept-language': 'ja' }, 'ja-JP'],
    [{}, 'en'],
    [{ cookie: `${LANG_COOKIE}=es-ES` }, 'es-ES'],
  ] as const) {
    const redirect = await get('localhost', '/', FLEET_PORTS.nginx, headers)
    expect([redirect.status, redirect.headers.location, edgeState(redirect)]).toEqual([307, `${nginxOrigin('localhost')}/${language}`, 'MISS'])
  }

  // An unknown pair: kept 10 s at most (docs/decisions/fleet.md "An unknown pair's 404 at the edge").
  const unknown = await get('localhost', '/en/trade/spot/NOPE/NADA')
  expect([unknown.status, unknown.headers['cache-control']]).toEqual([404, 's-maxage=10'])
})

// The edge against hostile clients (docs/decisions/fleet.md "The edge against hostile clients"):
// each case as curl would send it.
test('hostile: a repeated RSC header cannot put HTML under the RSC key; a malformed one is refused', async () => {
  const [pair] = freshPairs(1)
  const path = `/en/trade/spot/${pair!.base}/${pair!.quote}`
  expect((await get('localhost', path)).status).toBe(200)
  // Next's own `_rsc` for a plain RSC request (its 307 names it).
  const hashed = String((await get('localhost', path, FLEET_PORTS.nginx, { rsc: '1' })).headers.location)
  expect(hashed).toMatch(/\?_rsc/)
  const twice = await get('localhost', hashed, FLEET_PORTS.nginx, { rsc: ['1', '1'] })
  expect([twice.status, twice.headers['content-type']]).toEqual([200, 'text/x-component'])
  const plain = await get('localhost', hashed, FLEET_PORTS.nginx, { rsc: '1' })
  expect([plain.status, plain.headers['content-type'], edgeState(plain)], JSON.stringify(twice.headers)).toEqual([200, 'text/x-component', 'HIT'])
  for (const rsc of ['1, 1', '0', 'true']) expect((await get('localhost', hashed, FLEET_PORTS.nginx, { rsc })).status, rsc).toBe(400)
  expect((await get('localhost', hashed)).headers['content-type']).toBe('text/html; charset=utf-8')
})

test('hostile: junk queries and paths add nothing to the edge; a junk path is the 404 with the security headers', async () => {
  const cacheBytes = () =>
    readdirSync(fleet.cacheDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0)
  const markets = (await get('localhost', '/en')).body.toString('utf8')
  const list = /\/en\/markets\/list\/[A-Za-z0-9_-]{22}/.exec(markets)?.[0]
  expect(list).toBeTruthy()
  const page = '/en/trade/spot/BTC/USDT'
  for (const path of [list!, page]) await get('localhost', path)
  const before = cacheBytes()
  const junk = await Promise.all(
    Array.from({ length: 300 }, (_, n) => get('localhost', n % 3 === 0 ? `${list}?n=${n}` : n % 3 === 1 ? `${page}?n=${n}` : `/en/x${n}.js`)),
  )
  expect(junk.filter((r, n) => n % 3 !== 2).map(edgeState)).toEqual(Array(200).fill('HIT'))
  const paths = junk.filter((_, n) => n % 3 === 2)
  expect(new Set(paths.map((r) => `${r.status} ${edgeState(r)} ${r.headers['content-security-policy'] ? 'csp' : 'none'}`))).toEqual(new Set(['404 MISS csp']))
  // Nothing kept: the folder holds what it held (a few bytes of metadata at most).
  expect(cacheBytes() - before).toBeLessThan(64 * 1024)
})

test('hostile: /x-api passes JSON only; an upstream HTML page is a 502 in the envelope, never a document', async () => {
  const tickers = '/x-api/v5/market/tickers?category=spot'
  const ok = await get('localhost', tickers)
  expect([ok.status, ok.headers['content-type'], ok.headers['x-content-type-options'], ok.headers['content-security-policy']]).toEqual([
    200,
    expect.stringContaining('application/json'),
    'nosniff',
    "default-src 'none'; sandbox",
  ])
  await setFaults([{ host: 'main', endpoint: 'tickers', fault: { kind: 'html200' } }])
  try {
    const html = await get('localhost', tickers)
    expect([html.status, html.headers['content-type'], html.headers['content-security-policy']]).toEqual([
      502,
      'application/json',
      "default-src 'none'; sandbox",
    ])
    expect(JSON.parse(html.body.toString('utf8'))).toMatchObject({ ret_code: 502, result: null })
  } finally {
    await clearFaults()
  }
})

test('hostile: nothing internal in public: metrics, health detail, the internal routes, the instances’ listeners', async () => {
  expect((await get('localhost', '/api/metrics')).status).toBe(404)
  expect((await get('localhost', '/api/metrics', FLEET_PORTS.uncached)).body.toString('utf8')).toContain('spot_http_responses_total')
  const health = JSON.parse((await get('localhost', '/api/health')).body.toString('utf8'))
  expect(Object.keys(health)).toEqual(['status'])
  expect(JSON.parse((await get('localhost', '/api/health', FLEET_PORTS.uncached)).body.toString('utf8'))).toHaveProperty('regions')
  // The rewritten routes answer only what the middleware sent there: the same 404 as any unknown path.
  const unknown = await get('localhost', '/en/nothing-here')
  for (const path of ['/hk/zh-HK/x.js', '/tr/tr-TUR/x.js', '/main/en/x.js', '/main/en', '/hk/zh-HK/trade/spot/BTC/USDT']) {
    let reply = await get('localhost', path)
    for (let hops = 0; reply.status >= 300 && reply.status < 400 && hops < 3; hops++)
      reply = await get('localhost', new URL(String(reply.headers.location)).pathname)
    expect([path, reply.status, reply.headers['content-security-policy']]).toEqual([path, 404, unknown.headers['content-security-policy']])
  }
  // Each instance listens on loopback alone, and a page through the edge is no redirect loop.
  const listening = execFileSync('ss', ['-Hltn'], { encoding: 'utf8' })
  for (const port of FLEET_PORTS.instances) {
    expect(listening).toContain(`127.0.0.1:${port} `)
    expect(listening).not.toMatch(new RegExp(`(\\*|0\\.0\\.0\\.0|\\[::\\]):${port} `))
  }
  expect((await get('localhost', '/en/trade/spot/BTC/USDT', FLEET_PORTS.uncached)).status).toBe(200)
})

test('the book and the tape through the edge: 200 pollers of one pair cost the upstream at most one request a second per endpoint', async () => {
  await resetHits()
  const started = Date.now()
  const paths = ['/x-api/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=50', '/x-api/v5/market/recent-trade?symbol=BTCUSDT&category=spot&limit=50']
  const statuses = new Map<number, number>()
  await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      while (Date.now() - started < 3000) {
        const reply = await get('localhost', paths[i % 2]!)
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
        await sleep(100)
      }
    }),
  )
  const seconds = Math.ceil((Date.now() - started) / 1000)
  expect([...statuses.keys()]).toEqual([200])
  const hits = (await simState()).hits.main ?? {}
  for (const endpoint of ['orderbook', 'recent_trade']) {
    expect(hits[endpoint], endpoint).toBeGreaterThanOrEqual(1)
    expect(hits[endpoint], `${endpoint}: ${JSON.stringify(hits)}`).toBeLessThanOrEqual(seconds + 2)
  }
})

test("a page view through the edge, the browser's caches cold: no GET reaches an instance", async ({ browser }) => {
  const url = `${nginxOrigin('localhost')}/en/trade/spot/BTC/USDT`
  /** One view in a new browser; `during` runs once the network is quiet, before the page goes (a leaving page may post its monitor batch). */
  const view = async (during: () => Promise<void> = async () => {}) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const asked: string[] = []
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(nginxOrigin('localhost'))) asked.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    await expect.poll(() => asked.filter((r) => r === 'GET /api/client-config').length).toBe(1)
    await during()
    await context.close()
    return asked
  }
  await view() // the edge holds the page's files, its icon and config
  // and the page, fresh (a copy an instance served stale is kept a second only).
  await expect.poll(async () => edgeState(await get('localhost', '/en/trade/spot/BTC/USDT'))).toBe('HIT')
  const ports = [...running.keys()]
  const before = await Promise.all(ports.map(instanceAnswers))
  let after: number[] = []
  const asked = await view(async () => void (after = await Promise.all(ports.map(instanceAnswers))))
  // Each instance counted its own first /api/metrics answer between the two reads.
  const reached = after.reduce((sum, n, i) => sum + n - before[i]! - 1, 0)
  const posts = asked.filter((r) => r.startsWith('POST ')).length
  test.info().annotations.push({ type: 'per view', description: JSON.stringify({ asked: asked.length, reached, requests: asked }) })
  expect(asked.filter((r) => r.startsWith('GET ')).length).toBeGreaterThan(3)
  // Only what is never kept reached an instance: the client monitor's batches, if one was sent.
  expect(reached).toBe(posts)
})

test('fleet-wide, the upstream gets at most one symbol-list call per reuse window per upstream and language', async () => {
  needsRedis()
  test.setTimeout(90_000)
  const seconds = 25
  // Each instance keeps rendering pages new to it (so each needs the symbol list again once its
  // reuse window has passed), while nginx's uncached door carries cached traffic to them beside.
  // main and ae serve the same language list from one upstream: one loader, twice the pages.
  const fresh = freshPairs(500).flatMap((p) => ['localhost', 'ae.localhost'].map((host) => ({ host, path: `/en/trade/spot/${p.base}/${p.quote}` })))
  const until = sleep(seconds * 1000)
  let done = false
  void until.then(() => (done = true))
  await resetHits()
  const renders = FLEET_PORTS.instances.map(async (port, i) => {
    const statuses: { path: string; status: number }[] = []
    for (let j = i; j < fresh.length && !done; j += FLEET_PORTS.instances.length) {
      statuses.push({ path: fresh[j]!.path, status: (await get(fresh[j]!.host, fresh[j]!.path, port)).status })
    }
    return statuses
  })
  const cached = loadUntil([{ host: 'localhost', path: '/en/trade/spot/BTC/USDT' }], 3, until, FLEET_PORTS.uncached)
  const rendered = (await Promise.all(renders)).flat()
  const result = await cached
  const hits = (await simState()).hits.main ?? {}
  test.info().annotations.push({ type: 'upstream', description: JSON.stringify({ hits, rendered: rendered.length, cached: result.total }) })
  // Every page answers 200, except a pair the simulator delisted meanwhile: that one is a 404.
  const listed = new Set((await listedPairs()).map((p) => `/en/trade/spot/${p.base}/${p.quote}`))
  expect(rendered.filter(({ path, status }) => status !== 200 && !(status === 404 && !listed.has(path)))).toEqual([])
  expect(non2xx(result) + result.errors).toBe(0)
  // One language on one upstream, a reuse window of 10 s (docs/decisions/pages.md "Server symbol-list
  // reuse"); each instance on its own would make about one call per window, three in all.
  const windows = Math.ceil(seconds / 10) + 1
  expect(hits.symbol_list_v3 ?? 0, JSON.stringify(hits)).toBeLessThanOrEqual(windows)
})

test('Redis killed during load: no failed answer; restarted: the instances share again', async () => {
  needsRedis()
  test.setTimeout(90_000)
  const targets = freshPairs(20).map((p) => ({ host: 'tr.localhost', path: `/en-TR/trade/spot/${p.base}/${p.quote}` }))
  // Through the uncached door: every request reaches an instance, as the edge would not let it.
  const load = startLoad(targets, 6, FLEET_PORTS.uncached)
  // Under load before the kill, and for 500 requests after Redis is gone (counted, not timed).
  await expect.poll(() => load.result.total, { timeout: 30_000 }).toBeGreaterThan(30)
  process.kill(-fleet.redis()!.pid!, 'SIGKILL')
  await fleet.stopRedis()
  const killedAt = load.result.total
  await expect.poll(() => load.result.total - killedAt, { timeout: 60_000 }).toBeGreaterThan(500)
  const result = await load.stop()
  expect(result.statuses, JSON.stringify(result)).not.toEqual({})
  expect(non2xx(result) + result.errors).toBe(0)

  await fleet.startRedis()
  const [pair] = freshPairs(1)
  const path = `/en-TR/trade/spot/${pair!.base}/${pair!.quote}`
  await expect(async () => {
    // A new page each round, until one rendered on A is a cache hit on B.
    const [next] = freshPairs(1)
    const probe = `/en-TR/trade/spot/${next!.base}/${next!.quote}`
    expect((await get('tr.localhost', probe, A)).status).toBe(200)
    await sleep(300)
    expect(cacheState(await get('tr.localhost', probe, B))).toBe('HIT')
  }).toPass({ timeout: 30_000 })
  expect((await get('tr.localhost', path, C)).status).toBe(200)
})

test('a freshly started instance, once ready, answers its very first page request from the shared cache', async () => {
  needsRedis()
  test.setTimeout(90_000)
  const pages = freshPairs(2).map((p) => `/en/trade/spot/${p.base}/${p.quote}`)
  for (const path of pages) expect((await get('localhost', path, A)).status).toBe(200)
  const late = await fleet.addInstance(FLEET_PORTS.late)
  try {
    // What a load balancer does: no page before /api/ready says 200 (it waits for the Redis link).
    await expect(async () => expect((await get('localhost', '/api/ready', FLEET_PORTS.late)).status).toBe(200)).toPass({ timeout: 30_000 })
    // Connected within the readiness wait, not let in by its 3 s limit.
    expect(JSON.parse((await get('localhost', '/api/ready', FLEET_PORTS.late)).body.toString('utf8'))).toMatchObject({ redis: 'connected' })
    for (const path of pages) {
      const reply = await get('localhost', path, FLEET_PORTS.late)
      expect(reply.status).toBe(200)
      expect(cacheState(reply), `${path} on the new instance`).toBe('HIT')
    }
  } finally {
    await late.stop()
  }
})

// Last: it leaves the fleet one instance short.
test('one instance killed during load: nginx routes around it, no failures beyond the requests in flight', async () => {
  test.setTimeout(60_000)
  const workers = 6
  const targets = [
    { host: 'localhost', path: '/en' },
    { host: 'hk.localhost', path: '/en-HK' },
    { host: 'kz.localhost', path: '/en-KAZ' },
  ]
  for (const t of targets) expect((await get(t.host, t.path, FLEET_PORTS.uncached)).status).toBe(200)
  // Through the uncached door, so the instances carry the load the edge would otherwise take.
  const load = startLoad(targets, workers, FLEET_PORTS.uncached)
  // Under load before the kill, and for 200 requests after the instance is gone (counted, not timed).
  await expect.poll(() => load.result.total, { timeout: 30_000 }).toBeGreaterThan(30)
  const victim = running.get(C)!
  process.kill(-victim.pid!, 'SIGKILL')
  await victim.exited
  const killedAt = load.result.total
  await expect.poll(() => load.result.total - killedAt, { timeout: 30_000 }).toBeGreaterThan(200)
  const result = await load.stop()
  expect(result.total).toBeGreaterThan(50)
  // At most the requests that were inside the killed instance when it died.
  test.info().annotations.push({ type: 'load', description: JSON.stringify(result) })
  expect(non2xx(result) + result.errors, JSON.stringify(result)).toBeLessThanOrEqual(workers)
  const after = await Promise.all(
    Array.from({ length: 12 }, (_, i) => get(targets[i % targets.length]!.host, targets[i % targets.length]!.path, FLEET_PORTS.uncached)),
  )
  expect(after.map((r) => r.status)).toEqual(after.map(() => 200))
})

test("Prometheus beside the fleet: the symbol-list alert fires while the upstream's lists fail and resolves after", async () => {
  test.setTimeout(180_000)
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { startNginxExporter, startPrometheus } = await import('../scripts/fleet/prometheus')
  const { clearFaults, setFaults } = await import('./support/sim')
  // deploy/alerts.yml ÷ 10 (FLEET_ALERT_SPEEDUP, README "Operating the fleet"): `for: 5m` is 30 s,
  // the [5m] window 30 s, scrapes and evaluations every 1.5 s. Not faster: the fleet refreshes a
  // failing list about every 10 s (one lease per reuse window, back-off up to 10 s), so a shorter
  // window would empty between failures and the alert would fall back from pending.
  const speedup = 10
  const forMs = (5 * 60_000) / speedup
  const dir = mkdtempSync(join(tmpdir(), 'spot-prometheus-'))
  const logDir = join('test-results', 'fleet-logs')
  // nginx's stub_status through its exporter, the `nginx` job (docs/decisions/fleet.md "nginx is
  // scraped through its exporter"): started beside Prometheus, whose start takes longer.
  const [exporter, prometheus] = await Promise.all([
    startNginxExporter({ logDir, port: FLEET_PORTS.nginxExporter, statusUrl: fleet.statusUrl }),
    startPrometheus({
      root: process.cwd(),
      dir,
      logDir,
      port: FLEET_PORTS.prometheus,
      instances: FLEET_PORTS.instances.map((p) => `127.0.0.1:${p}`),
      nginxExporter: `127.0.0.1:${FLEET_PORTS.nginxExporter}`,
      speedup,
    }),
  ])
  expect(prometheus, 'prometheus is not installed (apt-get install prometheus)').toBeDefined()
  expect(exporter, 'prometheus-nginx-exporter is not installed (apt-get install prometheus-nginx-exporter)').toBeDefined()
  const alert = async (name: string) => {
    const answer = (await (await fetch(`${prometheus!.url}/api/v1/alerts`)).json()) as { data: { alerts: { labels: Record<string, string>; state: string }[] } }
    return answer.data.alerts.filter((a) => a.labels.alertname === name).map((a) => a.state)
  }
  // What a load balancer does: /api/ready on every instance each half second, so refreshes run.
  let probing = true
  const probes = (async () => {
    while (probing) {
      await Promise.all(FLEET_PORTS.instances.map((port) => get('localhost', '/api/ready', port).catch(() => undefined)))
      await sleep(500)
    }
  })()
  const down = { kind: 'status', status: 503 } as const
  try {
    expect(await alert('SpotSymbolListFailures')).toEqual([])
    const faultAt = Date.now()
    await setFaults((['symbol_list_v3', 'symbol_list_all', 'symbol_list_v2'] as const).map((endpoint) => ({ host: '*' as const, endpoint, fault: down })))
    // Pending once the rate window holds two failed refreshes (the 10 s reuse window, then the
    // back-off of up to 10 s, a scrape, an evaluation), firing `for:` later: 35–54 s seen in CI runs.
    await expect(async () => expect(await alert('SpotSymbolListFailures')).toContain('firing')).toPass({ timeout: 10_000 + forMs + 30_000, intervals: [500] })
    test.info().annotations.push({ type: 'firing after', description: `${Date.now() - faultAt} ms (for: ${forMs} ms)` })
    // Scraped many times by now (every 1.5 s): the exporter read nginx's counters.
    const nginxUp = (await (await fetch(`${prometheus!.url}/api/v1/query?query=${encodeURIComponent('nginx_up{job="nginx"}')}`)).json()) as {
      data: { result: { value: [number, string] }[] }
    }
    expect(nginxUp.data.result.map((r) => r.value[1])).toEqual(['1'])
    await clearFaults()
    // The next refresh succeeds (back-off ≤ 10 s), then the 30 s window empties.
    await expect(async () => expect(await alert('SpotSymbolListFailures')).toEqual([])).toPass({ timeout: 10_000 + 2 * forMs + 10_000, intervals: [500] })
  } finally {
    probing = false
    await probes
    await clearFaults()
    await prometheus?.stop()
    await exporter?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

/** Each region's markets page and one pair page, in the region's English. */
const regionPages = () =>
  Object.entries({ main: 'en', hk: 'en-HK', nl: 'en-NL', tr: 'en-TR', kz: 'en-KAZ', eu: 'en-EU', ge: 'en-GEO', id: 'en-IDN', ae: 'en' }).flatMap(
    ([id, lang]) => {
      const host = id === 'main' ? 'localhost' : `${id}.localhost`
      return [`/${lang}`, `/${lang}/trade/spot/BTC/USDT`].map((path) => ({ host, path }))
    },
  )

/** Starts an instance of `distDir`'s build on each port, one after another, each ready before the next (as a balancer waits). */
async function startReady(ports: readonly number[], distDir?: string) {
  for (const port of ports) {
    running.set(port, await fleet.addInstance(port, distDir))
    await expect(async () => expect((await get('localhost', '/api/ready', port)).status).toBe(200)).toPass({ timeout: 30_000 })
  }
}

test('every instance killed: the pages served before and their scripts answer from the edge, a URL without a language is sent home, health fails; fresh pages once they return', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const pages = regionPages()
  const served = await Promise.all(pages.map((p) => get(p.host, p.path)))
  expect(served.map((reply) => reply.status)).toEqual(pages.map(() => 200))
  const scripts = [...new Set(served.flatMap((reply, i) => scriptsOf(reply).map((path) => `${pages[i]!.host} ${path}`)))]
  expect(scripts.length).toBeGreaterThan(pages.length)

  // The copy a browser gets is the edge's gzip one: kept before the outage too.
  expect((await get('localhost', '/en/trade/spot/BTC/USDT', FLEET_PORTS.nginx, { 'accept-encoding': 'gzip' })).status).toBe(200)

  const alive = [...running.values()].filter((instance) => instance.endedOnItsOwn() === undefined)
  for (const instance of alive) process.kill(-instance.pid!, 'SIGKILL')
  await Promise.all(alive.map((instance) => instance.exited))

  const during = await Promise.all(pages.map((p) => get(p.host, p.path)))
  expect(during.map((reply, i) => `${pages[i]!.host}${pages[i]!.path} ${reply.status}`)).toEqual(pages.map((p) => `${p.host}${p.path} 200`))
  // Each its own page (a copy the edge kept, perhaps refreshed since it was first served).
  expect(during.map((reply) => canonical(reply.body.toString('utf8')))).toEqual(pages.map((p) => `${nginxOrigin(p.host)}${p.path}`))
  const scriptsDuring = await Promise.all(scripts.map((s) => get(s.split(' ')[0]!, s.split(' ')[1]!)))
  expect(scriptsDuring.filter((reply) => reply.status !== 200)).toEqual([])
  test.info().annotations.push({ type: 'outage', description: `${during.length} pages and ${scripts.length} scripts answered 200 with every instance down` })

  // In a browser, an edge copy older than pages are in normal service says its age (docs/decisions/offline.md
  // "The saved-copy notice"): its scripts come from the edge's static root, and the page's clock is moved past OLD_PAGE_MS.
  const viewStarted = Date.now()
  const scriptAnswers: string[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/_next/static/')) scriptAnswers.push(`${response.status()} ${new URL(response.url()).pathname}`)
  })
  await page.clock.install()
  const edgeCopy = await page.goto(`${nginxOrigin('localhost')}/en/trade/spot/BTC/USDT`)
  expect([edgeCopy?.status(), edgeCopy?.headers()['x-cache-status']]).toEqual([200, expect.stringMatching(/^(HIT|STALE)$/)])
  const notice = page.locator('.saved-copy')
  // The page's render time, in its HTML (components/offline/RenderTimeMark.tsx).
  const renderedAt = Date.parse((await page.locator(`[${RENDERED_AT_ATTRIBUTE}]`).getAttribute(RENDERED_AT_ATTRIBUTE)) ?? '')
  expect(renderedAt).not.toBeNaN()
  // Hydrated and the offline layer loaded (the notice is the browser's to show): still within the worst age of a page in service, no notice.
  await expect(page.getByTestId('language-switcher')).toBeEnabled()
  await expect(notice).toBeAttached()
  await expect(notice).toBeHidden()
  // The notice reads the clock every 30 s.
  await page.clock.setSystemTime(renderedAt + OLD_PAGE_MS + 60_000)
  await page.clock.fastForward(30_000)
  await expect(notice).toHaveText(`Saved copy · ${Math.floor((OLD_PAGE_MS + 90_000) / 60_000)} minutes ago`)
  expect(scriptAnswers.length).toBeGreaterThan(3)
  expect(scriptAnswers.filter((answer) => !answer.startsWith('200 '))).toEqual([])
  test.info().annotations.push({ type: 'saved-copy view', description: `${scriptAnswers.length} scripts 200, ${Date.now() - viewStarted} ms` })

  // No copy: a URL without a language goes to the region's home on its public URL; a page with one gets the edge's 503.
  for (const [host, path, location] of [
    ['localhost', '/', `${nginxOrigin('localhost')}/en`],
    ['hk.localhost', '/trade/spot/ETH/USDT', `${nginxOrigin('hk.localhost')}/en-HK/trade/spot/ETH/USDT`],
  ] as const) {
    const home = await get(host, path)
    expect([home.status, home.headers.location]).toEqual([307, location])
  }
  const [never] = freshPairs(1)
  const unavailable = await get('localhost', `/en/trade/spot/${never!.base}/${never!.quote}`)
  expect([unavailable.status, unavailable.headers['retry-after']]).toEqual([503, '30'])
  expect(unavailable.body.toString('utf8')).toContain('temporarily unavailable')
  for (const path of ['/api/health', '/api/ready']) expect((await get('localhost', path)).status, path).toBe(502)

  await startReady(FLEET_PORTS.instances)
  // nginx leaves an instance that failed out for its fail_timeout (5 s, scripts/fleet/nginx-conf.ts): until then the
  // edge still answers a page it has no copy of with its 503, then the instances render it.
  const returned = Date.now()
  const fresh = () => get('localhost', `/en/trade/spot/${never!.base}/${never!.quote}`)
  await expect.poll(async () => (await fresh()).status, { timeout: 15_000, intervals: [250] }).toBe(200)
  test.info().annotations.push({ type: 'fresh page after the return', description: `${Date.now() - returned} ms` })
  expect(edgeState(await fresh())).toBe('HIT')
  expect((await get('localhost', '/api/health')).status).toBe(200)
})

test('a rolling deploy of a second build under load: 0 non-2xx pages, 0 scripts missing', async () => {
  test.setTimeout(300_000)
  const first = new Set(scriptsOf(await get('localhost', '/en/trade/spot/BTC/USDT')))
  const second = await secondBuild(process.cwd(), 'e2e-second', { logFile: join('test-results', 'fleet-logs', 'second-build.log') })
  test.info().annotations.push({ type: 'second build', description: `${second.ms} ms` })

  // Visitors ask pages the edge holds and pages new to it (rendered by whichever build answers), and every script each names.
  // New to the edge: every listed pair in languages no other test asks.
  const kept = regionPages()
  const fresh = ['vi-VN', 'pt-BR', 'id-ID'].flatMap((lang) => pairs.map((p) => ({ host: 'localhost', path: `/${lang}/trade/spot/${p.base}/${p.quote}` })))
  let turn = 0
  const target = () => (turn++ % 2 === 0 ? kept[turn % kept.length]! : (fresh.shift() ?? kept[0]!))
  let stop!: () => void
  const load = browseUntil(target, 4, new Promise<void>((resolve) => (stop = resolve)))
  try {
    // Its files at the edge before any instance of it starts; then each instance in turn.
    fleet.publish(second.distDir)
    for (const port of FLEET_PORTS.instances) {
      await running.get(port)!.stop()
      await startReady([port], second.distDir)
    }
    // The new build's pages are served (their scripts are not the first build's).
    await expect
      .poll(async () => scriptsOf(await get('localhost', fresh.shift()!.path)).filter((s) => !first.has(s)).length, { timeout: 30_000 })
      .toBeGreaterThan(0)
  } finally {
    stop()
  }
  const result = await load
  test.info().annotations.push({ type: 'deploy load', description: JSON.stringify({ ...result, scriptsSeen: [...result.scriptsSeen].length }) })
  // Every page 200, except a pair the simulator delisted meanwhile: that one is a 404.
  const listed = new Set((await listedPairs()).map((p) => `/trade/spot/${p.base}/${p.quote}`))
  const delisted = (path: string) => /^\/[^/]+\/trade\/spot\//.test(path) && !listed.has(path.slice(path.indexOf('/', 1)))
  expect(result.failed.filter(({ path, status }) => !(status === 404 && delisted(path)))).toEqual([])
  expect(result.scripts).toEqual({ 200: expect.any(Number) })
  expect(result.errors).toBe(0)
  expect([...result.scriptsSeen].filter((s) => !first.has(s)).length).toBeGreaterThan(0)
  // The rollout over: nothing of the previous build goes.
  expect(fleet.prune().removedBuilds).toEqual([])
})

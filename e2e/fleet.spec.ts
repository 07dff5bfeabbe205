import { expect, test } from '@playwright/test'
import { sim } from '../playwright.config'
import type { Fleet } from '../scripts/fleet/fleet'
import { cacheState, FLEET_PORTS, get, HAS_REDIS_RUNTIME, loadUntil, non2xx, rawStatus, sleep, startTestFleet } from './support/fleet'
import { resetHits, simState } from './support/sim'

// The fleet of README "Fleet": Redis, three instances of this build (each with its own disk
// cache, as on separate machines) and nginx from deploy/nginx.conf.template, on ports of this
// run's own (docs/decisions/fleet.md "Fleet tests").
test.describe.configure({ mode: 'serial' })

let fleet: Fleet
const [A, B, C] = FLEET_PORTS.instances
const nginxOrigin = (host: string) => `http://${host}:${FLEET_PORTS.nginx}`
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
const needsRedis = () => test.skip(!HAS_REDIS_RUNTIME, 'the Redis runtime (REDIS_URL, shared cache and pair lists) is not in this build')

/** Real pairs from the simulator; each test takes its own slice so every page is new to the fleet. */
let pairs: { base: string; quote: string }[] = []
let taken = 5
const freshPairs = (count: number) => pairs.slice(taken, (taken += count))

/** The simulator's listed pairs now: it delists one every few minutes (simulator/data/feed.ts). */
async function listedPairs(): Promise<{ base: string; quote: string }[]> {
  const answer = await (await fetch(`${sim('main')}/spot/api/basic/symbol_list_v2`)).json()
  const groups = answer.result.quoteTokenResult as { quoteTokenSymbols: { baseTokenName: string; quoteTokenName: string; showStatus?: boolean }[] }[]
  return groups
    .flatMap((g) => g.quoteTokenSymbols)
    .filter((p) => p.showStatus !== false && /^[A-Z0-9]+$/.test(p.baseTokenName))
    .map((p) => ({ base: p.baseTokenName, quote: p.quoteTokenName }))
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  pairs = await listedPairs()
  fleet = await startTestFleet({ redis: true })
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
  // Next's router would answer these with a 308 to evil.example (docs/decisions/site-routing.md "Malformed requests").
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

test('fleet-wide, the upstream gets at most one pair-list call per reuse window per upstream and language', async () => {
  needsRedis()
  test.setTimeout(90_000)
  const seconds = 25
  // Each instance keeps rendering pages new to it (so each needs the pair list again once its
  // reuse window has passed), while nginx carries cached traffic beside them.
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
  const cached = loadUntil([{ host: 'localhost', path: '/en/trade/spot/BTC/USDT' }], 3, until)
  const rendered = (await Promise.all(renders)).flat()
  const result = await cached
  const hits = (await simState()).hits.main ?? {}
  test.info().annotations.push({ type: 'upstream', description: JSON.stringify({ hits, rendered: rendered.length, cached: result.total }) })
  // Every page answers 200, except a pair the simulator delisted meanwhile: that one is a 404.
  const listed = new Set((await listedPairs()).map((p) => `/en/trade/spot/${p.base}/${p.quote}`))
  expect(rendered.filter(({ path, status }) => status !== 200 && !(status === 404 && !listed.has(path)))).toEqual([])
  expect(non2xx(result) + result.errors).toBe(0)
  // One language on one upstream, a reuse window of 10 s (docs/decisions/pages.md "Server pair-list
  // reuse"); each instance on its own would make about one call per window, three in all.
  const windows = Math.ceil(seconds / 10) + 1
  expect(hits.symbol_list_v3 ?? 0, JSON.stringify(hits)).toBeLessThanOrEqual(windows)
})

test('Redis killed during load: no failed answer; restarted: the instances share again', async () => {
  needsRedis()
  test.setTimeout(90_000)
  const targets = freshPairs(20).map((p) => ({ host: 'tr.localhost', path: `/en-TR/trade/spot/${p.base}/${p.quote}` }))
  const load = loadUntil(targets, 6, sleep(12_000))
  await sleep(3_000)
  process.kill(-fleet.redis()!.pid!, 'SIGKILL')
  await fleet.stopRedis()
  const result = await load
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
  for (const t of targets) expect((await get(t.host, t.path)).status).toBe(200)
  const load = loadUntil(targets, workers, sleep(10_000))
  await sleep(3_000)
  const victim = fleet.instances[2]!
  process.kill(-victim.pid!, 'SIGKILL')
  await victim.exited
  const result = await load
  expect(result.total).toBeGreaterThan(50)
  // At most the requests that were inside the killed instance when it died.
  test.info().annotations.push({ type: 'load', description: JSON.stringify(result) })
  expect(non2xx(result) + result.errors, JSON.stringify(result)).toBeLessThanOrEqual(workers)
  const after = await Promise.all(Array.from({ length: 12 }, (_, i) => get(targets[i % targets.length]!.host, targets[i % targets.length]!.path)))
  expect(after.map((r) => r.status)).toEqual(after.map(() => 200))
})

test("Prometheus beside the fleet: the pair-list alert fires while the upstream's lists fail and resolves after", async () => {
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
    expect(await alert('SpotPairListFailures')).toEqual([])
    const faultAt = Date.now()
    await setFaults((['symbol_list_v3', 'symbol_list_all', 'symbol_list_v2'] as const).map((endpoint) => ({ host: '*' as const, endpoint, fault: down })))
    // Pending once the rate window holds two failed refreshes (the 10 s reuse window, then the
    // back-off of up to 10 s, a scrape, an evaluation), firing `for:` later: 35–54 s seen in CI runs.
    await expect(async () => expect(await alert('SpotPairListFailures')).toContain('firing')).toPass({ timeout: 10_000 + forMs + 30_000, intervals: [500] })
    test.info().annotations.push({ type: 'firing after', description: `${Date.now() - faultAt} ms (for: ${forMs} ms)` })
    // Scraped many times by now (every 1.5 s): the exporter read nginx's counters.
    const nginxUp = (await (await fetch(`${prometheus!.url}/api/v1/query?query=${encodeURIComponent('nginx_up{job="nginx"}')}`)).json()) as {
      data: { result: { value: [number, string] }[] }
    }
    expect(nginxUp.data.result.map((r) => r.value[1])).toEqual(['1'])
    await clearFaults()
    // The next refresh succeeds (back-off ≤ 10 s), then the 30 s window empties.
    await expect(async () => expect(await alert('SpotPairListFailures')).toEqual([])).toPass({ timeout: 10_000 + 2 * forMs + 10_000, intervals: [500] })
  } finally {
    probing = false
    await probes
    await clearFaults()
    await prometheus?.stop()
    await exporter?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { start, waitForHttp, type Started } from '../support/processes'
import { renderNginxConf, type NginxConfOptions } from './nginx-conf'

const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
const regions = [
  { hosts: ['localhost'], publicUrl: 'http://localhost:6400', defaultLanguage: 'en' },
  { hosts: ['hk.localhost'], publicUrl: 'https://hk.example.test', defaultLanguage: 'en-HK' },
]
const base = { root: process.cwd(), port: 6400, uncachedPort: 6408, statusPort: 6409, instancePorts: [6401, 6402], regions }

let prefix: string
beforeEach(() => {
  prefix = mkdtempSync(join(tmpdir(), 'spot-nginx-conf-'))
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache', 'static']) mkdirSync(join(prefix, name))
})
afterEach(() => rmSync(prefix, { recursive: true, force: true }))

const options = (more: Partial<NginxConfOptions> = {}): NginxConfOptions => ({ ...base, prefix, staticRoot: join(prefix, 'static'), ...more })

describe('renderNginxConf (deploy/nginx.conf.template)', () => {
  /** `nginx -t`: the real nginx parses the generated file (and opens its paths). */
  const check = (conf: string) => {
    writeFileSync(join(prefix, 'nginx.conf'), conf)
    return spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-e', join(prefix, 'error.log'), '-c', join(prefix, 'nginx.conf')], { encoding: 'utf8' })
  }

  it('fills every slot and nginx accepts the result', () => {
    const conf = renderNginxConf(options())
    expect(conf).not.toMatch(/\{\{[A-Z_]+\}\}/)
    expect(conf).toContain('server 127.0.0.1:6402 max_fails=1 fail_timeout=5s;')
    expect(conf).toContain('server_name localhost hk.localhost;')
    expect(conf).toContain('proxy_hide_header X-Middleware-Rewrite;')
    expect(conf).toContain('listen 127.0.0.1:6409;')
    expect(conf).toContain('    hk.localhost https://hk.example.test/en-HK;')
    expect(conf).toMatch(/keys_zone=spot_edge:64m max_size=2g min_free=1g inactive=7d /)
    expect(conf).toMatch(/zone=spot_monitor:64k rate=200r\/s;[^]*limit_req zone=spot_monitor burst=200 nodelay;\n\s+limit_req_status 429;/)
    const slow = renderNginxConf(options({ monitor: { ratePerSecond: 0.5, burst: 1 } }))
    expect(slow).toMatch(/rate=30r\/m;[^]*burst=1 nodelay;/)
    expect(check(slow).status).toBe(0)
    const result = check(conf)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('refuses what would be nginx syntax or a wrong edge: server names, public URLs, sizes, ports', () => {
    expect(() => renderNginxConf(options({ regions: [{ ...regions[0]!, hosts: ['localhost; return 200'] }] }))).toThrow(/not a host name/)
    expect(() => renderNginxConf(options({ regions: [] }))).toThrow(/no server names/)
    expect(() => renderNginxConf(options({ regions: [{ ...regions[0]!, publicUrl: 'http://localhost:6400/en' }] }))).toThrow(/not an origin/)
    expect(() => renderNginxConf(options({ regions: [{ ...regions[0]!, defaultLanguage: 'en; return 200' }] }))).toThrow(/not a language code/)
    expect(() => renderNginxConf(options({ cache: { maxSize: '2g; proxy_cache off' } }))).toThrow(/not an nginx size/)
    expect(() => renderNginxConf(options({ staticRoot: 'relative/static' }))).toThrow(/not an absolute path/)
    expect(() => renderNginxConf(options({ statusPort: base.port }))).toThrow(/must differ/)
    expect(() => renderNginxConf(options({ monitor: { ratePerSecond: 0.001 } }))).toThrow(/not whole requests a minute/)
    expect(() => renderNginxConf(options({ monitor: { burst: 1.5 } }))).toThrow(/not a whole number/)
    expect(() => renderNginxConf(options({ monitor: { burst: 0 } }))).toThrow(/not a whole number ≥ 1/)
  })

  it('serves stub_status on the status port alone, to this host alone; the public port never answers it', async () => {
    const servers = renderNginxConf(options())
      .split(/^  server \{$/m)
      .slice(1)
    const withStatus = servers.filter((server) => /^\s+stub_status;$/m.test(server))
    expect(withStatus).toHaveLength(1)
    expect(withStatus[0]).toMatch(/^\s+listen 127\.0\.0\.1:6409;\n[^]*^\s+allow 127\.0\.0\.1;\n\s+deny all;$/m)

    // The real nginx: from 127.0.0.1 the counters, from another address (127.0.0.2, loopback
    // too) 403; through the public port the path goes to the (absent) instances, never to nginx.
    const [port, uncachedPort, statusPort, instance] = await freePorts(4)
    const conf = join(prefix, 'nginx.conf')
    writeFileSync(conf, renderNginxConf(options({ port: port!, uncachedPort: uncachedPort!, statusPort: statusPort!, instancePorts: [instance!] })))
    const nginx = start('nginx', NGINX, ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
      cwd: prefix,
      env: process.env,
      output: 'capture',
    })
    try {
      await waitForHttp(nginx, statusPort!, '/', 10_000)
      const status = await get(statusPort!, '/stub_status', { host: 'localhost' })
      expect(status.status).toBe(200)
      expect(status.body).toMatch(/^Active connections: \d+/)
      expect((await get(statusPort!, '/stub_status', { host: 'localhost' }, 'GET', '127.0.0.2')).status).toBe(403)
      expect((await get(statusPort!, '/', { host: 'localhost' })).status).toBe(404)
      for (const door of [port!, uncachedPort!]) {
        const publicAnswer = await get(door, '/stub_status', { host: 'localhost' })
        // No instance answers: the edge's own answer (to the region's home), never the counters.
        expect(publicAnswer.status).toBe(307)
        expect(publicAnswer.body).not.toContain('Active connections')
      }
    } finally {
      await nginx.stop()
    }
  })
})

/** An instance as nginx sees it: answers as `answer` says, counting what reaches it. */
interface FakeInstance {
  server: http.Server
  port: number
  seen: { method: string; url: string; host: string; rsc: string; prefetch: string; tree: string; encoding: string; port: number }[]
}

type Answer = { status?: number; headers?: Record<string, string>; body?: string; hold?: Promise<void> }
const MONITOR_BURST = 3
const PAGE_HEADERS = { 'cache-control': 's-maxage=60, stale-while-revalidate=240', 'x-nextjs-cache': 'HIT', 'content-type': 'text/html; charset=utf-8' }

describe('the edge in front of the instances (a real nginx, instances played by Node)', () => {
  let nginx: Started
  let ports: { port: number; uncachedPort: number; statusPort: number }
  let instances: FakeInstance[]
  let answer: (req: http.IncomingMessage) => Answer

  beforeEach(async () => {
    answer = () => ({})
    const [port, uncachedPort, statusPort, ...instancePorts] = await freePorts(5)
    ports = { port: port!, uncachedPort: uncachedPort!, statusPort: statusPort! }
    instances = await Promise.all(instancePorts.map((p) => fakeInstance(p!, (req) => answer(req))))
    mkdirSync(join(prefix, 'static', '_next', 'static', 'chunks'), { recursive: true })
    await startEdge()
  })
  /** nginx from the template in front of the fake instances (again, with `cache`, after a stop). */
  const startEdge = async (cache?: NginxConfOptions['cache']) => {
    const conf = join(prefix, 'nginx.conf')
    writeFileSync(
      conf,
      renderNginxConf(
        options({
          ...ports,
          instancePorts: instances.map((i) => i.port),
          regions: [{ ...regions[0]!, publicUrl: `http://localhost:${ports.port}` }, regions[1]!],
          // One monitor batch a minute and a burst of 3: a test's batches past the burst are the edge's to refuse.
          monitor: { ratePerSecond: 1 / 60, burst: MONITOR_BURST },
          cache,
        }),
      ),
    )
    nginx = start('nginx', NGINX, ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
      cwd: prefix,
      env: process.env,
      output: 'capture',
    })
    await waitForHttp(nginx, ports.statusPort, '/stub_status', 10_000)
  }
  afterEach(async () => {
    await nginx.stop()
    await Promise.all(instances.map((i) => closeInstance(i)))
  })

  const reached = () => instances.flatMap((i) => i.seen)
  const ask = (path: string, headers: http.OutgoingHttpHeaders = {}, port = ports.port, method = 'GET') =>
    get(port, path, { host: 'localhost', ...headers }, method)

  it('keeps HTML, RSC, prefetch variants, hosts and full URIs apart; each is asked of an instance once', async () => {
    answer = (req) => ({
      headers: PAGE_HEADERS,
      body: `${req.headers.host} ${req.url} rsc=${req.headers.rsc ?? ''} prefetch=${req.headers['next-router-prefetch'] ?? ''} segment=${req.headers['next-router-segment-prefetch'] ?? ''}`,
    })
    const variants: [string, Record<string, string>][] = [
      ['/en/trade/spot/BTC/USDT', {}],
      ['/en/trade/spot/BTC/USDT', { rsc: '1' }],
      ['/en/trade/spot/BTC/USDT?_rsc=abc', { rsc: '1' }],
      ['/en/trade/spot/BTC/USDT?_rsc=abc', { rsc: '1', 'next-router-prefetch': '1' }],
      ['/en/trade/spot/BTC/USDT?_rsc=abc', { rsc: '1', 'next-router-prefetch': '1', 'next-router-segment-prefetch': '/_tree' }],
      ['/en/trade/spot/BTC/USDT', { host: 'hk.localhost' }],
    ]
    const first = await Promise.all(variants.map(([path, headers]) => ask(path, headers)))
    expect(new Set(first.map((r) => r.body)).size).toBe(variants.length)
    expect(first.map((r) => r.headers['x-cache-status'])).toEqual(variants.map(() => 'MISS'))
    const again = await Promise.all(variants.map(([path, headers]) => ask(path, headers)))
    expect(again.map((r) => r.body)).toEqual(first.map((r) => r.body))
    expect(again.map((r) => r.headers['x-cache-status'])).toEqual(variants.map(() => 'HIT'))
    expect(reached()).toHaveLength(variants.length)
  })

  it('never keeps a private or no-store answer, one that sets a cookie, /api, /x-api or POST', async () => {
    const kinds: Record<string, Answer> = {
      '/': { status: 307, headers: { location: 'http://localhost/en', 'cache-control': 'private, no-store', vary: 'Cookie, Accept-Language' } },
      '/en/cookie': { headers: { ...PAGE_HEADERS, 'set-cookie': 'a=1' } },
      // Varies on a request header the key does not hold.
      '/en/varies': { headers: { ...PAGE_HEADERS, vary: 'rsc, Cookie' } },
      '/api/health': { headers: { 'cache-control': 's-maxage=60' } },
      '/x-api/v5/market/time': { headers: { 'cache-control': 's-maxage=60' } },
      '/en/post': { headers: PAGE_HEADERS },
    }
    answer = (req) => kinds[req.url!] ?? { status: 500 }
    for (let round = 0; round < 2; round++) {
      for (const path of Object.keys(kinds)) {
        const reply = await ask(path, {}, ports.port, path === '/en/post' ? 'POST' : 'GET')
        expect(reply.headers['x-cache-status'] ?? 'none').not.toBe('HIT')
      }
    }
    // Every request of both rounds reached an instance.
    expect(reached()).toHaveLength(2 * Object.keys(kinds).length)
  })

  it("keeps one copy per compression, gzip or none, whatever the browser's spelling; the instances are asked the same", async () => {
    answer = (req) => ({
      headers: { ...PAGE_HEADERS, vary: 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding' },
      body: `encoding=${req.headers['accept-encoding'] ?? ''}`,
    })
    const spellings = ['gzip, deflate, br, zstd', 'br, gzip', 'gzip', 'gzip;q=0.5, br', '', 'br', 'gzip;q=0, br', 'identity']
    const replies = []
    for (const encoding of spellings) replies.push(await ask('/en', encoding ? { 'accept-encoding': encoding } : {}))
    expect(replies.map((r) => `${r.body} ${r.headers['x-cache-status']}`)).toEqual([
      'encoding=gzip MISS',
      'encoding=gzip HIT',
      'encoding=gzip HIT',
      'encoding=gzip HIT',
      'encoding= MISS',
      'encoding= HIT',
      'encoding= HIT',
      'encoding= HIT',
    ])
    expect(reached().map((r) => r.encoding)).toEqual(['gzip', ''])
  })

  it('the uncached door reads and writes nothing in the cache', async () => {
    answer = (req) => ({ headers: PAGE_HEADERS, body: `answer ${reached().length} for ${req.url}` })
    await ask('/en', {}, ports.uncachedPort)
    const cached = await ask('/en')
    expect(cached.headers['x-cache-status']).toBe('MISS')
    const bypass = await ask('/en', {}, ports.uncachedPort)
    expect(bypass.headers['x-cache-status']).toBe('BYPASS')
    expect(bypass.body).not.toBe(cached.body)
    expect((await ask('/en')).body).toBe(cached.body)
  })

  it('many requests for one new page: one reaches an instance, all get its answer', async () => {
    let release!: () => void
    const hold = new Promise<void>((resolve) => (release = resolve))
    answer = (req) => ({ headers: PAGE_HEADERS, body: `the one answer for ${req.url}`, hold })
    const clients = 8
    const replies = Promise.all(Array.from({ length: clients }, () => ask('/en/trade/spot/ETH/USDT')))
    // Every client is inside nginx (stub_status: the clients and this request), and one request reached an instance.
    await eventually(async () => {
      const status = (await get(ports.statusPort, '/stub_status', {})).body
      return Number(/Active connections: (\d+)/.exec(status)?.[1]) >= clients + 1 && reached().length === 1 ? status : undefined
    })
    release()
    const all = await replies
    expect(new Set(all.map((r) => `${r.status} ${r.body}`))).toEqual(new Set(['200 the one answer for /en/trade/spot/ETH/USDT']))
    expect(reached()).toHaveLength(1)
  })

  it('instances down: a kept page answers 200, a language-less URL goes to the region home, a page never kept is a 503; health is never kept', async () => {
    answer = (req) => ({ headers: req.url!.startsWith('/api/') ? { 'cache-control': 'no-store' } : PAGE_HEADERS, body: `page ${req.url}` })
    for (const path of ['/en/trade/spot/BTC/USDT', '/api/health']) expect((await ask(path)).status).toBe(200)
    await Promise.all(instances.map((i) => closeInstance(i)))

    const kept = await ask('/en/trade/spot/BTC/USDT')
    expect([kept.status, kept.body]).toEqual([200, 'page /en/trade/spot/BTC/USDT'])
    // The region's public URL and default language, whatever the Host header's port or spelling.
    for (const [path, host, location] of [
      ['/', 'localhost:1234', `http://localhost:${ports.port}/en`],
      ['/trade/spot/BTC/USDT?ref=x', 'LOCALHOST', `http://localhost:${ports.port}/en/trade/spot/BTC/USDT?ref=x`],
      ['/', 'hk.localhost', 'https://hk.example.test/en-HK'],
    ]) {
      const redirect = await ask(path!, { host: host! })
      expect([redirect.status, redirect.headers.location, redirect.headers['cache-control']]).toEqual([307, location, 'private, no-store'])
    }
    for (const path of ['/en/trade/spot/NEW/USDT', '/en-HK', '/fr/trade', '/robots.txt']) {
      const unavailable = await ask(path)
      expect([path, unavailable.status, unavailable.headers['retry-after']]).toEqual([path, 503, '30'])
      expect(unavailable.body).toContain('<title>Temporarily unavailable</title>')
    }
    expect((await ask('/api/health')).status).toBe(502)
  })

  it('a kept page past its s-maxage is served stale while the instances fail (error or 5xx)', async () => {
    answer = () => ({ headers: { ...PAGE_HEADERS, 'cache-control': 's-maxage=1' }, body: 'the page' })
    expect((await ask('/en/short')).status).toBe(200)
    answer = () => ({ status: 500, headers: { 'cache-control': 'private, no-store' }, body: 'render failed' })
    // Past its one second (nginx's clock ticks in seconds): the stale copy, never the failure.
    const stale = await eventually(async () => {
      const reply = await ask('/en/short')
      expect([reply.status, reply.body]).toEqual([200, 'the page'])
      return reply.headers['x-cache-status'] === 'STALE' ? reply : undefined
    })
    expect(stale.headers['x-cache-status']).toBe('STALE')
    await Promise.all(instances.map((i) => closeInstance(i)))
    const down = await ask('/en/short')
    expect([down.status, down.body, down.headers['x-cache-status']]).toEqual([200, 'the page', 'STALE'])
  })

  it("monitor batches past the fleet-wide rate, whatever the host, get nginx's 429 and never reach an instance", async () => {
    answer = (req) => (req.url === '/api/monitor' ? { status: 204, headers: { 'cache-control': 'private, no-store' } } : { status: 500 })
    const batches = 12
    const replies = await Promise.all(
      Array.from({ length: batches }, (_, i) =>
        ask('/api/monitor', { host: i % 2 ? 'hk.localhost' : 'localhost', 'content-type': 'application/json' }, ports.port, 'POST'),
      ),
    )
    const statuses = replies.map((r) => r.status).sort()
    // The burst and the one the rate allows now pass; the bucket refills one a minute.
    expect(statuses).toEqual([...Array<number>(MONITOR_BURST + 1).fill(204), ...Array<number>(batches - MONITOR_BURST - 1).fill(429)])
    expect(reached().map((r) => `${r.method} ${r.url}`)).toEqual(Array<string>(MONITOR_BURST + 1).fill('POST /api/monitor'))
    // The uncached door is the same edge: the bound holds there too.
    expect((await ask('/api/monitor', { 'content-type': 'application/json' }, ports.uncachedPort, 'POST')).status).toBe(429)
    expect(reached()).toHaveLength(MONITOR_BURST + 1)
  })

  it("a version of the whole list one instance lacks is asked of the others, each once, then the current one; no other path's 404 is", async () => {
    const [lacking, holding] = instances
    const version = (n: number) => `v${String(n).padStart(21, '0')}`
    answer = (req): Answer =>
      req.url!.startsWith('/en/markets/list/v') && req.socket.localPort === holding!.port && !req.url!.endsWith(version(99))
        ? { headers: { 'cache-control': 'public, max-age=31536000, immutable', 'content-type': 'application/json' }, body: `list ${req.url}` }
        : req.url === '/en/markets/list/current'
          ? { status: 307, headers: { location: `/en/markets/list/${version(0)}`, 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' } }
          : { status: 404, headers: { 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' }, body: 'gone' }
    // Round-robin sends every other first try to the instance that lacks them.
    for (let n = 0; n < 4; n++) {
      const reply = await ask(`/en/markets/list/${version(n)}`)
      expect([reply.status, reply.body]).toEqual([200, `list /en/markets/list/${version(n)}`])
    }
    const lists = reached().filter((r) => r.url.includes('/markets/list/'))
    expect(lists.length).toBeGreaterThan(4)
    expect(lacking!.seen.length).toBeGreaterThan(0)
    // Kept: asked again, from the edge.
    expect((await ask(`/en/markets/list/${version(0)}`)).headers['x-cache-status']).toBe('HIT')
    // A version no instance has: every instance once, then one's redirect to the current version (never kept).
    const asked = (url: string) => reached().filter((r) => r.url === url).length
    for (let round = 1; round <= 2; round++) {
      const gone = await ask(`/en/markets/list/${version(99)}`)
      expect([gone.status, gone.headers.location]).toEqual([307, `/en/markets/list/${version(0)}`])
      expect([asked(`/en/markets/list/${version(99)}`), asked('/en/markets/list/current')]).toEqual([round * instances.length, round])
    }
    // Any other 404 is the answer of the one instance asked.
    for (const path of ['/en/trade/spot/NOPE/NADA', '/en/markets/figures', '/api/markets/list/' + version(1)]) {
      const at = reached().length
      expect((await ask(path)).status).toBe(404)
      expect([path, reached().length - at]).toEqual([path, 1])
    }
  })

  it('one meaning per key: a repeated key header reaches the instance once, as keyed; a malformed one is refused 400', async () => {
    answer = nextLike
    const path = '/en/page/1'
    // `RSC: 1` twice: nginx 1.22 keys the first line, 1.23+ joins them ("1, 1", refused below);
    // either way the instance never sees two lines, so it never answers HTML under the RSC key.
    const repeated = await ask(path, { rsc: ['1', '1'], 'next-router-prefetch': ['1', '2'] })
    expect([400, 307]).toContain(repeated.status)
    const rscFirst = await ask(`${path}?_rsc=${rscHash({})}`, { rsc: ['1', '1'] })
    expect(rscFirst.headers['content-type']).toBe('text/x-component')
    expect(reached().map((r) => r.rsc)).not.toContain('1, 1')
    const plain = await ask(`${path}?_rsc=${rscHash({})}`, { rsc: '1' })
    expect([plain.headers['x-cache-status'], plain.headers['content-type'], plain.body]).toEqual(['HIT', 'text/x-component', rscFirst.body])
    // Every shape Next does not read is refused here, before the cache or an instance.
    const before = reached().length
    for (const headers of [
      { rsc: '1, 1' },
      { rsc: '0' },
      { rsc: 'true' },
      { rsc: '1', 'next-router-prefetch': '4' },
      { rsc: '1', 'next-router-segment-prefetch': 'no slash' },
      { rsc: '1', 'next-router-state-tree': '["",{}]' },
      { rsc: '1', 'next-url': 'http://evil.example/' },
      { rsc: '1', 'next-router-state-tree': 'x'.repeat(5000) },
    ])
      expect([JSON.stringify(headers), (await ask(path, headers)).status]).toEqual([JSON.stringify(headers), 400])
    expect(reached().length).toBe(before)
    // Without `RSC: 1` the router's headers mean nothing: neither keyed nor forwarded.
    const html = await ask(path, { 'next-router-prefetch': '1', 'next-router-state-tree': 'anything' })
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8')
    expect((await ask(path)).headers['x-cache-status']).toBe('HIT')
    expect(reached().at(-1)).toMatchObject({ prefetch: '', tree: '' })
  })

  it('keys pages without the queries they ignore: `_rsc` only with RSC, junk reads the clean entry and writes none; odd paths skip the cache', async () => {
    answer = nextLike
    const page = await ask('/en/page/2')
    expect(page.headers['x-cache-status']).toBe('MISS')
    for (const query of ['?n=1', '?n=2', `?_rsc=${rscHash({})}`, '?utm_source=x&_rsc=abc'])
      expect([query, (await ask(`/en/page/2${query}`)).headers['x-cache-status']]).toEqual([query, 'HIT'])
    // A junk query on a page not yet kept is asked of an instance and not kept.
    for (let i = 0; i < 3; i++) expect((await ask(`/en/page/3?n=${i}`)).headers['x-cache-status']).toBe('MISS')
    expect((await ask('/en/page/3')).headers['x-cache-status']).toBe('MISS')
    // Escapes, dot segments and `//` name the clean path to nginx but not to Next: no read, no write.
    for (const odd of ['/en/page/%32', '/en//page/2', '/en/x/../page/2']) expect([odd, (await ask(odd)).headers['x-cache-status']]).toEqual([odd, 'BYPASS'])
  })

  it('keeps only 200s and no router state: 404s, redirects and `Next-Router-State-Tree` answers add no entry', async () => {
    answer = nextLike
    const tree = encodeURIComponent('["",{"children":["page",{}]},null,null,true]')
    for (let round = 0; round < 2; round++) {
      expect((await ask('/en/unknown/pair')).status).toBe(404)
      expect((await ask('/en/page/4', { rsc: '1' })).status).toBe(307)
      const navigation = await ask(`/en/page/4?_rsc=${rscHash({ tree })}`, { rsc: '1', 'next-router-state-tree': tree })
      expect([navigation.status, navigation.headers['x-cache-status']]).toEqual([200, 'BYPASS'])
    }
    expect(reached()).toHaveLength(6)
  })

  it('thousands of junk requests leave every page kept before still kept (a 16 MB cache)', async () => {
    await nginx.stop()
    await startEdge({ maxSize: '16m', minFree: '1m', keys: '1m' })
    const big = 'x'.repeat(64 * 1024)
    answer = (req) => ({ ...nextLike(req), body: `${nextLike(req).body} ${big}` })
    const pages = Array.from({ length: 8 }, (_, i) => `/en/page/${i}`)
    for (const path of pages) expect((await ask(path)).headers['x-cache-status']).toBe('MISS')
    const tree = (i: number) => encodeURIComponent(`["",{"children":["p${i}",{}]}]`)
    // 64 kB a request, about 190 MB of answers in all: twelve times the cache.
    const junk = Array.from({ length: 3000 }, (_, i): [string, http.OutgoingHttpHeaders] =>
      i % 3 === 0
        ? [`/en/page/${i % 8}?n=${i}`, {}]
        : i % 3 === 1
          ? [`/en/junk/${i}.js`, {}]
          : [`/en/page/${i % 8}?_rsc=${rscHash({ tree: tree(i) })}`, { rsc: '1', 'next-router-state-tree': tree(i) }],
    )
    for (let at = 0; at < junk.length; at += 50) {
      const replies = await Promise.all(junk.slice(at, at + 50).map(([path, headers]) => ask(path, headers)))
      expect(replies.filter((r) => r.status !== 200 && r.status !== 404)).toEqual([])
    }
    const asked = reached().length
    for (const path of pages) expect([path, (await ask(path)).headers['x-cache-status']]).toEqual([path, 'HIT'])
    expect(reached().length).toBe(asked)
  }, 60_000)

  it('fuzz: for requests built from the key’s headers (repeated, missing, malformed), a HIT answers what the uncached door answers', async () => {
    answer = nextLike
    const token = fc.constantFrom('1', '2', '3', '0', '1, 1', '', ' 1', 'x')
    // Mostly missing; else one line, or two or three (repeated).
    const header = (value: fc.Arbitrary<string>) =>
      fc.option(fc.oneof({ arbitrary: value, weight: 3 }, { arbitrary: fc.array(value, { minLength: 2, maxLength: 3 }), weight: 1 }), {
        nil: undefined,
        freq: 2,
      })
    const request = fc.record({
      path: fc.constantFrom('/en/page/1', '/en/page/2', '/en/page/1', '/en/page/%31', '/en//page/1', '/en/nope', '/en/x.js'),
      query: fc.constantFrom('', 'n=1', '_rsc=abc', 'x=1&y=2', '_rsc', '_rsc=&n=1', '%5Frsc=h1', 'a=%20'),
      rsc: header(fc.constantFrom('1', '1', '1', '0', '', 'true', '1, 1')),
      prefetch: header(token),
      segment: header(fc.constantFrom('/_tree', '/_index', 'x y', '/a/b')),
      tree: header(fc.constantFrom('%5B%22%22%5D', 'a%20b', '["x"]')),
      nextUrl: header(fc.constantFrom('/en', '/en/page/1', 'http://e.x')),
      hash: fc.constantFrom('right', 'right', 'wrong', 'none'),
    })
    let hits = 0
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: http.OutgoingHttpHeaders = {}
        for (const [name, value] of [
          ['rsc', r.rsc],
          ['next-router-prefetch', r.prefetch],
          ['next-router-segment-prefetch', r.segment],
          ['next-router-state-tree', r.tree],
          ['next-url', r.nextUrl],
        ] as const)
          if (value !== undefined) headers[name] = value
        const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)
        const hash = rscHash({ prefetch: first(r.prefetch), segment: first(r.segment), tree: first(r.tree), url: first(r.nextUrl) })
        const query = [r.query, r.hash === 'right' ? `_rsc=${hash}` : r.hash === 'wrong' ? '_rsc=zzz' : ''].filter(Boolean).join('&')
        const path = query ? `${r.path}?${query}` : r.path
        await ask(path, headers)
        const edge = await ask(path, headers)
        const door = await ask(path, headers, ports.uncachedPort)
        if (edge.headers['x-cache-status'] !== 'HIT') return
        hits++
        expect([edge.status, edge.headers['content-type'], edge.body]).toEqual([door.status, door.headers['content-type'], door.body])
      }),
      { numRuns: 700, seed: 49 },
    )
    // The pass reached the cache, not only the refusals.
    expect(hits).toBeGreaterThan(100)
    expect(reached().map((r) => r.rsc)).not.toContain('1, 1')
  }, 120_000)

  it("Next's internal headers never leave the edge (what its client router reads goes with RSC answers alone)", async () => {
    answer = (req) => ({
      ...nextLike(req),
      headers: { ...nextLike(req).headers, 'x-nextjs-prerender': '1', 'x-nextjs-stale-time': '300', 'x-nextjs-rewritten-path': '/main/en/page/5' },
    })
    for (const port of [ports.port, ports.port, ports.uncachedPort]) {
      const html = await ask('/en/page/5', {}, port)
      const rsc = await ask(`/en/page/5?_rsc=${rscHash({})}`, { rsc: '1' }, port)
      expect(Object.keys(html.headers).filter((name) => name.startsWith('x-nextjs'))).toEqual([])
      expect(Object.keys(rsc.headers).filter((name) => name.startsWith('x-nextjs'))).toEqual(['x-nextjs-stale-time', 'x-nextjs-rewritten-path'])
    }
  })

  it('/api/metrics is not on the public door; health is told which door asked; one instance’s 503 leaves none out', async () => {
    answer = (req): Answer =>
      req.url === '/en/busy'
        ? { status: 503, headers: { 'cache-control': 'private, no-store', 'retry-after': '5' }, body: 'not confirmed' }
        : { headers: { 'cache-control': 'no-store' }, body: `${req.url} door=${req.headers['x-edge-door']}` }
    expect((await ask('/api/metrics')).status).toBe(404)
    expect(await ask('/api/metrics', {}, ports.uncachedPort)).toMatchObject({ status: 200, body: '/api/metrics door=uncached' })
    expect((await ask('/api/health', { 'x-edge-door': 'uncached' })).body).toBe('/api/health door=public')
    // A 503 is the site's answer: passed on once, never retried elsewhere nor counted against the instance.
    for (let i = 0; i < 4; i++) expect((await ask('/en/busy')).status).toBe(503)
    expect(reached().filter((r) => r.url === '/en/busy')).toHaveLength(4)
    // Every instance still takes its turn (a 503 counted as a failure left each out for fail_timeout).
    for (let i = 0; i < 2 * instances.length; i++) expect((await ask('/api/live')).status).toBe(200)
    expect(
      new Set(
        reached()
          .filter((r) => r.url === '/api/live')
          .map((r) => r.port),
      ),
    ).toEqual(new Set(instances.map((i) => i.port)))
  })

  it('the book and the tape: kept 1 s per normalised URL, one request refreshes it; at most one a second per pair reaches an instance', async () => {
    let n = 0
    answer = (req) => ({ headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: `{"n":${++n},"url":${JSON.stringify(req.url)}}` })
    const spellings = [
      '/x-api/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=50',
      '/x-api/v5/market/orderbook?limit=50&symbol=BTCUSDT&category=spot',
      '/x-api/v5/market/orderbook?symbol=BTCUSDT&category=spot&limit=50&junk=1',
    ]
    const started = Date.now()
    const pollers = Array.from({ length: 40 }, async (_, i) => {
      while (Date.now() - started < 2500) {
        const reply = await ask(spellings[i % spellings.length]!)
        expect(reply.status).toBe(200)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })
    await Promise.all(pollers)
    const seconds = Math.ceil((Date.now() - started) / 1000)
    const book = reached().filter((r) => r.url.startsWith('/x-api/v5/market/orderbook'))
    // nginx's clock ticks in whole seconds: one refresh per tick, and the first fill.
    expect(book.length).toBeGreaterThanOrEqual(2)
    expect(book.length).toBeLessThanOrEqual(seconds + 2)
    expect(new Set(book.map((r) => r.url))).toEqual(new Set(['/x-api/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=50']))
    // Another pair and the other endpoint are their own URLs; every other /x-api path is never kept.
    for (const path of ['/x-api/v5/market/orderbook?category=spot&symbol=ETHUSDT', '/x-api/v5/market/recent-trade?category=spot&symbol=BTCUSDT'])
      expect([(await ask(path)).headers['x-cache-status'], (await ask(path)).headers['x-cache-status']]).toEqual(['MISS', 'HIT'])
    expect((await ask('/x-api/v5/market/tickers?category=spot')).headers['x-cache-status']).toBeUndefined()
  })

  it('static files come from the static root, gzipped ahead and immutable; one not published is asked of the instances until one has it', async () => {
    const chunk = join(prefix, 'static', '_next', 'static', 'chunks', 'abc.js')
    writeFileSync(chunk, 'console.log("abc")')
    writeFileSync(`${chunk}.gz`, gzipSync('console.log("abc")'))
    const plain = await ask('/_next/static/chunks/abc.js')
    expect([plain.status, plain.body, plain.headers['cache-control']]).toEqual([200, 'console.log("abc")', 'public, max-age=31536000, immutable'])
    expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8')
    const zipped = await getRaw(ports.port, '/_next/static/chunks/abc.js', { host: 'localhost', 'accept-encoding': 'gzip' })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.body).toString()).toBe('console.log("abc")')
    expect(reached()).toEqual([])

    // A rollout: the first instance asked has only the other build.
    answer = (req) =>
      req.socket.localPort === instances[0]!.port ? { status: 404 } : { headers: { 'cache-control': 'public, max-age=31536000, immutable' }, body: 'new build' }
    for (let i = 0; i < 4; i++) expect((await ask('/_next/static/chunks/new.js')).body).toBe('new build')
  })
})

/** Next's `_rsc` check, played: a token of the router's headers (the real one is a hash of the same). */
function rscHash(h: { prefetch?: string; segment?: string; tree?: string; url?: string }): string {
  const text = [h.prefetch ?? '', h.segment ?? '', h.tree ?? '', h.url ?? ''].join('|')
  // No router header: the empty hash (`?_rsc`), as Next's.
  if (text === '|||') return ''
  let sum = 7
  for (const char of text) sum = (sum * 31 + char.charCodeAt(0)) % 1_000_000_007
  return `h${sum.toString(36)}`
}

/**
 * An instance answering as Next does, as far as the key goes: RSC only for a single `RSC: 1`
 * (Node joins repeated lines: "1, 1" is HTML), the router's headers only with it, `_rsc` checked
 * (else a 307 without Cache-Control), pages under /en/page/ (their raw path in the body), 404
 * kept 10 s anywhere else.
 */
function nextLike(req: http.IncomingMessage): Answer {
  const url = new URL(req.url!, 'http://instance')
  const path = req.url!.split('?')[0]!
  if (!/^\/en\/page\/[^/]+$/.test(url.pathname))
    return { status: 404, headers: { 'cache-control': 's-maxage=10', 'content-type': 'text/html; charset=utf-8' }, body: `not found ${path}` }
  const h = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined)
  if (h('rsc') !== '1') return { headers: { ...PAGE_HEADERS, vary: 'rsc, next-router-state-tree' }, body: `${path} html` }
  const prefetch = h('next-router-prefetch')
  const router = {
    prefetch: prefetch === '1' || prefetch === '2' || prefetch === '3' ? prefetch : undefined,
    segment: h('next-router-segment-prefetch'),
    tree: h('next-router-state-tree'),
    url: h('next-url'),
  }
  if (url.searchParams.get('_rsc') !== rscHash(router)) return { status: 307, headers: { location: `${path}?_rsc=${rscHash(router)}` } }
  return {
    headers: {
      ...PAGE_HEADERS,
      'content-type': 'text/x-component',
      vary: 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, next-url',
    },
    body: `${path} rsc ${JSON.stringify(router)}`,
  }
}

/** Ports nothing listens on now (the kernel's pick), for a real nginx. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve) => {
          const server = net.createServer().listen(0, '127.0.0.1', () => resolve(server))
        }),
    ),
  )
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port)
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}

function fakeInstance(port: number, answer: (req: http.IncomingMessage) => Answer): Promise<FakeInstance> {
  const instance: FakeInstance = { server: http.createServer(), port, seen: [] }
  instance.server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    instance.seen.push({
      method: req.method!,
      url: req.url!,
      host: String(req.headers.host),
      rsc: String(req.headers.rsc ?? ''),
      prefetch: String(req.headers['next-router-prefetch'] ?? ''),
      tree: String(req.headers['next-router-state-tree'] ?? ''),
      encoding: String(req.headers['accept-encoding'] ?? ''),
      port,
    })
    req.resume()
    const { status = 200, headers = {}, body = '', hold } = answer(req)
    void (hold ?? Promise.resolve()).then(() => {
      res.writeHead(status, headers)
      res.end(body)
    })
  })
  return new Promise((resolve) => instance.server.listen(port, '127.0.0.1', () => resolve(instance)))
}

function closeInstance(instance: FakeInstance): Promise<void> {
  if (!instance.server.listening) return Promise.resolve()
  instance.server.closeAllConnections()
  return new Promise((resolve) => instance.server.close(() => resolve()))
}

interface Got {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

function getRaw(port: number, path: string, headers: http.OutgoingHttpHeaders, method = 'GET', localAddress = '127.0.0.1'): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(method === 'POST' ? '{}' : undefined)
  })
}

async function get(port: number, path: string, headers: http.OutgoingHttpHeaders, method = 'GET', localAddress?: string) {
  const reply = await getRaw(port, path, headers, method, localAddress)
  return { ...reply, body: reply.body.toString('utf8') }
}

/** Polls `probe` until it returns a value (an assertion inside may throw: then it tries again); gives up after 10 s naming what it last saw. */
async function eventually<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000
  let last: unknown
  for (;;) {
    try {
      const value = await probe()
      if (value !== undefined) return value
      last = 'no value yet'
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`gave up after 10 s; last: ${last instanceof Error ? last.message : String(last)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
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
  seen: { method: string; url: string; host: string; rsc: string; encoding: string }[]
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
    const conf = join(prefix, 'nginx.conf')
    writeFileSync(
      conf,
      renderNginxConf(
        options({
          ...ports,
          instancePorts: instances.map((i) => i.port),
          regions: [{ ...regions[0]!, publicUrl: `http://localhost:${port}` }, regions[1]!],
          // One monitor batch a minute and a burst of 3: a test's batches past the burst are the edge's to refuse.
          monitor: { ratePerSecond: 1 / 60, burst: MONITOR_BURST },
        }),
      ),
    )
    nginx = start('nginx', NGINX, ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
      cwd: prefix,
      env: process.env,
      output: 'capture',
    })
    await waitForHttp(nginx, ports.statusPort, '/stub_status', 10_000)
  })
  afterEach(async () => {
    await nginx.stop()
    await Promise.all(instances.map((i) => closeInstance(i)))
  })

  const reached = () => instances.flatMap((i) => i.seen)
  const ask = (path: string, headers: Record<string, string> = {}, port = ports.port, method = 'GET') =>
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

  it("a version of the whole list one instance lacks is asked of the others, each once; no other path's 404 is", async () => {
    const [lacking, holding] = instances
    const version = (n: number) => `v${String(n).padStart(21, '0')}`
    answer = (req): Answer =>
      req.url!.startsWith('/en/markets/list/') && req.socket.localPort === holding!.port && !req.url!.endsWith(version(99))
        ? { headers: { 'cache-control': 'public, max-age=31536000, immutable', 'content-type': 'application/json' }, body: `list ${req.url}` }
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
    // A version no instance has: every instance once, then its 404.
    const before = reached().length
    expect((await ask(`/en/markets/list/${version(99)}`)).status).toBe(404)
    expect(reached().length - before).toBe(instances.length)
    // Any other 404 is the answer of the one instance asked.
    for (const path of ['/en/trade/spot/NOPE/NADA', '/en/markets/figures', '/api/markets/list/' + version(1)]) {
      const at = reached().length
      expect((await ask(path)).status).toBe(404)
      expect([path, reached().length - at]).toEqual([path, 1])
    }
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
      encoding: String(req.headers['accept-encoding'] ?? ''),
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

function getRaw(port: number, path: string, headers: Record<string, string>, method = 'GET', localAddress = '127.0.0.1'): Promise<Got> {
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

async function get(port: number, path: string, headers: Record<string, string>, method = 'GET', localAddress?: string) {
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

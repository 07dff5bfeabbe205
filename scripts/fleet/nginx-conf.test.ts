import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { start, waitForHttp } from '../support/processes'
import { renderNginxConf } from './nginx-conf'

const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
const base = { root: process.cwd(), port: 6400, statusPort: 6409, instancePorts: [6401, 6402], serverNames: ['localhost', 'hk.localhost'] }

describe('renderNginxConf (deploy/nginx.conf.template)', () => {
  let prefix: string
  beforeEach(() => {
    prefix = mkdtempSync(join(tmpdir(), 'spot-nginx-conf-'))
    for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) mkdirSync(join(prefix, name))
  })
  afterEach(() => rmSync(prefix, { recursive: true, force: true }))

  /** `nginx -t`: the real nginx parses the generated file (and opens its paths). */
  const check = (conf: string) => {
    writeFileSync(join(prefix, 'nginx.conf'), conf)
    return spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-e', join(prefix, 'error.log'), '-c', join(prefix, 'nginx.conf')], { encoding: 'utf8' })
  }

  it.each([false, true])('fills every slot and nginx accepts the result (micro-cache %s)', (microCache) => {
    const conf = renderNginxConf({ ...base, prefix, microCache })
    expect(conf).not.toMatch(/\{\{[A-Z_]+\}\}/)
    expect(conf).toContain('server 127.0.0.1:6402 max_fails=1 fail_timeout=5s;')
    expect(conf).toContain('server_name localhost hk.localhost;')
    expect(conf).toContain('proxy_hide_header X-Middleware-Rewrite;')
    expect(conf).toContain('listen 127.0.0.1:6409;')
    const result = check(conf)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it("keys the micro-cache on the host, so one region's page is never another host's", () => {
    expect(renderNginxConf({ ...base, prefix, microCache: true })).toContain('proxy_cache_key $scheme$host$request_uri;')
    expect(renderNginxConf({ ...base, prefix })).not.toContain('proxy_cache ')
  })

  it('serves stub_status on the status port alone, to this host alone; the public port never answers it', async () => {
    const servers = renderNginxConf({ ...base, prefix })
      .split(/^  server \{$/m)
      .slice(1)
    const withStatus = servers.filter((server) => /^\s+stub_status;$/m.test(server))
    expect(withStatus).toHaveLength(1)
    expect(withStatus[0]).toMatch(/^\s+listen 127\.0\.0\.1:6409;\n[^]*^\s+allow 127\.0\.0\.1;\n\s+deny all;$/m)
    expect(() => renderNginxConf({ ...base, prefix, statusPort: base.port })).toThrow(/status port/)

    // The real nginx: from 127.0.0.1 the counters, from another address (127.0.0.2, loopback
    // too) 403; through the public port the path goes to the (absent) instances, never to nginx.
    const [port, statusPort, instance] = await freePorts(3)
    const conf = join(prefix, 'nginx.conf')
    writeFileSync(conf, renderNginxConf({ ...base, prefix, port: port!, statusPort: statusPort!, instancePorts: [instance!] }))
    const nginx = start('nginx', NGINX, ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
      cwd: prefix,
      env: process.env,
      output: 'capture',
    })
    try {
      await waitForHttp(nginx, statusPort!, '/', 10_000)
      const status = await get(statusPort!, '/stub_status')
      expect(status.status).toBe(200)
      expect(status.body).toMatch(/^Active connections: \d+/)
      expect((await get(statusPort!, '/stub_status', '127.0.0.2')).status).toBe(403)
      expect((await get(statusPort!, '/')).status).toBe(404)
      const publicAnswer = await get(port!, '/stub_status')
      expect(publicAnswer.status).toBe(502)
      expect(publicAnswer.body).not.toContain('Active connections')
    } finally {
      await nginx.stop()
    }
  })

  it('refuses a server name that is not a host name (it would be nginx syntax)', () => {
    expect(() => renderNginxConf({ ...base, prefix, serverNames: ['localhost; return 200'] })).toThrow(/not a host name/)
    expect(() => renderNginxConf({ ...base, prefix, serverNames: [] })).toThrow(/no server names/)
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

function get(port: number, path: string, localAddress = '127.0.0.1'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress, headers: { host: 'localhost' }, agent: false }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
  })
}

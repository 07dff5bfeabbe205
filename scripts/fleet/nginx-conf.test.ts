import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderNginxConf } from './nginx-conf'

const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
const base = { root: process.cwd(), port: 6400, instancePorts: [6401, 6402], serverNames: ['localhost', 'hk.localhost'] }

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
    const result = check(conf)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('keys the micro-cache on the host, so one region\'s page is never another host\'s', () => {
    expect(renderNginxConf({ ...base, prefix, microCache: true })).toContain('proxy_cache_key $scheme$host$request_uri;')
    expect(renderNginxConf({ ...base, prefix })).not.toContain('proxy_cache ')
  })

  it('refuses a server name that is not a host name (it would be nginx syntax)', () => {
    expect(() => renderNginxConf({ ...base, prefix, serverNames: ['localhost; return 200'] })).toThrow(/not a host name/)
    expect(() => renderNginxConf({ ...base, prefix, serverNames: [] })).toThrow(/no server names/)
  })
})

import { createRecordingMonitor } from '../testing/recording-monitor'
import { createExternalStore } from '../engine-kit/external-store'
import { createAllowList } from './allow-list'
import { createRewriter, type RewriterContext } from './rewriter'
import type { FastPathSnapshot } from './snapshot'

const API = 'https://api.example.com'
const V3 = `${API}/spot/api/basic/symbol_list_v3`

function setup(routeHost: string, overrides: Partial<RewriterContext> = {}) {
  const store = createExternalStore<FastPathSnapshot>({
    mode: 'global',
    state: 'global',
    offReason: null,
    probes: [],
    allowList: ['https://fp.example.net'],
    route: { host: routeHost, latencyMs: 10, at: 1000 },
  })
  const monitor = createRecordingMonitor()
  const failures: unknown[] = []
  let rewrites = 0
  const rewrite = createRewriter({
    store,
    now: () => 2000,
    ttlMs: 86_400_000,
    apiHost: () => API,
    allowList: createAllowList(['https://fp.example.net']),
    monitor,
    isTerminal: () => false,
    countRewrite: () => rewrites++,
    fail: (e) => failures.push(e),
    ...overrides,
  })
  return { store, monitor, failures, rewrite, rewrites: () => rewrites }
}

describe('fast-path rewriteUrl', () => {
  it('rewrites to an allowed route and counts it', () => {
    const { rewrite, rewrites } = setup('https://fp.example.net')
    expect(rewrite(V3)).toBe('https://fp.example.net/spot/api/basic/symbol_list_v3')
    expect(rewrites()).toBe(1)
  })

  it('refuses a route outside the allow-list: the URL is unchanged, the route dropped, a monitor event recorded', () => {
    const { rewrite, store, monitor, rewrites } = setup('https://evil.example')
    expect(rewrite(V3)).toBe(V3)
    expect(store.getSnapshot().route).toBeNull()
    expect(rewrites()).toBe(0)
    expect(monitor.entries).toEqual([{ type: 'event', name: 'fast_path_refused', detail: { target: 'https://evil.example' } }])
  })

  it('never rewrites when the API base is the relative /x-api path', () => {
    const { rewrite } = setup('https://fp.example.net', { apiHost: () => '/x-api' })
    expect(rewrite('/x-api/spot/api/basic/symbol_list_v3')).toBe('/x-api/spot/api/basic/symbol_list_v3')
  })

  it('returns the URL and reports the failure when anything inside throws — even `fail` itself', () => {
    const boom = () => {
      throw new Error('boom')
    }
    const { rewrite, failures } = setup('https://fp.example.net', { apiHost: boom })
    expect(rewrite(V3)).toBe(V3)
    expect(failures).toHaveLength(1)
    const worse = setup('https://fp.example.net', { now: boom, fail: boom })
    expect(() => worse.rewrite(V3)).not.toThrow()
    expect(worse.rewrite(V3)).toBe(V3)
  })
})

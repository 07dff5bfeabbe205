import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { guardPageResponses, NOT_FOUND_SHARED_S, STALE_SHARED_S, UNCONFIRMED_RETRY_AFTER_S } from './page-responses'
import { forgetUnconfirmedPair, noteUnconfirmedPair, type UnconfirmedPair } from './unconfirmed-pairs'

// What Next's router does: the internal path on the response, then the page's status.
let server: Server
let origin: string
const seen: UnconfirmedPair[] = []
let stop: () => void
beforeAll(async () => {
  stop = guardPageResponses({ unconfirmed: (pair) => seen.push(pair) })
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    res.setHeader('x-middleware-rewrite', url.searchParams.get('internal') ?? '/main/en')
    res.statusCode = Number(url.searchParams.get('status') ?? 200)
    const cacheControl = url.searchParams.get('cacheControl')
    if (cacheControl !== null) res.setHeader('Cache-Control', cacheControl)
    const nextCache = url.searchParams.get('nextCache')
    if (nextCache !== null) res.setHeader('x-nextjs-cache', nextCache)
    if (url.searchParams.has('writeHead')) res.writeHead(res.statusCode, 'Not Found', { 'x-middleware-rewrite': '/main/en', 'x-kept': '1' })
    res.end('body')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  stop()
  await new Promise((resolve) => server.close(resolve))
})

const ask = (internal: string, status: number, extra = '') => fetch(`${origin}/?status=${status}&internal=${encodeURIComponent(internal)}${extra}`)

describe('page responses', () => {
  it('no answer carries the internal path (x-middleware-rewrite), whatever its status or how its head is written', async () => {
    for (const status of [200, 404, 308]) expect((await ask('/main/en/trade/spot/BTC/USDT', status)).headers.has('x-middleware-rewrite')).toBe(false)
    const direct = await ask('/main/en', 200, '&writeHead=1')
    expect(direct.headers.has('x-middleware-rewrite')).toBe(false)
    expect(direct.headers.get('x-kept')).toBe('1')
  })

  it('a not-found for a pair no trusted list knows is a 503 with Retry-After and no-store, counted once per answer', async () => {
    seen.length = 0
    noteUnconfirmedPair('main', 'vi-VN', 'ZZ1', 'USDT', 'cache')
    for (const extra of ['', '&writeHead=1']) {
      const answer = await ask('/main/vi-VN/trade/spot/ZZ1/USDT?_rsc=abc', 404, extra)
      expect(answer.status).toBe(503)
      expect(answer.headers.get('retry-after')).toBe(String(UNCONFIRMED_RETRY_AFTER_S))
      expect(answer.headers.get('cache-control')).toContain('no-store')
      expect(await answer.text()).toBe('body')
    }
    expect(seen).toEqual([
      { region: 'main', lang: 'vi-VN', pair: 'ZZ1/USDT', source: 'cache' },
      { region: 'main', lang: 'vi-VN', pair: 'ZZ1/USDT', source: 'cache' },
    ])
    // Another region or language, or a status other than not-found, is left as it is.
    expect((await ask('/hk/vi-VN/trade/spot/ZZ1/USDT', 404)).status).toBe(404)
    expect((await ask('/main/vi-VN/trade/spot/ZZ1/USDT', 200)).status).toBe(200)
  })

  it('a live list that lacks the pair makes it a plain 404 again; a note lasts seconds, not forever', async () => {
    noteUnconfirmedPair('main', 'en', 'QQQ', 'USDT', 'builtin')
    forgetUnconfirmedPair('main', 'en', 'QQQ', 'USDT')
    expect((await ask('/main/en/trade/spot/QQQ/USDT', 404)).status).toBe(404)
    noteUnconfirmedPair('main', 'en', 'QQQ', 'USDT', 'builtin', Date.now() - 60_000)
    expect((await ask('/main/en/trade/spot/QQQ/USDT', 404)).status).toBe(404)
  })

  it("a not-found a shared cache may keep is kept there seconds, with no stale use; the page's own s-maxage stays on a 200", async () => {
    const isr = 's-maxage=60, stale-while-revalidate=240'
    const unknown = await ask('/main/en/trade/spot/NOPE/NADA', 404, `&cacheControl=${encodeURIComponent(isr)}`)
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('cache-control')).toBe(`s-maxage=${NOT_FOUND_SHARED_S}`)
    expect((await ask('/main/en/trade/spot/BTC/USDT', 200, `&cacheControl=${encodeURIComponent(isr)}`)).headers.get('cache-control')).toBe(isr)
    // A 404 no shared cache may keep (a path no page has) stays private.
    const privateAnswer = 'private, no-cache, no-store, max-age=0, must-revalidate'
    expect((await ask('/main/en/nothing-here', 404, `&cacheControl=${encodeURIComponent(privateAnswer)}`)).headers.get('cache-control')).toBe(privateAnswer)
  })

  it('a page served from a stale copy is fresh for a shared cache one second, with no stale use; a HIT or MISS keeps its s-maxage', async () => {
    const isr = encodeURIComponent('s-maxage=60, stale-while-revalidate=240')
    const stale = await ask('/main/en/trade/spot/BTC/USDT', 200, `&cacheControl=${isr}&nextCache=STALE`)
    expect([stale.status, stale.headers.get('cache-control')]).toEqual([200, `s-maxage=${STALE_SHARED_S}`])
    for (const state of ['HIT', 'MISS']) {
      expect((await ask('/main/en/trade/spot/BTC/USDT', 200, `&cacheControl=${isr}&nextCache=${state}`)).headers.get('cache-control')).toBe(
        's-maxage=60, stale-while-revalidate=240',
      )
    }
  })
})

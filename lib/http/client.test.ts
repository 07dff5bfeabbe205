import { createHttpClient } from './client'
import { startEchoServer } from './testing/echo-server'

describe('request headers and URLs (SPEC §7, WIRE.md "Request headers")', () => {
  it('sends JSON Accept/Content-Type, platform pc, lang in the site code and Accept-Language in BCP 47', async () => {
    const echo = await startEchoServer()
    try {
      const client = createHttpClient({ baseUrl: echo.url, fetch, language: { code: 'tr-TUR', locale: 'tr-TR' } })
      await client.get('/t1')
      expect(echo.seen[0]).toMatchObject({
        accept: 'application/json',
        'content-type': 'application/json',
        platform: 'pc',
        lang: 'tr-TUR',
        'accept-language': 'tr-TR',
      })
    } finally {
      await echo.close()
    }
  })

  it('sends Accept-Language as the plain tag when the locale carries a formatting extension', async () => {
    const echo = await startEchoServer()
    try {
      const client = createHttpClient({ baseUrl: echo.url, fetch, language: { code: 'ar-SA', locale: 'ar-SA-u-nu-latn' } })
      await client.get('/t1')
      expect(echo.seen[0]).toMatchObject({ lang: 'ar-SA', 'accept-language': 'ar-SA' })
    } finally {
      await echo.close()
    }
  })

  it('encodes the query and drops undefined values', async () => {
    const echo = await startEchoServer()
    try {
      const client = createHttpClient({ baseUrl: `${echo.url}/`, fetch })
      const result = await client.get<{ path: string }>('/spot/api/basic/symbol_list_v3', { query: { version: 'v 1', other: undefined } })
      expect(result.path).toBe('/spot/api/basic/symbol_list_v3?version=v+1')
    } finally {
      await echo.close()
    }
  })

  it('fe.crossApi switches the host to the relative /x-api path', () => {
    let cross = false
    const client = createHttpClient({ baseUrl: 'https://api.example.com', fetch, crossApi: () => cross })
    expect(client.url('/t1')).toBe('https://api.example.com/t1')
    cross = true
    expect(client.url('/t1', { a: 1 })).toBe('/x-api/t1?a=1')
  })

  it('sends credentials', async () => {
    const seen: RequestInit[] = []
    const client = createHttpClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: async (_url, init) => {
        seen.push(init)
        return new Response(JSON.stringify({ ret_code: 0, result: 1 }))
      },
    })
    await client.get('/t1')
    expect(seen[0]?.credentials).toBe('include')
  })

  it('rejects nonsensical options once, at the boundary', () => {
    expect(() => createHttpClient({ baseUrl: 'x', fetch, timeoutMs: 0 })).toThrow(/timeoutMs/)
    expect(() => createHttpClient({ baseUrl: 'x', fetch, retries: -1 })).toThrow(/retries/)
  })
})

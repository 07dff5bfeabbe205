import fc from 'fast-check'
import { createAllowList, originOf } from './allow-list'
import { isFastPathApiPath, rewriteApiUrl } from './rewrite'

const API = 'https://api.example.com'
const FAST = 'https://fp.example.net'
const allowList = createAllowList([FAST, 'https://fp2.example.net/'])
const ctx = { apiOrigin: API, target: FAST, allowList }

describe('allow-list of fast-path hosts', () => {
  it('keeps http(s) origins only, deduplicated', () => {
    const list = createAllowList([
      'https://a.example/',
      'https://a.example',
      'http://b.example:8080',
      'ftp://c.example',
      'https://d.example/path',
      'https://u:p@e.example',
      'not a url',
      'https://f.example/?q=1',
    ])
    expect(list.origins).toEqual(['https://a.example', 'http://b.example:8080'])
    expect(list.rejected).toEqual(['ftp://c.example', 'https://d.example/path', 'https://u:p@e.example', 'not a url', 'https://f.example/?q=1'])
    expect(list.has('https://a.example')).toBe(true)
    expect(list.has('https://evil.example')).toBe(false)
    expect(originOf('javascript:alert(1)')).toBeNull()
  })
})

describe('rewriteApiUrl', () => {
  it('moves an API request on the API host to the fast-path host, keeping path, query and fragment', () => {
    expect(rewriteApiUrl(`${API}/spot/api/basic/symbol_list_v3?version=7#x`, ctx)).toEqual({
      kind: 'rewritten',
      url: `${FAST}/spot/api/basic/symbol_list_v3?version=7#x`,
    })
  })

  it.each([
    ['another origin', 'https://other.example.com/spot/api/basic/symbol_list_v3'],
    ['the API host on another port', 'https://api.example.com:8443/spot/api/basic/symbol_list_v3'],
    ['the API host over http', 'http://api.example.com/spot/api/basic/symbol_list_v3'],
    ['the route probe', `${API}/t1`],
    ['the whitelist switch', `${API}/kmeqrvdu/proxy/getproxy?seq_id=1`],
    ['a non-API path', `${API}/v2/private/user/profile`],
    ['a look-alike path', `${API}/spot/apix/basic`],
    ['a relative /x-api URL', '/x-api/spot/api/basic/symbol_list_v3'],
    ['an invalid absolute URL', 'https://'],
  ])('leaves %s unchanged', (_, url) => {
    expect(rewriteApiUrl(url, ctx)).toEqual({ kind: 'unchanged' })
  })

  it('refuses a target outside the allow-list', () => {
    expect(rewriteApiUrl(`${API}/spot/api/basic/symbol_list_v3`, { ...ctx, target: 'https://evil.example' })).toEqual({
      kind: 'refused',
      target: 'https://evil.example',
    })
  })

  it('knows the API paths', () => {
    expect(isFastPathApiPath('/spot/api/basic/symbol_list_all')).toBe(true)
    expect(isFastPathApiPath('/t1')).toBe(false)
  })

  it('property: never throws, and only ever produces the input or a URL on an allowed host', () => {
    const target = fc.constantFrom(FAST, 'https://evil.example', 'https://fp2.example.net')
    const url = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.webPath().map((p) => `${API}${p}`),
      fc.webPath().map((p) => `${API}/spot/api${p}`),
    )
    const seen = { unchanged: 0, rewritten: 0, refused: 0 }
    fc.assert(
      fc.property(url, target, (input, chosen) => {
        const outcome = rewriteApiUrl(input, { ...ctx, target: chosen })
        seen[outcome.kind]++
        if (outcome.kind === 'rewritten') {
          expect(allowList.has(new URL(outcome.url).origin)).toBe(true)
          expect(new URL(outcome.url).pathname).toBe(new URL(input).pathname)
        }
        if (outcome.kind === 'refused') expect(allowList.has(chosen)).toBe(false)
      }),
    )
    // The checks above only mean something if every kind of outcome was produced.
    expect(seen.rewritten).toBeGreaterThan(0)
    expect(seen.refused).toBeGreaterThan(0)
    expect(seen.unchanged).toBeGreaterThan(0)
  })
})

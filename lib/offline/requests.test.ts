import { classifyRequest, languageOfPath, offlinePagePath, pageKey, type RequestShape } from './requests'

const ORIGIN = 'https://www.example.com'
const request = (url: string, init: Partial<Omit<RequestShape, 'url' | 'headers'>> & { rsc?: boolean } = {}): RequestShape => ({
  method: init.method ?? 'GET',
  url: new URL(url, ORIGIN).href,
  mode: init.mode ?? 'navigate',
  headers: new Headers(init.rsc ? { rsc: '1' } : {}),
})

describe('which requests the worker answers (docs/decisions/offline.md "What the worker keeps")', () => {
  it('answers documents of the site, `/` as the launch, the router’s payloads and the build’s static files', () => {
    expect(classifyRequest(request('/en/trade/spot/BTC/USDT'), ORIGIN)).toBe('page')
    expect(classifyRequest(request('/en?sort=price'), ORIGIN)).toBe('page')
    expect(classifyRequest(request('/'), ORIGIN)).toBe('launch')
    expect(classifyRequest(request('/?source=homescreen'), ORIGIN)).toBe('launch')
    expect(classifyRequest(request('/en/trade/spot/ETH/USDT', { mode: 'cors', rsc: true }), ORIGIN)).toBe('flight')
    expect(classifyRequest(request('/en/trade/spot/ETH/USDT?_rsc=1x2y', { mode: 'cors' }), ORIGIN)).toBe('flight')
    expect(classifyRequest(request('/_next/static/chunks/0abc.js', { mode: 'no-cors' }), ORIGIN)).toBe('static')
  })

  it('never answers the APIs, /x-api, its own files, other origins, other methods or a page’s own fetches', () => {
    expect(classifyRequest(request('/api/client-config', { mode: 'cors' }), ORIGIN)).toBe('none')
    expect(classifyRequest(request('/api/health'), ORIGIN)).toBe('none')
    expect(classifyRequest(request('/x-api/spot/api/basic/symbol_list_v3'), ORIGIN)).toBe('none')
    expect(classifyRequest(request('/serwist/sw.js'), ORIGIN)).toBe('none')
    expect(classifyRequest(request('/_next/image?url=x', { mode: 'no-cors' }), ORIGIN)).toBe('none')
    expect(classifyRequest(request('https://api.example.com/en', { mode: 'navigate' }), ORIGIN)).toBe('none')
    expect(classifyRequest(request('/en', { method: 'POST' }), ORIGIN)).toBe('none')
    expect(classifyRequest(request('/api/monitor', { method: 'POST', mode: 'cors' }), ORIGIN)).toBe('none')
    expect(classifyRequest(request('/en/offline', { mode: 'cors' }), ORIGIN)).toBe('none')
  })

  it('keys a page by its origin and path: the markets page’s query is the browser’s state', () => {
    expect(pageKey(`${ORIGIN}/en?sort=price&tab=fiat`)).toBe(`${ORIGIN}/en`)
    expect(pageKey(`${ORIGIN}/en/trade/spot/BTC/USDT#chart`)).toBe(`${ORIGIN}/en/trade/spot/BTC/USDT`)
  })

  it('reads the language from the first segment and names its offline page', () => {
    expect(languageOfPath('/tr-TUR/trade/spot/BTC/USDT')).toBe('tr-TUR')
    expect(languageOfPath('/ar-SA')).toBe('ar-SA')
    expect(languageOfPath('/')).toBeNull()
    expect(offlinePagePath('zh-HK')).toBe('/zh-HK/offline')
  })
})

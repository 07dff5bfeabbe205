import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { countResponses, statusClass, type PageCache } from './http-responses'

let server: Server
let origin: string

beforeAll(async () => {
  server = createServer((request, response) => {
    const [, status, cache] = /^\/(\d+)\/?(\w*)$/.exec(request.url ?? '') ?? []
    if (cache) response.setHeader('x-nextjs-cache', cache)
    response.statusCode = Number(status ?? 200)
    response.end('ok')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

describe("countResponses (the Node server's own diagnostics channels)", () => {
  it('counts every answer by status class and times ISR pages by their cache result only', async () => {
    const answered: string[] = []
    const pages: [PageCache, number][] = []
    const stop = countResponses({ answered: (status) => answered.push(status), page: (cache, seconds) => pages.push([cache, seconds]) })
    try {
      for (const path of ['/200/MISS', '/200/HIT', '/503', '/404', '/200/bogus']) await (await fetch(`${origin}${path}`)).text()
    } finally {
      stop()
    }
    expect(answered).toEqual(['2xx', '2xx', '5xx', '4xx', '2xx'])
    expect(pages.map(([cache]) => cache)).toEqual(['MISS', 'HIT'])
    for (const [, seconds] of pages) expect(seconds).toBeGreaterThanOrEqual(0)
    // Unsubscribed: nothing more is counted.
    await (await fetch(`${origin}/500`)).text()
    expect(answered).toHaveLength(5)
  })

  it('keeps the label set bounded', () => {
    expect([200, 302, 404, 503, 999].map(statusClass)).toEqual(['2xx', '3xx', '4xx', '5xx', 'other'])
  })
})

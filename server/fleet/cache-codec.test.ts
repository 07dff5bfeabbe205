/* eslint-disable @typescript-eslint/no-require-imports */
// docs/decisions/fleet.md "Shared entries are compressed bytes": the entry's bytes for Redis.
const { encodeEntry, decodeEntry } = require('./cache-codec.cjs') as {
  encodeEntry(entry: unknown): Buffer
  decodeEntry(bytes: unknown): Record<string, unknown> | undefined
}

const html = `<!DOCTYPE html><html lang="en"><body>${'<tr><td class="pair">BTC/USDT</td><td>“97 000.5”</td></tr>'.repeat(400)}</body></html>`
const pageEntry = {
  value: {
    kind: 'APP_PAGE',
    html,
    rscData: Buffer.from(`0:["$","html",null,{"children":"${'BTC/USDT 97000.5 '.repeat(300)}"}]`),
    segmentData: new Map([
      ['/_tree', Buffer.from('tree')],
      ['/_full', Buffer.from(`full ${'BTC/USDT 97000.5 '.repeat(300)}`)],
      ['/todo-remove-fake-segment/__PAGE__', Buffer.alloc(0)],
    ]),
    headers: { 'x-next-cache-tags': '_N_T_/layout,_N_T_/main/en/trade/spot/BTC/USDT', 'x-nextjs-stale-time': '300' },
    status: 200,
    postponed: undefined,
  },
  lastModified: 1_796_158_522_347,
  cacheControl: { revalidate: 60, expire: 31_536_000 },
}

describe('shared entries as bytes', () => {
  it('a page comes back whole: HTML, RSC bytes, the segments as a Map of Buffers, headers, times', () => {
    const back = decodeEntry(encodeEntry(pageEntry)) as typeof pageEntry
    expect(back.lastModified).toBe(pageEntry.lastModified)
    expect(back.cacheControl).toEqual(pageEntry.cacheControl)
    expect(back.value.html).toBe(html)
    expect(Buffer.isBuffer(back.value.rscData)).toBe(true)
    expect(back.value.rscData.equals(pageEntry.value.rscData)).toBe(true)
    expect(back.value.segmentData).toBeInstanceOf(Map)
    expect([...back.value.segmentData.keys()]).toEqual([...pageEntry.value.segmentData.keys()])
    for (const [path, bytes] of pageEntry.value.segmentData) expect(back.value.segmentData.get(path)?.equals(bytes)).toBe(true)
    expect(back.value.headers).toEqual(pageEntry.value.headers)
    expect(back.value.status).toBe(200)
  })

  it('a data entry (FETCH) and a route body come back too, bytes and long strings included', () => {
    const fetched = { value: { kind: 'FETCH', data: { headers: { a: 'b' }, body: 'x'.repeat(2000), status: 200 }, revalidate: 60 }, lastModified: 5 }
    expect(decodeEntry(encodeEntry(fetched))).toEqual(fetched)
    const route = { value: { kind: 'APP_ROUTE', body: Buffer.from([0, 1, 2, 255]), headers: {}, status: 200 }, lastModified: 6 }
    const back = decodeEntry(encodeEntry(route)) as typeof route
    expect(back.value.body.equals(route.value.body)).toBe(true)
  })

  it('is compressed bytes, neither JSON text nor base64', () => {
    const bytes = encodeEntry(pageEntry)
    const json = Buffer.byteLength(JSON.stringify({ ...pageEntry, value: { ...pageEntry.value, rscData: pageEntry.value.rscData.toString('base64') } }))
    expect(bytes.length).toBeLessThan(json / 10)
    expect(bytes.subarray(0, 3).toString('latin1')).toBe('spe')
  })

  it('bytes of an older format (JSON text), of another format, or damaged ones are no entry, and nothing throws', () => {
    const bytes = encodeEntry(pageEntry)
    const older = Buffer.from(JSON.stringify({ value: { kind: 'APP_PAGE', html: '<p>old</p>' }, lastModified: 1 }))
    const future = Buffer.concat([Buffer.from('spe\x03', 'latin1'), bytes.subarray(4)])
    const truncated = bytes.subarray(0, bytes.length - 100)
    const flipped = Buffer.from(bytes)
    flipped[40] = (flipped[40] ?? 0) ^ 0xff
    for (const bad of [older, future, truncated, flipped, Buffer.alloc(0), '{"value":{}}', null, undefined]) expect(decodeEntry(bad)).toBeUndefined()
  })
})

/* eslint-disable @typescript-eslint/no-require-imports */
type Store = { get: jest.Mock; set: jest.Mock; revalidateTag: jest.Mock; resetRequestCache: jest.Mock }
type HandlerClass = new (ctx: unknown) => {
  get(k: string, c: unknown): Promise<unknown>
  set(k: string, d: unknown, c: unknown): Promise<void>
  store: unknown
}
const { createCacheHandler, isWorthStoring } = require('./cache-handler.cjs') as {
  createCacheHandler: (makeStore: (ctx: unknown) => Store, onRefused: (key: string) => void) => HandlerClass
  isWorthStoring: (data: unknown) => boolean
}

const page = (status: number | undefined) => ({ kind: 'APP_PAGE', html: '<html></html>', rscData: Buffer.from('x'), headers: {}, status })

function handlerWithStore() {
  const store: Store = { get: jest.fn(async () => null), set: jest.fn(async () => {}), revalidateTag: jest.fn(async () => {}), resetRequestCache: jest.fn() }
  const refused: string[] = []
  const Handler = createCacheHandler(
    () => store,
    (key) => refused.push(key),
  )
  return { handler: new Handler({}), store, refused }
}

describe('ISR cache handler: only 200 pages are stored', () => {
  it('passes a 200 page to the store', async () => {
    const { handler, store, refused } = handlerWithStore()
    await handler.set('/route-cache/APP_PAGE/h/$/main/en/trade/spot/BTC/USDT', page(200), { cacheControl: { revalidate: 60 } })
    expect(store.set).toHaveBeenCalledTimes(1)
    expect(refused).toEqual([])
  })

  it('stores neither a 404 nor a redirect, and forgets their lifetimes', async () => {
    const { handler, store, refused } = handlerWithStore()
    await handler.set('/route-cache/APP_PAGE/h/$/main/en/trade/spot/NOPE/USDT', page(404), {})
    await handler.set('/route-cache/APP_PAGE/h/$/main/en/trade/spot/btc/usdt', page(308), {})
    await handler.set('/route-cache/APP_ROUTE/h/$/x', { kind: 'APP_ROUTE', body: Buffer.from(''), headers: {}, status: 500 }, {})
    expect(store.set).not.toHaveBeenCalled()
    expect(refused).toHaveLength(3)
  })

  it('stores what is not a response (fetch data) and a page without a status; reads go to the store', async () => {
    expect(isWorthStoring({ kind: 'FETCH', data: {}, revalidate: 60 })).toBe(true)
    expect(isWorthStoring(page(undefined))).toBe(true)
    expect(isWorthStoring(null)).toBe(false)
    const { handler, store } = handlerWithStore()
    await handler.get('k', { kind: 'APP_PAGE' })
    expect(store.get).toHaveBeenCalledWith('k', { kind: 'APP_PAGE' })
  })

  it('stands aside on the edge runtime (no store is made)', () => {
    const previous = process.env.NEXT_RUNTIME
    process.env.NEXT_RUNTIME = 'edge'
    try {
      const makeStore = jest.fn()
      const Handler = createCacheHandler(makeStore, () => {})
      new Handler({})
      expect(makeStore).not.toHaveBeenCalled()
    } finally {
      if (previous === undefined) delete process.env.NEXT_RUNTIME
      else process.env.NEXT_RUNTIME = previous
    }
  })

  it('the default handler refuses to store, and Next’s lifetime map loses the refused key', async () => {
    const { SharedCacheControls } = require('next/dist/server/lib/incremental-cache/shared-cache-controls.external')
    const Default = require('./cache-handler.cjs') as HandlerClass
    const handler = new Default({ fs: {}, flushToDisk: false, serverDistDir: '/nonexistent', revalidatedTags: [] })
    SharedCacheControls.cacheControls.set('/route-cache/APP_PAGE/h/$/gone', { revalidate: 60 })
    await handler.set('/route-cache/APP_PAGE/h/$/gone', page(404), {})
    expect(SharedCacheControls.cacheControls.has('/route-cache/APP_PAGE/h/$/gone')).toBe(false)
  })
})

describe("an instance's own copy of a page", () => {
  const { fileSystemStore, localContext } = require('./cache-handler.cjs') as {
    fileSystemStore: (ctx: unknown) => { set(k: string, d: unknown, c: unknown): Promise<void> }
    localContext: (ctx: Record<string, unknown>, inFleet: boolean) => Record<string, unknown>
  }
  const written = async (inFleet: boolean) => {
    const files: string[] = []
    const fs = {
      mkdir: jest.fn(async () => {}),
      writeFile: jest.fn(async (path: string) => void files.push(path)),
      existsSync: () => false,
      readFile: jest.fn(async () => {
        throw new Error('no file')
      }),
    }
    const store = fileSystemStore(localContext({ fs, flushToDisk: true, serverDistDir: '/nonexistent/server', revalidatedTags: [] }, inFleet))
    await store.set(
      '/route-cache/APP_PAGE/h/$/main/en/trade/spot/BTC/USDT',
      { ...page(200), segmentData: new Map([['/_tree', Buffer.from('t')]]) },
      { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false },
    )
    return files
  }

  it('goes to disk when the instance is alone, and stays in memory in fleet mode (Redis keeps the shared copy)', async () => {
    expect((await written(false)).map((path) => path.replace(/.*\/USDT/, 'USDT'))).toEqual(expect.arrayContaining(['USDT.html', 'USDT.rsc', 'USDT.meta']))
    expect(await written(true)).toEqual([])
  })
})

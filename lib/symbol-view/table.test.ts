import { createMemoryStorage } from '../storage/memory'
import { FAVOURITES_KEY, MAX_FAVOURITES, readFavourites, toggleFavourite } from './favourites'
import { searchMarkets } from './search'
import { compareNames, DEFAULT_SORT, nextSort, sortRows } from './sort'
import type { SymbolRow, SymbolListView } from './view'

function row(base: string, quote: string, volume: string, name = `${base} coin`): SymbolRow {
  return {
    symbolId: `${base}${quote}`,
    base,
    quote,
    name,
    volume,
    tags: [],
    leveraged: null,
    banBuy: false,
    banSell: false,
    test: false,
    tradeStatus: 1,
    priceStep: '0.01',
  }
}

const view: SymbolListView = {
  provenance: { source: 'v3+all', fetchedAt: 0, dropped: 0 } as SymbolListView['provenance'],
  pairCount: 5,
  groups: [
    {
      tokenId: 'USDT',
      tokenName: 'USDT',
      isFiat: false,
      tags: [],
      rows: [row('BTC', 'USDT', '900', 'Bitcoin'), row('ETH', 'USDT', '500', 'Ethereum'), row('ETH3L', 'USDT', '5', 'ETH 3x long')],
    },
    { tokenId: 'USDC', tokenName: 'USDC', isFiat: false, tags: [], rows: [row('ETH', 'USDC', '50', 'Ethereum'), row('BTC', 'USDC', '70', 'Bitcoin')] },
    { tokenId: 'EUR', tokenName: 'EUR', isFiat: true, tags: [], rows: [row('BTC', 'USDC', '70', 'Bitcoin')] },
  ],
}

describe('market search', () => {
  it.each(['eth usdc', 'ETH/USDC', 'ethusdc', 'ethereum usdc', '  Eth   USDC '])('"%s" finds ETH/USDC from any tab', (query) => {
    expect(searchMarkets(view, query).map((r) => r.symbolId)).toEqual(['ETHUSDC'])
  })
  it('searches every quote group, each pair once, and by full name', () => {
    expect(searchMarkets(view, 'bitcoin').map((r) => r.symbolId)).toEqual(['BTCUSDT', 'BTCUSDC'])
    expect(searchMarkets(view, '')).toEqual([])
  })
})

describe('market sort', () => {
  const rows = view.groups[0]!.rows
  it('opens by volume, most traded first, numerically', () => {
    expect(sortRows([row('A', 'X', '9'), row('B', 'X', '10'), row('C', 'X', '100')], DEFAULT_SORT).map((r) => r.base)).toEqual(['C', 'B', 'A'])
  })
  it('sorts by name both ways', () => {
    expect(sortRows(rows, { key: 'name', direction: 'ascending' }).map((r) => r.base)).toEqual(['BTC', 'ETH', 'ETH3L'])
    expect(sortRows(rows, { key: 'name', direction: 'descending' }).map((r) => r.base)).toEqual(['ETH3L', 'ETH', 'BTC'])
  })
  it('sorts by price and change from the ticker map; rows without a ticker go last either way', () => {
    const tickers = new Map([
      ['BTCUSDT', { lastPrice: '60000', change24h: '-0.02' }],
      ['ETHUSDT', { lastPrice: '3000', change24h: '0.05' }],
    ])
    expect(sortRows(rows, { key: 'price', direction: 'descending' }, tickers).map((r) => r.base)).toEqual(['BTC', 'ETH', 'ETH3L'])
    expect(sortRows(rows, { key: 'price', direction: 'ascending' }, tickers).map((r) => r.base)).toEqual(['ETH', 'BTC', 'ETH3L'])
    expect(sortRows(rows, { key: 'change', direction: 'descending' }, tickers).map((r) => r.base)).toEqual(['ETH', 'BTC', 'ETH3L'])
    expect(sortRows(rows, { key: 'change', direction: 'ascending' }).map((r) => r.base)).toEqual(['BTC', 'ETH', 'ETH3L'])
  })
  it("orders names as localeCompare(…, 'en') does, plain names without a collator", () => {
    const names = [
      'BTC/USDT',
      'BTC3L/USDT',
      'BTC/USDC',
      '1000PEPE/USDT',
      '1INCH/EUR',
      'A/B',
      'AB/C',
      'A1/B',
      'btc/usdt',
      'BTC/usdt',
      'Éth/USDT',
      'ETH/USDT',
      'ETH-X/USDT',
      'ETH_X/USDT',
      'ÄPFEL/EUR',
      'ZZ/Z',
      '',
    ]
    const sign = (n: number) => Math.sign(n)
    for (const a of names) for (const b of names) expect([a, b, sign(compareNames(a, b))]).toEqual([a, b, sign(a.localeCompare(b, 'en'))])
  })
  it('a header click flips the column, another column starts descending (name ascending)', () => {
    expect(nextSort(DEFAULT_SORT, 'volume')).toEqual({ key: 'volume', direction: 'ascending' })
    expect(nextSort(DEFAULT_SORT, 'name')).toEqual({ key: 'name', direction: 'ascending' })
    expect(nextSort(DEFAULT_SORT, 'change')).toEqual({ key: 'change', direction: 'descending' })
  })
})

describe('favourites', () => {
  it('toggles and persists under its own key', () => {
    const storage = createMemoryStorage()
    expect(toggleFavourite(storage, 'BTCUSDT')).toEqual(['BTCUSDT'])
    expect(toggleFavourite(storage, 'ETHUSDT')).toEqual(['BTCUSDT', 'ETHUSDT'])
    expect(toggleFavourite(storage, 'BTCUSDT')).toEqual(['ETHUSDT'])
    expect(JSON.parse(storage.getItem(FAVOURITES_KEY)!)).toEqual(['ETHUSDT'])
  })
  it('reads corrupt or foreign data as none, drops bad ids, bounds the list', () => {
    expect(readFavourites(createMemoryStorage({ [FAVOURITES_KEY]: '{oops' }))).toEqual([])
    expect(readFavourites(createMemoryStorage({ [FAVOURITES_KEY]: '{"a":1}' }))).toEqual([])
    expect(readFavourites(createMemoryStorage({ [FAVOURITES_KEY]: JSON.stringify(['BTCUSDT', 7, '<x>', 'BTCUSDT']) }))).toEqual(['BTCUSDT'])
    const many = Array.from({ length: 300 }, (_, i) => `P${i}`)
    expect(readFavourites(createMemoryStorage({ [FAVOURITES_KEY]: JSON.stringify(many) }))).toHaveLength(MAX_FAVOURITES)
  })
  it('a failed write leaves the shown list as stored', () => {
    const storage = { ...createMemoryStorage(), setItem: () => false }
    expect(toggleFavourite(storage, 'BTCUSDT')).toEqual([])
  })
})

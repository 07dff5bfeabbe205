import { builtinSymbolList } from '../symbols/builtin'
import { rowFiguresOf } from '../market-data/figures'
import { packFigures, packFiguresText, packView, packViewText, unpackFigures, unpackFiguresText, unpackView, unpackViewText, withMoreFigures } from './packed'
import { toSymbolListView, type SymbolListView, type SymbolRow } from './view'

const T0 = Date.UTC(2026, 10, 26)

/** The built-in list with rows that use every field: a leveraged token, bans, a test pair. */
function richView(): SymbolListView {
  const view = toSymbolListView(builtinSymbolList(T0))
  const [btc] = view.groups[0]!.rows
  const extra: SymbolRow[] = [
    { ...btc!, symbolId: 'BTC3LUSDT', base: 'BTC3L', leveraged: { direction: 'LONG', ratio: 3 }, banBuy: true },
    { ...btc!, symbolId: 'BTC2SUSDT', base: 'BTC2S', leveraged: { direction: 'SHORT', ratio: null }, banSell: true, test: true, tradeStatus: 2, tags: [] },
  ]
  view.groups[0]!.rows.push(...extra)
  return { ...view, pairCount: view.pairCount + extra.length }
}

describe('the packed list and figures of the markets page', () => {
  it('unpacks to the very list that was packed', () => {
    const view = richView()
    expect(unpackView(JSON.parse(JSON.stringify(packView(view))))).toEqual(view)
  })

  it('unpacks a group’s rows when they are first read, once', () => {
    const packed = packView(richView())
    let reads = 0
    // Counts reads of the group's packed rows.
    packed.groups[0]!.rows = new Proxy(packed.groups[0]!.rows, {
      get: (target, key, receiver) => (key === 'map' && reads++, Reflect.get(target, key, receiver)),
    })
    const view = unpackView(packed)
    expect(view.groups.map((g) => g.tokenId)).toEqual(packed.groups.map((g) => g.tokenId))
    expect(reads).toBe(0)
    const rows = view.groups[0]!.rows
    expect(view.groups[0]!.rows).toBe(rows)
    expect(reads).toBe(1)
    expect(rows.map((r) => r.symbolId)).toEqual(packed.groups[0]!.rows.map((r) => r[0]))
  })

  it('unpacks to the figures the server formatted, change arrow included', () => {
    const at = T0
    const figures = {
      BTCUSDT: rowFiguresOf({ symbol: 'BTCUSDT', lastPrice: '91890.9', price24hPcnt: '0.0041', turnover24h: '2839734279.5', at }, '0.1', 'en'),
      ETHUSDT: rowFiguresOf({ symbol: 'ETHUSDT', lastPrice: '3119.88', price24hPcnt: '-0.0010', turnover24h: '595896289', at }, '0.01', 'de-DE'),
      XRPUSDT: rowFiguresOf({ symbol: 'XRPUSDT', lastPrice: '2.18764', price24hPcnt: '0', turnover24h: '1', at }, '0.00001', 'en'),
      NEWUSDT: rowFiguresOf({ symbol: 'NEWUSDT', lastPrice: '1', price24hPcnt: '', turnover24h: '', at }, '0.1', 'en'),
    }
    expect(figures.BTCUSDT.change?.arrow).toBe('▲')
    expect(figures.NEWUSDT.change).toBeUndefined()
    const unpacked = unpackFigures(JSON.parse(JSON.stringify(packFigures(figures))))
    for (const [symbolId, f] of Object.entries(figures)) expect(unpacked.of(symbolId)).toEqual(f)
    expect(unpacked.of('NONEUSDT')).toBeUndefined()
    // Inherited names are not pairs.
    expect(unpacked.of('toString')).toBeUndefined()
  })

  it('builds a pair’s figures on first read and hands out that object after; the raw decimals build none', () => {
    const at = T0
    const figures = {
      BTCUSDT: rowFiguresOf({ symbol: 'BTCUSDT', lastPrice: '91890.9', price24hPcnt: '0.0041', turnover24h: '2839734279.5', at }, '0.1', 'en'),
      NEWUSDT: rowFiguresOf({ symbol: 'NEWUSDT', lastPrice: '', price24hPcnt: '', turnover24h: '', at }, '0.1', 'en'),
    }
    const unpacked = unpackFigures(JSON.parse(JSON.stringify(packFigures(figures))))
    expect([...unpacked.raws()]).toEqual([
      ['BTCUSDT', '91890.9', '0.0041'],
      ['NEWUSDT', figures.NEWUSDT.raw?.last, figures.NEWUSDT.raw?.change],
    ])
    const first = unpacked.of('BTCUSDT')
    expect(unpacked.of('BTCUSDT')).toBe(first)
    // Another unpacking of the same page data builds its own objects.
    expect(unpackFigures(packFigures(figures)).of('BTCUSDT')).not.toBe(first)
  })

  it('travels as JSON text and unpacks from it to the same list and figures', () => {
    const view = richView()
    const text = packViewText(view)
    expect(typeof text).toBe('string')
    expect(unpackViewText(text)).toEqual(unpackView(packView(view)))
    expect(unpackViewText(text).groups[0]?.rows).toEqual(view.groups[0]?.rows)
    const figures = {
      BTCUSDT: rowFiguresOf({ symbol: 'BTCUSDT', lastPrice: '91890.9', price24hPcnt: '0.0041', turnover24h: '2839734279.5', at: T0 }, '0.1', 'en'),
    }
    expect(unpackFiguresText(packFiguresText(figures)).of('BTCUSDT')).toEqual(figures.BTCUSDT)
  })

  it('is well under half the size of the named form', () => {
    const view = richView()
    const many = {
      ...view,
      groups: [{ ...view.groups[0]!, rows: Array.from({ length: 300 }, (_, i) => ({ ...view.groups[0]!.rows[0]!, symbolId: `P${i}USDT` })) }],
    }
    expect(JSON.stringify(packView(many)).length).toBeLessThan(JSON.stringify(many).length / 2)
  })

  it('with more figures behind them: the page’s own stay (the same objects), the rest come from behind, each pair once', () => {
    const at = T0
    const ticker = (symbol: string, lastPrice: string) => rowFiguresOf({ symbol, lastPrice, price24hPcnt: '0.01', turnover24h: '1', at }, '0.1', 'en')
    const page = unpackFigures(packFigures({ BTCUSDT: ticker('BTCUSDT', '100') }))
    const more = unpackFigures(packFigures({ BTCUSDT: ticker('BTCUSDT', '101'), ETHUSDT: ticker('ETHUSDT', '50') }))
    const both = withMoreFigures(page, more)
    expect(both.of('BTCUSDT')).toBe(page.of('BTCUSDT'))
    expect(both.of('ETHUSDT')).toBe(more.of('ETHUSDT'))
    expect(both.of('XRPUSDT')).toBeUndefined()
    expect([...both.raws()]).toEqual([
      ['BTCUSDT', '100', '0.01'],
      ['ETHUSDT', '50', '0.01'],
    ])
  })
})

import { createAllowList, rewriteApiUrl } from '../fastpath'

// The fast path carries market data too: REST tickers/klines and the public websocket's URL.
describe('market data on the fast path', () => {
  const context = { apiOrigin: 'https://api.example.com', target: 'https://fp1.example.net', allowList: createAllowList(['https://fp1.example.net']) }

  it('rewrites the tickers, kline and public websocket paths of the API host', () => {
    for (const path of ['/v5/market/tickers?category=spot&symbol=BTCUSDT', '/v5/market/kline?category=spot&symbol=BTCUSDT&interval=60', '/v5/public/spot']) {
      expect(rewriteApiUrl(`https://api.example.com${path}`, context)).toEqual({ kind: 'rewritten', url: `https://fp1.example.net${path}` })
    }
  })

  it('leaves other paths and other origins alone', () => {
    expect(rewriteApiUrl('https://api.example.com/t1', context)).toEqual({ kind: 'unchanged' })
    expect(rewriteApiUrl('https://other.example.com/v5/market/tickers', context)).toEqual({ kind: 'unchanged' })
  })
})

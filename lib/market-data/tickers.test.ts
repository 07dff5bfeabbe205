/**
 * The tickers' wire against the real simulator: the endpoint's URL, and fetchTickers's answers
 * and the errors that name what failed.
 */
import { startTestSim, type TestSim } from '@/simulator/testkit'
import { fetchTickers, MarketDataError, tickersUrl } from './tickers'

let t: TestSim
beforeEach(async () => {
  t = await startTestSim()
})
afterEach(() => t.sim.close())

describe('the tickers endpoint', () => {
  it('is the v5 spot tickers of the API host, for every pair or one', () => {
    expect(tickersUrl('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010/v5/market/tickers?category=spot')
    expect(tickersUrl('http://127.0.0.1:4010/', 'BTCUSDT')).toBe('http://127.0.0.1:4010/v5/market/tickers?category=spot&symbol=BTCUSDT')
  })

  it('fetchTickers gives every pair, or the one asked for', async () => {
    const all = await fetchTickers(fetch, t.sim.urls.main)
    expect(Object.keys(all).length).toBeGreaterThan(100)
    const one = await fetchTickers(fetch, t.sim.urls.main, { symbol: 'ETHUSDT' })
    expect(Object.keys(one)).toEqual(['ETHUSDT'])
  })

  it('a failed status is a MarketDataError naming it; a body that is no answer rejects too', async () => {
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'status', status: 503 } })
    await expect(fetchTickers(fetch, t.sim.urls.main)).rejects.toThrow(new MarketDataError('tickers: HTTP 503'))
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'empty' } })
    await expect(fetchTickers(fetch, t.sim.urls.main)).rejects.toThrow()
  })
})

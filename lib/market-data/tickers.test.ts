/**
 * The tickers' wire against the real simulator, through the request client: the endpoint and its
 * query, fetchTickers's answers, and the client's errors (SPEC §8) for what fails.
 */
import { startTestSim, type TestSim } from '@/simulator/testkit'
import { createHttpClient } from '../http/client'
import { ApiError, HttpStatusError, ParseError } from '../http/errors'
import { fetchTickers, MarketDataError, parseTickerList } from './tickers'

let t: TestSim
beforeEach(async () => {
  t = await startTestSim()
})
afterEach(() => t.sim.close())

function client() {
  const asked: string[] = []
  const recording = (input: string, init: RequestInit) => (asked.push(input), fetch(input, init))
  return { asked, client: createHttpClient({ baseUrl: t.sim.urls.main, fetch: recording }) }
}

describe('the tickers endpoint', () => {
  it('fetchTickers asks the v5 spot tickers of the API host, for every pair or one, stamped with the answer time', async () => {
    const { asked, client: c } = client()
    const all = await fetchTickers(c)
    expect(Object.keys(all).length).toBeGreaterThan(100)
    expect(all.BTCUSDT).toMatchObject({ symbol: 'BTCUSDT', at: t.clock.t })
    const one = await fetchTickers(c, { symbol: 'ETHUSDT' })
    expect(Object.keys(one)).toEqual(['ETHUSDT'])
    expect(asked).toEqual([`${t.sim.urls.main}/v5/market/tickers?category=spot`, `${t.sim.urls.main}/v5/market/tickers?category=spot&symbol=ETHUSDT`])
  })

  it('a failure is the request client’s error: HTTP status, unusable body, ret_code', async () => {
    const { client: c } = client()
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'status', status: 503 } })
    await expect(fetchTickers(c)).rejects.toThrow(HttpStatusError)
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'empty' } })
    await expect(fetchTickers(c)).rejects.toThrow(new ParseError({ method: 'GET', url: '' }, 'empty'))
    t.sim.setFault({ host: 'main', endpoint: 'tickers', fault: { kind: 'retCode', code: 10006, msg: 'Too many visits' } })
    const limited = fetchTickers(c)
    await expect(limited).rejects.toThrow(ApiError)
    await expect(limited).rejects.toThrow('Too many visits')
  })

  it('an answer without a usable list is a MarketDataError naming it', () => {
    expect(() => parseTickerList({ list: [{ symbol: 'X', lastPrice: 'NaN' }] }, 1)).toThrow(new MarketDataError('tickers: no usable record in the list'))
    expect(() => parseTickerList({}, 1)).toThrow(new MarketDataError('tickers: result.list is not an array'))
    expect(parseTickerList({ list: [] }, 1)).toEqual({})
  })
})

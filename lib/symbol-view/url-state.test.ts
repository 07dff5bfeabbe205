import { DEFAULT_SORT } from './sort'
import { readMarketsUrl, selectMarkets, tabKey, tabOfKey, writeMarketsUrl, type MarketsUrlState } from './url-state'

describe('markets URL state', () => {
  it('round-trips tab, query and sort and keeps other parameters', () => {
    const state = { tab: { kind: 'quote' as const, tokenId: 'USDC' }, query: 'eth', sort: { key: 'price' as const, direction: 'ascending' as const } }
    const search = writeMarketsUrl('?utm=x', state)
    expect(search).toBe('?utm=x&tab=USDC&q=eth&sort=price-asc')
    expect(readMarketsUrl(search)).toEqual(state)
  })
  it('writes nothing for the defaults and drops malformed values', () => {
    expect(writeMarketsUrl('?tab=USDT&q=a', { tab: null, query: ' ', sort: DEFAULT_SORT })).toBe('')
    expect(readMarketsUrl('?tab=<script>&sort=evil-asc&q=' + 'x'.repeat(500))).toEqual({ tab: null, query: 'x'.repeat(64), sort: DEFAULT_SORT })
    expect(readMarketsUrl('?tab=favourites').tab).toEqual({ kind: 'favourites' })
  })
  it('names a tab by one key both ways', () => {
    for (const key of ['USDT', 'fiat', 'favourites']) expect(tabKey(tabOfKey(key))).toBe(key)
    expect(tabOfKey('USDC')).toEqual({ kind: 'quote', tokenId: 'USDC' })
    expect(writeMarketsUrl('', { tab: tabOfKey('fiat'), query: '', sort: DEFAULT_SORT })).toBe('?tab=fiat')
  })
})

describe('the markets selection', () => {
  const usdt = { tokenId: 'USDT', isFiat: false }
  const usdc = { tokenId: 'USDC', isFiat: false }
  const eur = { tokenId: 'EUR', isFiat: true }
  const at = (tab: MarketsUrlState['tab'], query = ''): MarketsUrlState => ({ tab, query, sort: DEFAULT_SORT })

  it('shows the URL’s tab while the list has it', () => {
    expect(selectMarkets(at({ kind: 'quote', tokenId: 'USDC' }), [usdt, usdc, eur])).toEqual({
      tab: { kind: 'quote', tokenId: 'USDC' },
      tabKey: 'USDC',
      search: '',
    })
    expect(selectMarkets(at({ kind: 'fiat' }), [usdt, eur]).tabKey).toBe('fiat')
    expect(selectMarkets(at({ kind: 'favourites' }), []).tabKey).toBe('favourites')
  })
  it('else opens the first quote group, else fiat', () => {
    expect(selectMarkets(at(null), [eur, usdc, usdt]).tab).toEqual({ kind: 'quote', tokenId: 'USDC' })
    expect(selectMarkets(at({ kind: 'quote', tokenId: 'GONE' }), [usdt]).tabKey).toBe('USDT')
    expect(selectMarkets(at({ kind: 'fiat' }), [usdt]).tabKey).toBe('USDT')
    // A fiat group's tokenId is not a quote tab.
    expect(selectMarkets(at({ kind: 'quote', tokenId: 'EUR' }), [eur]).tab).toEqual({ kind: 'fiat' })
    expect(selectMarkets(at(null), []).tab).toEqual({ kind: 'fiat' })
  })
  it('trims the search once; blank is no search', () => {
    expect(selectMarkets(at(null, '  eth usdc '), [usdt]).search).toBe('eth usdc')
    expect(selectMarkets(at(null, '   '), [usdt]).search).toBe('')
  })
})

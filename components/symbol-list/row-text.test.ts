import { rowTextOf } from './row-text'

/** A stand-in for next-intl's t with real ICU-like messages, argument first and last included. */
const messages: Record<string, string> = {
  addFavourite: 'Add {pair} to favourites',
  removeFavourite: '{pair} aus Favoriten entfernen',
  leveragedLong: '{ratio}× Long',
  leveragedShort: 'Short ×{ratio}',
  testPair: 'Test pair',
  trading: 'Trading',
  suspended: 'Suspended',
  banBuy: 'Buying suspended',
  banSell: 'Selling suspended',
}
let calls = 0
const t = (key: string, values: Record<string, string> = {}) => {
  calls += 1
  return (messages[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
}

describe('rowTextOf', () => {
  it('formats each message once and fills the argument per row', () => {
    calls = 0
    const text = rowTextOf(t)
    const before = calls
    expect(text.addFavourite('BTC/USDT')).toBe('Add BTC/USDT to favourites')
    expect(text.addFavourite('ETH/USDC')).toBe('Add ETH/USDC to favourites')
    expect(text.removeFavourite('BTC/USDT')).toBe('BTC/USDT aus Favoriten entfernen')
    expect(text.leveragedLong('3')).toBe('3× Long')
    expect(text.leveragedShort('2')).toBe('Short ×2')
    expect(text.trading).toBe('Trading')
    expect(calls).toBe(before)
  })

  it('keeps text that looks like a replacement pattern as it is', () => {
    expect(rowTextOf(t).addFavourite('$&/$1')).toBe('Add $&/$1 to favourites')
  })
})

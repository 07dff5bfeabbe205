import { clientAddress } from './client-address'

const trusted = { trustProxy: true, trustedProxyHops: 1 }

describe('clientAddress', () => {
  it('behind a trusted proxy takes the hop it appended (the last), never the client-written first', () => {
    expect(clientAddress('6.6.6.6, 7.7.7.7, 203.0.113.7', trusted)).toBe('203.0.113.7')
    expect(clientAddress('203.0.113.7', trusted)).toBe('203.0.113.7')
    expect(clientAddress('6.6.6.6,2001:DB8::1', trusted)).toBe('2001:db8::1')
  })
  it('with several proxies of our own counts that many hops from the end', () => {
    expect(clientAddress('6.6.6.6, 203.0.113.7, 10.0.0.2', { trustProxy: true, trustedProxyHops: 2 })).toBe('203.0.113.7')
    expect(clientAddress('10.0.0.2', { trustProxy: true, trustedProxyHops: 2 })).toBeNull()
  })
  it('knows no address without a trusted proxy, whatever the header says', () => {
    expect(clientAddress('203.0.113.7', { trustProxy: false, trustedProxyHops: 1 })).toBeNull()
    expect(clientAddress(null, trusted)).toBeNull()
  })
  it.each(['', 'evil.example', '1.2.3.4, <script>', '1.2.3.4, ' + 'a'.repeat(60), '1.2.3.4,'])('refuses a hop that is not an address: %j', (value) => {
    expect(clientAddress(value, trusted)).toBeNull()
  })
})

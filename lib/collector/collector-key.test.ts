import { collectorKey } from './collector-key'

const trusted = { trustProxy: true, trustedProxyHops: 1 }
const direct = { trustProxy: false, trustedProxyHops: 1 }
const newSessionId = () => 'fresh-session-id-0001'

describe('collectorKey', () => {
  it('behind a trusted proxy keys on the hop it appended: forged first values change nothing', () => {
    const keys = new Set(
      Array.from(
        { length: 100 },
        (_, i) => collectorKey({ forwardedFor: `10.0.0.${i}, 198.51.100.7`, sessionCookie: undefined, trust: trusted, newSessionId }).key,
      ),
    )
    expect([...keys]).toEqual(['ip:198.51.100.7'])
    expect(collectorKey({ forwardedFor: '198.51.100.8', sessionCookie: 'x'.repeat(20), trust: trusted, newSessionId })).toEqual({ key: 'ip:198.51.100.8' })
  })
  it('behind no proxy keys on the session cookie, never on X-Forwarded-For', () => {
    expect(collectorKey({ forwardedFor: '203.0.113.1', sessionCookie: 'abcdefghijklmnop1234', trust: direct, newSessionId })).toEqual({
      key: 'session:abcdefghijklmnop1234',
    })
  })
  it('puts every request without a usable session in one shared bucket and issues a session', () => {
    for (const cookie of [undefined, '', 'short', 'bad value with spaces!!', 'x'.repeat(65)]) {
      expect(collectorKey({ forwardedFor: '203.0.113.1', sessionCookie: cookie, trust: direct, newSessionId })).toEqual({
        key: 'session:none',
        issueSession: 'fresh-session-id-0001',
      })
    }
  })
})

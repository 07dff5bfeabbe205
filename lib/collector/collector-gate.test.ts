import { createCollectorGate, MONITOR_CLIENT_RATE } from './collector-gate'
import { collectorKey } from './collector-key'

const trusted = { trustProxy: true, trustedProxyHops: 1 }

describe('the collector’s rate gate', () => {
  it('one client at its limit does not block another', () => {
    const gate = createCollectorGate({ now: () => 0 })
    const flood = Array.from({ length: 400 }, () => gate.admit('ip:198.51.100.7'))
    expect(flood.filter((a) => a === 'accepted')).toHaveLength(MONITOR_CLIENT_RATE.capacity)
    expect(flood.at(-1)).toBe('rate_limited')
    expect(gate.admit('ip:203.0.113.9')).toBe('accepted')
  })

  it('spoofed first X-Forwarded-For values do not create new buckets', () => {
    const gate = createCollectorGate({ now: () => 0 })
    const answers = Array.from({ length: 400 }, (_, i) =>
      gate.admit(
        collectorKey({ forwardedFor: `10.${i >> 8}.${i & 255}.1, 198.51.100.7`, sessionCookie: undefined, trust: trusted, newSessionId: () => '' }).key,
      ),
    )
    expect(gate.keys()).toBe(1)
    expect(answers.filter((a) => a === 'accepted')).toHaveLength(MONITOR_CLIENT_RATE.capacity)
  })

  it('bounds key memory and the total rate when keys rotate', () => {
    const gate = createCollectorGate({ now: () => 0, maxKeys: 100, global: { capacity: 50, perSecond: 1 } })
    const answers = Array.from({ length: 5000 }, (_, i) => gate.admit(`session:rotating-${i}`))
    expect(gate.keys()).toBe(100)
    expect(answers.filter((a) => a === 'accepted')).toHaveLength(50)
    expect(answers.at(-1)).toBe('global_limit')
  })
})

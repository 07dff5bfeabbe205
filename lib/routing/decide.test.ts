import fc from 'fast-check'
import { ROUTE_CONFIRM_LEAD, ROUTE_SWITCH_MARGIN, ROUTE_URGENT_MARGIN, type RouteHost } from './constants'
import { decideSwitch, type LeadRuns, type SwitchDecision } from './decide'

/** Runs the rule over cycles where alt1 leads main by `leads[i]` (alt2 far behind). */
function replay(leads: number[]): { cycle: number; decision: SwitchDecision } | null {
  let runs: LeadRuns = {}
  for (const [cycle, lead] of leads.entries()) {
    const decision = decideSwitch('main', { main: 50, alt1: 50 - lead, alt2: 500 }, runs)
    if (decision.to) return { cycle: cycle + 1, decision }
    runs = decision.runs
  }
  return null
}

describe('route switch rules (SPEC §4; docs/decisions.md "Route switch rules")', () => {
  it('uses the spec thresholds', () => {
    expect([ROUTE_SWITCH_MARGIN, ROUTE_URGENT_MARGIN, ROUTE_CONFIRM_LEAD]).toEqual([5, 25, 30])
  })

  it('5-unit rule at the boundary: a steady lead of 5.1 switches, 4.9 never does', () => {
    expect(replay(Array(500).fill(4.9))).toBeNull()
    // 5.1 × 6 = 30.6 > 30: confirmed on the sixth cycle, not before.
    expect(replay(Array(500).fill(5.1))).toEqual({ cycle: 6, decision: { to: 'alt1', reason: 'confirmed', runs: {} } })
    expect(replay(Array(5).fill(5.1))).toBeNull()
  })

  it('25 rule: a lead over 25 switches in the same cycle; 24.9 waits for confirmation', () => {
    expect(replay([25.1])).toEqual({ cycle: 1, decision: { to: 'alt1', reason: 'urgent', runs: {} } })
    expect(replay([24.9])).toBeNull()
    expect(replay([24.9, 24.9])?.cycle).toBe(2)
  })

  it('25 rule acts mid-confirmation too', () => {
    expect(replay([6, 6, 25.5])).toMatchObject({ cycle: 3, decision: { reason: 'urgent' } })
  })

  it('30 rule: leads over 5 add up; more than 30 switches, exactly at the boundary', () => {
    expect(replay([15.1, 15.1])).toMatchObject({ cycle: 2, decision: { reason: 'confirmed' } })
    expect(replay([14.9, 14.9])).toBeNull()
    expect(replay([14.9, 14.9, 14.9])?.cycle).toBe(3)
  })

  it('a cycle without a lead over 5 resets the sum', () => {
    expect(replay([12, 12, 5, 12, 12])).toBeNull()
    expect(replay([12, 12, 5, 12, 12, 12])?.cycle).toBe(6)
  })

  it('switches to the best-scoring host among those that qualify', () => {
    const decision = decideSwitch('main', { main: 1500, alt1: 30, alt2: 21 }, {})
    expect(decision).toEqual({ to: 'alt2', reason: 'urgent', runs: {} })
  })

  it('keeps a separate sum per challenger', () => {
    const first = decideSwitch('main', { main: 40, alt1: 30, alt2: 50 }, {})
    expect(first.runs).toEqual({ alt1: 10 })
    const second = decideSwitch('main', { main: 40, alt1: 45, alt2: 20 }, first.runs)
    expect(second).toEqual({ to: null, reason: null, runs: { alt2: 20 } })
  })

  it('property: from a fresh run, one cycle switches exactly when some lead exceeds 25', () => {
    const score = fc.double({ min: 0, max: 2000, noNaN: true })
    fc.assert(
      fc.property(fc.constantFrom<RouteHost>('main', 'alt1', 'alt2'), score, score, score, (current, main, alt1, alt2) => {
        const scores = { main, alt1, alt2 }
        const maxLead = Math.max(...(['main', 'alt1', 'alt2'] as const).filter((h) => h !== current).map((h) => scores[current] - scores[h]))
        const decision = decideSwitch(current, scores, {})
        expect(decision.to !== null).toBe(maxLead > ROUTE_URGENT_MARGIN)
        if (decision.to) expect(scores[decision.to]).toBeLessThan(scores[current])
      }),
    )
  })
})

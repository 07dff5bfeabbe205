import fc from 'fast-check'
import { ROUTE_STREAK_CYCLES, ROUTE_SUM_LEAD, ROUTE_SWITCH_MARGIN, type RouteHost } from './constants'
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

describe('route switch rules (SPEC §4; docs/decisions/network-layer.md "Route switch rules: how 5, 25 and 30 are used")', () => {
  it('uses the spec thresholds', () => {
    expect([ROUTE_SWITCH_MARGIN, ROUTE_STREAK_CYCLES, ROUTE_SUM_LEAD]).toEqual([5, 25, 30])
  })

  it('5 rule: a lead of more than 5 switches in the cycle it appears; exactly 5 does not', () => {
    expect(replay([5.1])).toEqual({ cycle: 1, decision: { to: 'alt1', reason: 'lead', runs: {} } })
    expect(replay([6])).toMatchObject({ cycle: 1, decision: { reason: 'lead' } })
    expect(replay([5])).toBeNull()
    expect(replay([0, 0, 6])).toMatchObject({ cycle: 3, decision: { reason: 'lead' } })
  })

  it('a steady 6-unit lead switches on its first cycle', () => {
    expect(replay(Array(10).fill(6))?.cycle).toBe(1)
  })

  it('30 rule: smaller leads of consecutive cycles add up; more than 30 switches', () => {
    // 4.9 × 6 = 29.4, × 7 = 34.3.
    expect(replay(Array(6).fill(4.9))).toBeNull()
    expect(replay(Array(7).fill(4.9))).toEqual({ cycle: 7, decision: { to: 'alt1', reason: 'sum', runs: {} } })
    expect(replay([5, 5, 5, 5, 5, 5])).toBeNull() // exactly 30
    expect(replay([5, 5, 5, 5, 5, 5, 0.1])?.decision.reason).toBe('sum')
  })

  it('25 rule: a challenger ahead on 25 consecutive cycles switches, however small its lead', () => {
    expect(replay(Array(24).fill(0.5))).toBeNull()
    expect(replay(Array(25).fill(0.5))).toEqual({ cycle: 25, decision: { to: 'alt1', reason: 'streak', runs: {} } })
  })

  it('a cycle where the challenger is not ahead starts its run over', () => {
    expect(replay([4, 4, 4, 4, 0, 4, 4, 4])).toBeNull()
    expect(replay([4, 4, 4, 4, -1, 4, 4, 4, 4, 4, 4, 4, 4])?.cycle).toBe(13)
    expect(replay([...Array(20).fill(0.5), 0, ...Array(24).fill(0.5)])).toBeNull()
  })

  it('switches to the best-scoring host among those that qualify', () => {
    const decision = decideSwitch('main', { main: 1500, alt1: 30, alt2: 21 }, {})
    expect(decision).toEqual({ to: 'alt2', reason: 'lead', runs: {} })
  })

  it('keeps a separate run per challenger', () => {
    const first = decideSwitch('main', { main: 40, alt1: 37, alt2: 50 }, {})
    expect(first.runs).toEqual({ alt1: { sum: 3, cycles: 1 } })
    const second = decideSwitch('main', { main: 40, alt1: 45, alt2: 38 }, first.runs)
    expect(second).toEqual({ to: null, reason: null, runs: { alt2: { sum: 2, cycles: 1 } } })
  })

  it('property: from a fresh run, one cycle switches exactly when some lead exceeds 5', () => {
    const score = fc.double({ min: 0, max: 2000, noNaN: true })
    fc.assert(
      fc.property(fc.constantFrom<RouteHost>('main', 'alt1', 'alt2'), score, score, score, (current, main, alt1, alt2) => {
        const scores = { main, alt1, alt2 }
        const maxLead = Math.max(...(['main', 'alt1', 'alt2'] as const).filter((h) => h !== current).map((h) => scores[current] - scores[h]))
        const decision = decideSwitch(current, scores, {})
        expect(decision.to !== null).toBe(maxLead > ROUTE_SWITCH_MARGIN)
        if (decision.to) expect(scores[decision.to]).toBeLessThan(scores[current])
      }),
    )
  })
})

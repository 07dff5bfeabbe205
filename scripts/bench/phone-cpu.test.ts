import { blockingAfterFirstPaint, summarisePhoneLoads, type PhoneLoad } from './phone-cpu'
import { runsFromEnv } from './report'

const load = (over: Partial<PhoneLoad>): PhoneLoad => ({ taskMs: 1000, scriptMs: 400, styleLayoutMs: 100, firstPaintMs: 500, longTasks: [], ...over })

describe('blocking time after the first paint', () => {
  it('sums what each long task lasts beyond 50 ms, from the first paint on', () => {
    // Before the paint: not counted; 50 ms exactly blocks nothing; 120 ms blocks 70.
    expect(blockingAfterFirstPaint(load({ longTasks: [[100, 300], [500, 50], [900, 120], [2000, 51]] }))).toBe(71)
  })

  it('is not measured without a first paint', () => {
    expect(blockingAfterFirstPaint(load({ firstPaintMs: null, longTasks: [[900, 120]] }))).toBeNull()
  })
})

describe('the summary of the loads', () => {
  it('takes each figure’s median on its own', () => {
    const s = summarisePhoneLoads([
      load({ taskMs: 3000, scriptMs: 900, longTasks: [[600, 150]] }),
      load({ taskMs: 5000, scriptMs: 800, longTasks: [[600, 250], [700, 60]] }),
      load({ taskMs: 4000, scriptMs: 1200, longTasks: [] }),
    ])
    expect(s).toEqual({ loads: 3, taskMs: 4000, scriptMs: 900, styleLayoutMs: 100, blockingMs: 100, longTasks: 1, firstPaintMs: 500 })
  })

  it('leaves out loads without a first paint from the blocking time only', () => {
    const s = summarisePhoneLoads([load({ firstPaintMs: null, longTasks: [[600, 950]] }), load({ longTasks: [[600, 150]] })])
    expect(s.blockingMs).toBe(100)
    expect(s.loads).toBe(2)
  })

  it('has no figures without loads', () => {
    expect(summarisePhoneLoads([])).toMatchObject({ loads: 0, taskMs: null, blockingMs: null })
  })
})

describe('runs from the environment (BENCH_PHONE_RUNS, BENCH_LIGHTHOUSE_ROUNDS, BENCH_INTERACTION_RUNS)', () => {
  it('takes the fallback when unset or empty, and a whole number within range', () => {
    expect(runsFromEnv('N', 5, 50, {})).toBe(5)
    expect(runsFromEnv('N', 5, 50, { N: '' })).toBe(5)
    expect(runsFromEnv('N', 5, 50, { N: '12' })).toBe(12)
  })
  it('refuses anything else with the variable’s name', () => {
    for (const bad of ['0', '51', '2.5', 'five']) expect(() => runsFromEnv('N', 5, 50, { N: bad })).toThrow(`N must be a whole number from 1 to 50, not "${bad}"`)
  })
})

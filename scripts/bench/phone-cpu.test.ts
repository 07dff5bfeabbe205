import { blockingAfterFirstPaint, observedLcpAgainstFloor, phoneFloorLines, phoneFloorRows, summarisePhoneLoads, type PhoneLoad } from './phone-cpu'
import { runsFromEnv } from './report'

const load = (over: Partial<PhoneLoad>): PhoneLoad => ({
  phaseMs: { boot: 700, start: 200, live: 100 },
  hydratedAfterLoadMs: 250,
  taskMs: 1000,
  scriptMs: 400,
  styleLayoutMs: 100,
  firstPaintMs: 500,
  lcpMs: 900,
  longTasks: [],
  ...over,
})

describe('blocking time after the first paint', () => {
  it('sums what each long task lasts beyond 50 ms, from the first paint on', () => {
    // Before the paint: not counted; 50 ms exactly blocks nothing; 120 ms blocks 70.
    expect(
      blockingAfterFirstPaint(
        load({
          longTasks: [
            [100, 300],
            [500, 50],
            [900, 120],
            [2000, 51],
          ],
        }),
      ),
    ).toBe(71)
  })

  it('is not measured without a first paint', () => {
    expect(blockingAfterFirstPaint(load({ firstPaintMs: null, longTasks: [[900, 120]] }))).toBeNull()
  })
})

describe('the summary of the loads', () => {
  it('takes each figure’s median on its own', () => {
    const s = summarisePhoneLoads([
      load({ taskMs: 3000, scriptMs: 900, longTasks: [[600, 150]] }),
      load({
        taskMs: 5000,
        scriptMs: 800,
        longTasks: [
          [600, 250],
          [700, 60],
        ],
      }),
      load({ taskMs: 4000, scriptMs: 1200, longTasks: [] }),
    ])
    expect(s).toEqual({
      loads: 3,
      phaseMs: { boot: 700, start: 200, live: 100 },
      hydratedAfterLoadMs: 250,
      taskMs: 4000,
      scriptMs: 900,
      styleLayoutMs: 100,
      blockingMs: 100,
      longTasks: 1,
      firstPaintMs: 500,
      lcpMs: 900,
    })
  })

  it("checks the observed LCP against the floor's: at most 0.5 s later", () => {
    const floor = summarisePhoneLoads([load({ lcpMs: 1200 }), load({ lcpMs: 1400 }), load({ lcpMs: 1300 })])
    expect(floor.lcpMs).toBe(1300)
    expect(observedLcpAgainstFloor({ lcpMs: 1800 }, floor)).toEqual({ overMs: 500, met: true })
    expect(observedLcpAgainstFloor({ lcpMs: 1801 }, floor)).toEqual({ overMs: 501, met: false })
    expect(observedLcpAgainstFloor({ lcpMs: null }, floor)).toEqual({ overMs: null, met: null })
  })

  it('leaves out loads without a first paint from the blocking time only', () => {
    const s = summarisePhoneLoads([load({ firstPaintMs: null, longTasks: [[600, 950]] }), load({ longTasks: [[600, 150]] })])
    expect(s.blockingMs).toBe(100)
    expect(s.loads).toBe(2)
  })

  it('has no figures without loads', () => {
    expect(summarisePhoneLoads([])).toMatchObject({
      loads: 0,
      phaseMs: { boot: null, start: null, live: null },
      hydratedAfterLoadMs: null,
      taskMs: null,
      blockingMs: null,
    })
  })

  it('takes each phase’s median on its own, and the hydration’s over the loads that hydrated', () => {
    const s = summarisePhoneLoads([
      load({ phaseMs: { boot: 2000, start: 900, live: 40 }, hydratedAfterLoadMs: 400 }),
      load({ phaseMs: { boot: 1800, start: 1300, live: 10 }, hydratedAfterLoadMs: null }),
      load({ phaseMs: { boot: 2400, start: 1100, live: 90 }, hydratedAfterLoadMs: 600 }),
    ])
    expect(s.phaseMs).toEqual({ boot: 2000, start: 1100, live: 40 })
    expect(s.hydratedAfterLoadMs).toBe(400)
  })
})

describe('the pages against the floor, phase by phase', () => {
  const floor = summarisePhoneLoads([load({ phaseMs: { boot: 1600, start: 300, live: 5 }, taskMs: 1905, longTasks: [[600, 850]] })])
  const pair = summarisePhoneLoads([
    load({
      phaseMs: { boot: 2000, start: 1200, live: 150 },
      taskMs: 3350,
      longTasks: [
        [600, 880],
        [2500, 90],
      ],
    }),
  ])
  const rows = phoneFloorRows(floor, { pair })

  it('gives each phase the page’s figure and its ratio to the floor’s', () => {
    expect(rows.map((r) => [r.label, r.floor, r.pages.pair?.value, r.pages.pair?.ratio])).toEqual([
      ['tasks to the hydration commit', 1600, 2000, 1.25],
      ['tasks, hydration → +2 s', 300, 1200, 4],
      ['tasks, +2 s → +5 s', 5, 150, null],
      ['tasks in all (hydration + 5 s)', 1905, 3350, 3350 / 1905],
      ['blocking after first paint', 800, 870, 870 / 800],
    ])
  })

  it('gives no ratio to a floor that did next to nothing, and none without figures', () => {
    // The floor's 5 ms after its start is below FLOOR_RATIO_MIN_MS; an empty summary has no figures.
    expect(rows[2]?.pages.pair?.ratio).toBeNull()
    const none = phoneFloorRows(summarisePhoneLoads([]), { pair })
    expect(none.every((r) => r.floor === null && r.pages.pair?.ratio === null)).toBe(true)
  })

  it('prints a line per row, the ratio beside the page’s milliseconds', () => {
    const lines = phoneFloorLines(rows)
    expect(lines).toHaveLength(rows.length + 1)
    expect(lines[0]).toMatch(/floor\s+pair$/)
    expect(lines[2]).toMatch(/tasks, hydration → \+2 s\s+300 ms\s+1,200 ms \(4\.00×\)$/)
    expect(lines[3]).toMatch(/5 ms\s+150 ms$/)
  })
})

describe('runs from the environment (BENCH_PHONE_RUNS, BENCH_LIGHTHOUSE_ROUNDS, BENCH_INTERACTION_RUNS)', () => {
  it('takes the fallback when unset or empty, and a whole number within range', () => {
    expect(runsFromEnv('N', 5, 50, {})).toBe(5)
    expect(runsFromEnv('N', 5, 50, { N: '' })).toBe(5)
    expect(runsFromEnv('N', 5, 50, { N: '12' })).toBe(12)
  })
  it('refuses anything else with the variable’s name', () => {
    for (const bad of ['0', '51', '2.5', 'five'])
      expect(() => runsFromEnv('N', 5, 50, { N: bad })).toThrow(`N must be a whole number from 1 to 50, not "${bad}"`)
  })
})

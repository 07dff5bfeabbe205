import { createFrameGate } from './frame-gate'

describe('the frame gate', () => {
  it('draws at most once per frame, the latest state, whatever the asks between frames', () => {
    const frames: (() => void)[] = []
    let state = 0
    const drawn: number[] = []
    const gate = createFrameGate({ request: (draw) => frames.push(draw), cancel: () => {} }, () => drawn.push(state))
    for (let i = 1; i <= 50; i++) {
      state = i
      gate.ask()
      if (i % 10 === 0) frames.shift()?.()
    }
    expect(drawn).toEqual([10, 20, 30, 40, 50])
    expect(frames).toHaveLength(0)
  })

  it('a cancelled draw never runs', () => {
    const cancelled: unknown[] = []
    let drawn = 0
    const gate = createFrameGate({ request: () => 7, cancel: (h) => cancelled.push(h) }, () => drawn++)
    gate.ask()
    gate.cancel()
    expect(cancelled).toEqual([7])
    expect(drawn).toBe(0)
  })
})

describe('the frame gate with a least gap', () => {
  it('draws the latest state in the first frame at least minGapMs after the last draw', () => {
    const frames: (() => void)[] = []
    let now = 0
    let state = 0
    const drawn: [number, number][] = []
    const gate = createFrameGate({ request: (draw) => frames.push(draw), cancel: () => {} }, () => drawn.push([now, state]), {
      minGapMs: 100,
      now: () => now,
    })
    // A push every 20 ms and a frame every 16 ms, for a second.
    for (let t = 0; t <= 1000; t += 4) {
      now = t
      if (t % 20 === 0) {
        state = t
        gate.ask()
      }
      if (t % 16 === 0) frames.shift()?.()
    }
    const times = drawn.map(([at]) => at)
    expect(times[0]).toBe(0)
    for (let i = 1; i < times.length; i++) expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(100)
    expect(drawn.length).toBeGreaterThanOrEqual(8)
    expect(drawn.length).toBeLessThanOrEqual(10)
    // Each draw shows the newest push at its time.
    for (const [at, shown] of drawn) expect(shown).toBe(at - (at % 20))
  })
})

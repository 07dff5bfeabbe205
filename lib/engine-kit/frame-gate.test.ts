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

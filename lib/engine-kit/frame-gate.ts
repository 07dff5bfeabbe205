/**
 * Draws at most once per animation frame whatever the push rate (docs/decisions/pages.md
 * "The order book and trades on the pair page"): asking again before the frame comes changes nothing, and the
 * frame draws the latest state. With `minGapMs`, a frame that comes sooner than that after the
 * last draw waits for a later frame (a figure that changes 50 times a second is read at a
 * glance, not per frame). The frame scheduler and the clock are passed in (requestAnimationFrame).
 */
export interface FrameScheduler {
  request(draw: () => void): unknown
  cancel(handle: unknown): void
}

export interface FrameGate {
  /** A draw in the next frame, unless one is already asked for. */
  ask(): void
  /** Forgets an asked-for draw (unmounting). */
  cancel(): void
}

export interface FrameGateOptions {
  /** The least time between two draws, ms. */
  minGapMs: number
  now: () => number
}

export function createFrameGate(frames: FrameScheduler, draw: () => void, pace?: FrameGateOptions): FrameGate {
  let handle: unknown = null
  let last = -Infinity
  const frame = () => {
    if (pace && pace.now() - last < pace.minGapMs) {
      handle = frames.request(frame)
      return
    }
    handle = null
    if (pace) last = pace.now()
    draw()
  }
  return {
    ask() {
      if (handle !== null) return
      handle = frames.request(frame)
    },
    cancel() {
      if (handle !== null) frames.cancel(handle)
      handle = null
    },
  }
}

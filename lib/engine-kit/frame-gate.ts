/**
 * Draws at most once per animation frame whatever the push rate (docs/decisions/pages.md
 * "The order book and trades on the pair page"): asking again before the frame comes changes nothing, and the
 * frame draws the latest state. The frame scheduler is passed in (requestAnimationFrame).
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

export function createFrameGate(frames: FrameScheduler, draw: () => void): FrameGate {
  let handle: unknown = null
  return {
    ask() {
      if (handle !== null) return
      handle = frames.request(() => {
        handle = null
        draw()
      })
    },
    cancel() {
      if (handle !== null) frames.cancel(handle)
      handle = null
    },
  }
}

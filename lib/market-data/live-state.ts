import { createExternalStore, type ExternalStore } from '../engine-kit/external-store'
import type { Monitor } from '../monitor/monitor'

/**
 * Whether the page's prices are live (docs/decisions/client-wiring.md "An honest live state"):
 * `waiting` until the feed has said anything (the server's figures are shown), `live` while fresh
 * figures arrive, `stale` from the moment they stop, whether the browser went offline, the socket
 * fell silent past its heartbeat or a poll failed, until the next fresh figure. One gap is one
 * stale period, recorded once: in the snapshot (the network panel) and, when it ends, as one
 * `market_data_gap` monitor event with its first cause and duration.
 */
export type LiveCause = 'offline' | 'silent' | 'failed'

export interface PriceGap {
  /** What first stopped the figures: the browser offline, a silent network (socket or poll timeout), a failed poll. */
  cause: LiveCause
  from: number
  /** null while the gap lasts. */
  to: number | null
}

export interface LiveSnapshot {
  state: 'waiting' | 'live' | 'stale'
  /** The newest gaps, oldest first, at most MAX_GAPS; the last one is open while stale. */
  gaps: readonly PriceGap[]
}

export interface LiveState extends ExternalStore<LiveSnapshot> {
  /** A fresh figure arrived (a push, a poll's answer): live again, closing the gap. */
  fresh(): void
  /** Fresh figures stopped: stale, opening a gap unless one is open. */
  lost(cause: LiveCause): void
  /** Nothing is asked for a while (the tab hidden): live becomes waiting, so shown again the figures are not called live before a fresh one. */
  pause(): void
}

export const MAX_GAPS = 5
export const GAP_EVENT = 'market_data_gap'

export function createLiveState({ now, monitor }: { now: () => number; monitor: Monitor }): LiveState {
  const store = createExternalStore<LiveSnapshot>({ state: 'waiting', gaps: [] })
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    fresh() {
      const { state, gaps } = store.getSnapshot()
      if (state === 'live') return
      const open = state === 'stale' ? gaps.at(-1) : undefined
      const at = now()
      store.update(() => ({ state: 'live', gaps: open ? [...gaps.slice(0, -1), { ...open, to: at }] : gaps }))
      if (open) monitor.event(GAP_EVENT, { cause: open.cause, durationMs: Math.max(0, at - open.from) })
    },
    lost(cause) {
      if (store.getSnapshot().state === 'stale') return
      store.update(({ gaps }) => ({ state: 'stale', gaps: [...gaps, { cause, from: now(), to: null }].slice(-MAX_GAPS) }))
    },
    pause() {
      store.update((s) => (s.state === 'live' ? { ...s, state: 'waiting' } : s))
    },
  }
}

/** Before the browser runtime (the server render): prices are as of the render, nothing arrives. */
export const waitingLiveState: LiveState = {
  ...createExternalStore<LiveSnapshot>({ state: 'waiting', gaps: [] }),
  fresh() {},
  lost() {},
  pause() {},
}

/**
 * Test doubles for the network engines (tests only): a deterministic scheduler that owns the
 * clock and the timers, a page-visibility switch, a seeded random source and a fake network
 * whose answers arrive after a per-host latency on that same clock.
 */
import type { FetchLike, Timers, Visibility } from '../engine-kit/environment'

interface Pending {
  at: number
  seq: number
  fn: () => void
}

export interface FakeScheduler {
  now(): number
  timers: Timers
  /** Moves the clock, firing due timers in time order and letting promises settle after each. */
  advance(ms: number): Promise<void>
  /**
   * Lets pending promise chains run (fetch bodies, async engine steps) without moving the clock,
   * until quiet: no macrotask (setImmediate) left queued. Throws, naming what is still pending,
   * when the work never goes quiet.
   */
  runUntilQuiet(): Promise<void>
  pendingCount(): number
  /** Delays requested by setTimeout, in call order (to check cadences). */
  requested: number[]
}

/** How many rounds runUntilQuiet() lets pending work take before it says the work never goes quiet. */
export const SETTLE_ROUND_LIMIT = 1000
/** How many timers may fire at one instant of the fake clock before advance() says they loop. */
export const SAME_INSTANT_TIMER_LIMIT = 10_000

/** Macrotasks of this process still queued: what keeps a promise chain going between rounds. */
const queuedImmediates = () => process.getActiveResourcesInfo().filter((type) => type === 'Immediate').length

export function createFakeScheduler(start = 0): FakeScheduler {
  let now = start
  let seq = 0
  const pending = new Map<number, Pending>()
  const requested: number[] = []
  const describePending = () => {
    const due = [...pending.values()].map((p) => p.at).sort((a, b) => a - b)
    return `${due.length} fake timer(s) pending${due.length ? ` (next at ${due.slice(0, 5).join(', ')} ms)` : ''}, now ${now} ms`
  }
  // Each round is one macrotask turn: every microtask (a resolved fetch, an await) runs before it
  // ends. Work that is still going queues a macrotask of its own (a body stream, a setImmediate);
  // when none is queued after a round, nothing is left to run until the clock moves.
  const runUntilQuiet = async () => {
    for (let round = 1; ; round++) {
      await new Promise<void>((resolve) => setImmediate(resolve))
      const queued = queuedImmediates()
      if (queued === 0) return
      if (round >= SETTLE_ROUND_LIMIT) {
        throw new Error(`fake clock: not quiet after ${SETTLE_ROUND_LIMIT} rounds: ${queued} setImmediate callback(s) still queued; ${describePending()}`)
      }
    }
  }
  const due = (until: number): [number, Pending] | undefined => {
    let best: [number, Pending] | undefined
    for (const entry of pending) {
      if (entry[1].at > until) continue
      if (!best || entry[1].at < best[1].at || (entry[1].at === best[1].at && entry[1].seq < best[1].seq)) best = entry
    }
    return best
  }
  return {
    now: () => now,
    timers: {
      name: 'fake',
      setTimeout(fn, ms) {
        const id = ++seq
        requested.push(ms)
        pending.set(id, { at: now + Math.max(0, ms), seq: id, fn })
        return id
      },
      clearTimeout(handle) {
        pending.delete(handle as number)
      },
      setInterval(fn, ms) {
        // One id for the whole series: each firing schedules the next under it, so clearInterval ends it.
        const id = ++seq
        requested.push(ms)
        const every = Math.max(1, ms)
        const fire = () => {
          pending.set(id, { at: now + every, seq: ++seq, fn: fire })
          fn()
        }
        pending.set(id, { at: now + every, seq: id, fn: fire })
        return id
      },
      clearInterval(handle) {
        pending.delete(handle as number)
      },
    },
    async advance(ms) {
      const end = now + ms
      await runUntilQuiet()
      let sameInstant = 0
      for (let next = due(end); next; next = due(end)) {
        pending.delete(next[0])
        sameInstant = next[1].at > now ? 1 : sameInstant + 1
        if (sameInstant > SAME_INSTANT_TIMER_LIMIT)
          throw new Error(`fake clock: ${SAME_INSTANT_TIMER_LIMIT} timers fired at ${now} ms without the clock moving; ${describePending()}`)
        now = Math.max(now, next[1].at)
        next[1].fn()
        await runUntilQuiet()
      }
      now = end
      await runUntilQuiet()
    },
    runUntilQuiet,
    pendingCount: () => pending.size,
    requested,
  }
}

export function createFakeVisibility(hidden = false): Visibility & { setHidden(value: boolean): void } {
  const listeners = new Set<() => void>()
  return {
    isHidden: () => hidden,
    onVisibilityChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setHidden(value) {
      hidden = value
      for (const listener of [...listeners]) listener()
    },
  }
}

/** mulberry32: a small seeded generator, so "random" simulations replay exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** How a fake host answers: after `latencyMs` (a number or drawn per request), or not at all. */
export interface FakeHostBehaviour {
  latencyMs: number | (() => number)
  /** 'refuse' rejects like a refused connection; 'hang' never answers; a number answers that ret_code. */
  fault?: 'refuse' | 'hang' | number
  /** A custom JSON body (getproxy answers). */
  body?: unknown
}

export interface FakeNetwork {
  fetch: FetchLike
  set(origin: string, behaviour: FakeHostBehaviour): void
  /** Requested URLs, in order. */
  calls: string[]
}

export function createFakeNetwork(scheduler: FakeScheduler): FakeNetwork {
  const hosts = new Map<string, FakeHostBehaviour>()
  const calls: string[] = []
  const fetch: FetchLike = (input, init) =>
    new Promise<Response>((resolve, reject) => {
      calls.push(input)
      const behaviour = hosts.get(new URL(input).origin)
      if (!behaviour || behaviour.fault === 'refuse') return reject(new TypeError('fetch failed'))
      if (init.signal?.aborted) return reject(new DOMException('The operation was aborted.', 'AbortError'))
      const latency = typeof behaviour.latencyMs === 'function' ? behaviour.latencyMs() : behaviour.latencyMs
      const abort = () => {
        scheduler.timers.clearTimeout(handle)
        reject(new DOMException('The operation was aborted.', 'AbortError'))
      }
      const handle =
        behaviour.fault === 'hang'
          ? undefined
          : scheduler.timers.setTimeout(() => {
              init.signal?.removeEventListener('abort', abort)
              const code = typeof behaviour.fault === 'number' ? behaviour.fault : 0
              const body = behaviour.body ?? { ret_code: code, ret_msg: code ? 'fault' : 'OK', result: {} }
              resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }))
            }, latency)
      init.signal?.addEventListener('abort', abort, { once: true })
    })
  return { fetch, set: (origin, behaviour) => hosts.set(origin, behaviour), calls }
}

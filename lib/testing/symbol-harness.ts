/**
 * Loader test harness: the real simulator on 127.0.0.1 (ports 0) and a loader wired to it with
 * a recording monitor, a recording fetch and an injectable clock. The request timeouts are the
 * client's global timers: test files run them on jest's fake clock (testing/fake-timeouts.ts), so
 * a healthy load never times out on a loaded machine and a hung one ends when a test moves the
 * clock (docs/decisions/stack.md "Tests wait for events, not for time").
 */
import type { Simulator } from '@/simulator/contract'
import { startFreeSimulator } from '@/simulator/testkit'
import { eventually } from '@/testing/eventually'
import { pending } from '@/testing/pending'
import type { SymbolListResult } from '../symbols/result'
import { createHttpClient } from '../http/client'
import { createRecordingMonitor } from './recording-monitor'
import { createMemoryStorage } from '../storage/memory'
import type { KeyValueStorage } from '../storage/storage'
import { createSymbolLoader, type SymbolLoader } from '../symbols/loader'

export const startSim = (): Promise<Simulator> => startFreeSimulator()

export interface HarnessOptions {
  storage?: KeyValueStorage
  monitor?: Parameters<typeof createSymbolLoader>[0]['monitor']
  /** Rewrites a request URL before it goes out (to play an upstream that misbehaves). */
  rewrite?: (url: string) => string
  /** Keep the body of every answer (only for tests whose faults let bodies finish). */
  recordBodies?: boolean
  /** The loader's request timeout; its own (8000 ms) by default. Tests run it on jest's fake clock. */
  timeoutMs?: number
  /** What a load answered as unchanged stores (lib/symbols/cache.ts); the server's 'rewrite' by default. */
  unchanged?: Parameters<typeof createSymbolLoader>[0]['unchanged']
  language?: string
}

export interface Harness {
  loader: SymbolLoader
  monitor: ReturnType<typeof createRecordingMonitor>
  storage: KeyValueStorage
  /** Every URL requested, in order. */
  urls: string[]
  bodies: Map<string, unknown>
  clock: { now: number }
}

export function harness(sim: Simulator, options: HarnessOptions = {}): Harness {
  const monitor = createRecordingMonitor()
  const storage = options.storage ?? createMemoryStorage()
  const urls: string[] = []
  const bodies = new Map<string, unknown>()
  const clock = { now: 1_800_000_000_000 }
  const recordingFetch = async (input: string, init: RequestInit) => {
    const url = options.rewrite ? options.rewrite(input) : input
    urls.push(url)
    const response = await fetch(url, init)
    if (options.recordBodies) bodies.set(url, JSON.parse(await response.clone().text()))
    return response
  }
  const client = createHttpClient({ baseUrl: sim.urls.main, fetch: recordingFetch })
  const loader = createSymbolLoader({
    client,
    storage,
    monitor: options.monitor ?? monitor,
    now: () => clock.now,
    timeoutMs: options.timeoutMs,
    unchanged: options.unchanged,
    language: options.language,
  })
  return { loader, monitor, storage, urls, bodies, clock }
}

/** The query of the last request to an endpoint, e.g. query(urls, 'symbol_list_all').get('last_modified_at'). */
export function lastQuery(urls: readonly string[], endpoint: string): URLSearchParams {
  const url = [...urls].reverse().find((u) => u.includes(`/${endpoint}`))
  if (!url) throw new Error(`no request to ${endpoint} in ${urls.join(', ')}`)
  return new URL(url).searchParams
}

/** The chain's two remote sources failing with an HTTP error on the main host. */
export const downV3 = (sim: Simulator) => sim.setFault({ host: 'main', endpoint: 'symbol_list_v3', fault: { kind: 'status', status: 503 } })
export const downV2 = (sim: Simulator) => sim.setFault({ host: 'main', endpoint: 'symbol_list_v2', fault: { kind: 'status', status: 502 } })

/**
 * Work on jest's fake clock whose requests to `endpoints` (on main) get no answer on their own:
 * hung, dripping or slow. Each time one more of them has reached the simulator, the clock moves
 * `stepMs` (their timeout, or a slow fault's delay), until the work ends.
 */
export async function endOnFakeClock<T>(work: Promise<T>, sim: Simulator, endpoints: readonly string[], stepMs: number): Promise<T> {
  const seen = () => endpoints.reduce((n, endpoint) => n + (sim.state().hits.main[endpoint] ?? 0), 0)
  const running = pending(work)
  for (let moved = seen(); ;) {
    const now = await eventually(
      `the work to end, or one more request to ${endpoints.join(', ')}`,
      () => ({ ended: running.settled, seen: seen() }),
      (s) => s.ended || s.seen > moved,
    )
    if (now.ended) return running.promise
    moved = now.seen
    await jest.advanceTimersByTimeAsync(stepMs)
  }
}

/** A harness's load on jest's fake clock (endOnFakeClock). */
export const loadOnFakeClock = (h: Harness, sim: Simulator, endpoints: readonly string[], stepMs: number): Promise<SymbolListResult> =>
  endOnFakeClock(h.loader.load(), sim, endpoints, stepMs)

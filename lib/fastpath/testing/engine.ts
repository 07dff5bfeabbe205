/** The fast path on a fake clock, network and websocket, for the engine's tests (tests only). */
import { createRecordingMonitor } from '../../testing/recording-monitor'
import { createFakeNetwork, createFakeScheduler, createFakeVisibility, type FakeHostBehaviour } from '../../testing/engine-fakes'
import { createFastPath } from '../engine'
import type { FastPathConfig, FastPathOptions } from '../options'
import type { QualityReport } from '../snapshot'
import { createFakeSockets, type FakeSocketBehaviour } from './sockets'

export const API = 'https://api.example.com'
export const FP1 = 'https://fp1.example.net'
export const FP2 = 'https://fp2.example.net'
export const CDN = 'https://cdn.example.org/probe.txt'
export const WS = 'wss://fp1.example.net/ws'
export const V3 = `${API}/spot/api/basic/symbol_list_v3?version=1`
export const ALLOWED = { latencyMs: 20, body: { err_code: 0, result: { res_code: 1, monitor_switch: 1 } } }

export function setupFastPath(
  config: Partial<FastPathConfig> = {},
  hosts: Record<string, FakeHostBehaviour> = {},
  extra: Partial<FastPathOptions> = {},
  socket: FakeSocketBehaviour = { latencyMs: 15 },
) {
  const scheduler = createFakeScheduler(1_000_000)
  const network = createFakeNetwork(scheduler)
  const visibility = createFakeVisibility()
  const monitor = createRecordingMonitor()
  const reports: QualityReport[] = []
  const sockets = createFakeSockets(scheduler, socket)
  const defaults: Record<string, FakeHostBehaviour> = {
    [API]: ALLOWED,
    [FP1]: { latencyMs: 80 },
    [FP2]: { latencyMs: 40 },
    'https://cdn.example.org': { latencyMs: 30 },
  }
  for (const [origin, behaviour] of Object.entries({ ...defaults, ...hosts })) network.set(origin, behaviour)
  // Probe round start times: every round asks each fast-path host once.
  const roundStarts: number[] = []
  const fetch: typeof network.fetch = (url, init) => {
    if (url.startsWith(FP1)) roundStarts.push(scheduler.now())
    return network.fetch(url, init)
  }
  const fastPath = createFastPath({
    config: { mode: 'global', candidates: [FP1, FP2], cdnUrl: CDN, wsUrl: WS, apiHost: API, ...config },
    fetch,
    timers: scheduler.timers,
    now: scheduler.now,
    random: () => 0.5,
    visibility,
    monitor,
    report: (r) => reports.push(r),
    openWebSocket: sockets,
    identity: { deviceId: 'dev-1' },
    ...extra,
  })
  return { scheduler, network, visibility, monitor, reports, sockets, fastPath, roundStarts, snap: () => fastPath.getSnapshot() }
}

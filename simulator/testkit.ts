/**
 * Test helpers: an in-process simulator on free ports with a clock the test moves, and small
 * fetch wrappers over 127.0.0.1 (no mocks: tests run against a real local HTTP server).
 */
import type { RunningSimulator, SimHost, SimulatorOptions } from './contract'
import { startSimulator } from './http/server'

export const FREE_PORTS = { main: 0, alt1: 0, alt2: 0, fastPath: 0, admin: 0 }

/** The simulator on ports the OS picks, for tests that start their own (with its real clock). */
export function startFreeSimulator(options: Omit<SimulatorOptions, 'ports'> = {}): Promise<RunningSimulator> {
  return startSimulator({ ports: FREE_PORTS, ...options })
}
/** 2025-11-21T12:00:00Z: after the data epoch, so initial pairs keep the fixed lastModifiedTime. */
export const TEST_START = Date.UTC(2025, 10, 21, 12)

export const PATH = {
  v3: '/spot/api/basic/symbol_list_v3',
  all: '/spot/api/basic/symbol_list_all',
  v2: '/spot/api/basic/symbol_list_v2',
  t1: '/t1',
  getproxy: '/kmeqrvdu/proxy/getproxy?seq_id=1&device_id=d&app=web&os=pc&bu=spot&v=1',
  hatsT1: '/hats/t1',
}

export interface TestSim {
  sim: RunningSimulator
  clock: { t: number }
  url(host: SimHost | 'admin', path: string): string
  /** GET and parse JSON, failing loudly on anything else. */
  json(host: SimHost, path: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }>
}

export async function startTestSim(options: SimulatorOptions = {}): Promise<TestSim> {
  const clock = { t: TEST_START }
  const sim = await startSimulator({ ports: FREE_PORTS, now: () => clock.t, ...options })
  const url = (host: SimHost | 'admin', path: string) => sim.urls[host] + path
  return {
    sim,
    clock,
    url,
    async json(host, path, init) {
      const res = await fetch(url(host, path), init)
      const text = await res.text()
      return { status: res.status, body: JSON.parse(text) as Record<string, unknown> }
    },
  }
}

/** `result` of an envelope, typed loosely for assertions. */
export function resultOf(body: Record<string, unknown>): Record<string, unknown> {
  return body.result as Record<string, unknown>
}

export type Compact = Record<string, unknown> & { si: string }
export interface WireGroup {
  tokenId: string
  tokenType: string
  quoteTags: string[]
  quoteTokenSymbols: Compact[]
}

/**
 * startSimulator: the four upstream hosts, the fast-path WebSocket and the admin server, wired
 * to one change feed, one set of fault rules and one clock.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { WebSocketServer } from 'ws'
import { createAdminServer } from './admin'
import { createMarket } from './market'
import { createClock, createTimers } from '../data/clock'
import { DEFAULT_SIM_PORTS, SIM_HOSTS, type FaultRule, type RunningSimulator, type SimHost, type SimulatorOptions } from '../contract'
import { DEFAULT_ALLOWED_ORIGINS } from './cors'
import { checkFaultRule, createFaultRules } from './faults'
import { createFeed } from '../data/feed'
import { createHostServer } from './host'
import type { HostContext, HostServer } from './host-context'
import { servedEndpoints } from './routes'

// lib's simulator tests import the type beside startSimulator; contract.ts owns it, so admin.ts imports nothing from here.
export type { RunningSimulator } from '../contract'

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])
export const DEFAULT_SEED = 1

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const bindHost = options.bindHost ?? '127.0.0.1'
  if (!LOOPBACK.has(bindHost)) throw new Error(`simulator: bindHost must be a loopback address, got ${bindHost}`)
  const clock = createClock(options.now)
  const mainPort = options.ports?.main ?? DEFAULT_SIM_PORTS.main
  // The pairs' icons name this simulator's main host (a free port picked at listen keeps the demo's origin).
  const feed = createFeed(options.seed ?? DEFAULT_SEED, clock.now(), options.iconOrigin ?? (mainPort ? `http://127.0.0.1:${mainPort}` : undefined))
  const rules = createFaultRules(options.faults)
  const latency = Object.fromEntries(SIM_HOSTS.map((h) => [h, checkLatency(options.latencyMs?.[h] ?? 0)])) as Record<SimHost, number>
  const allowedOrigins = [...DEFAULT_ALLOWED_ORIGINS, ...(options.allowedOrigins ?? [])]
  const timers = createTimers()
  const emptyHits = () => Object.fromEntries(SIM_HOSTS.map((h) => [h, {}])) as Record<SimHost, Record<string, number>>
  let hits = emptyHits()
  let closing: Promise<void> | undefined
  const count = (host: SimHost, key: string) => (hits[host][key] = (hits[host][key] ?? 0) + 1)

  const seed = options.seed ?? DEFAULT_SEED
  const market = createMarket(seed, { depthMs: options.depthMs, tradesPerSecond: options.tradesPerSecond })
  const context: HostContext = { clock, feed, rules, latency, allowedOrigins, timers, count, seed, market }
  const hosts = SIM_HOSTS.map((host) => createHostServer(host, options.ports?.[host] ?? DEFAULT_SIM_PORTS[host], context))
  try {
    for (const hs of hosts) hs.port = await listen(hs.server, hs.port, bindHost)
  } catch (error) {
    await Promise.all(hosts.map(disconnect))
    throw error
  }

  // A host whose every endpoint refuses really stops listening (ECONNREFUSED), and listens again
  // on the same port once that stops being true.
  function reconcile(hs: HostServer): void {
    if (hs.opening) return // runs again when the pending listen settles
    const wantOpen = !closing && !rules.refusesHost(hs.host, servedEndpoints(hs.host))
    if (!wantOpen && hs.server.listening) {
      void disconnect(hs)
    } else if (wantOpen && !hs.server.listening) {
      hs.opening = listen(hs.server, hs.port, bindHost).then(
        () => {
          hs.opening = undefined
          reconcile(hs)
        },
        (error: Error) => {
          hs.opening = undefined
          console.error(`simulator: cannot listen again for ${hs.host} on port ${hs.port}: ${error.message}`)
        },
      )
    }
  }
  const reconcileAll = () => hosts.forEach(reconcile)
  reconcileAll()

  const urlOf = (port: number) => `http://${bindHost.includes(':') ? `[${bindHost}]` : bindHost}:${port}`
  const sim: RunningSimulator = {
    urls: { main: '', alt1: '', alt2: '', fastPath: '', admin: '' },
    wsUrl: '',
    setFault(rule: FaultRule) {
      rules.set(checkFaultRule(rule))
      reconcileAll()
    },
    clearFaults(host) {
      rules.clear(host)
      reconcileAll()
    },
    setLatency(host, ms) {
      if (!SIM_HOSTS.includes(host)) throw new Error(`setLatency: unknown host ${JSON.stringify(host)}`)
      latency[host] = checkLatency(ms)
    },
    setMarket: (settings) => market.set(settings, clock.now()),
    advanceClock: (ms) => clock.advance(ms),
    resetHits() {
      hits = emptyHits()
    },
    state() {
      const f = feed.at(clock.now())
      return {
        latencyMs: { ...latency },
        faults: rules.list(),
        version: f.version,
        lastModifiedTime: f.lastModifiedTime,
        pairCount: f.groups.reduce((n, g) => n + g.pairs.length, 0),
        hits: structuredClone(hits),
        market: market.settings(),
      }
    },
    async settled() {
      await Promise.all(hosts.map((hs) => hs.opening))
      // Two loop turns include a poll phase, so an in-process client (a test's fetch) has seen the
      // connections a refusal closed and will not reuse a dead keep-alive socket.
      for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve))
    },
    close() {
      closing ??= (async () => {
        timers.clear()
        await sim.settled()
        await Promise.all([...hosts.map(disconnect), disconnect({ server: admin })])
      })()
      return closing
    },
  }

  const admin = createAdminServer(sim)
  const adminPort = await listen(admin, options.ports?.admin ?? DEFAULT_SIM_PORTS.admin, bindHost).catch(async (error: unknown) => {
    await sim.close()
    throw error
  })
  for (const hs of hosts) sim.urls[hs.host] = urlOf(hs.port)
  sim.urls.admin = urlOf(adminPort)
  sim.wsUrl = `${sim.urls.fastPath.replace(/^http/, 'ws')}/ws`
  return sim
}

function checkLatency(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`latency must be a number of ms ≥ 0, got ${ms}`)
  return ms
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

// Stops listening and ends every socket at once, hung, dripping and upgraded ones included,
// instead of waiting for them to finish.
function disconnect({ server, wss, publicWss }: { server: http.Server; wss?: WebSocketServer; publicWss?: WebSocketServer }): Promise<void> {
  return new Promise((resolve) => {
    wss?.clients.forEach((ws) => ws.terminate())
    publicWss?.clients.forEach((ws) => ws.terminate())
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

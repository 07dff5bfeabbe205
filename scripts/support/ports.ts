/**
 * Every fixed port the project's own tools listen on, in one table, so that a demo, e2e runs
 * (one per E2E_PORT_OFFSET) and a bench can run side by side on one machine. Tests that start
 * servers inside jest use free ports instead (simulator/testkit.ts startFreeSimulator).
 */
import { DEFAULT_SIM_PORTS, type SimHost } from '../../simulator/contract'

export type SimPorts = Record<SimHost | 'admin', number>

/** The simulator's five listeners from one base port: admin, main, @1, @2, fast path. */
export function simPortsFrom(base: number): SimPorts {
  return { admin: base, main: base + 1, alt1: base + 2, alt2: base + 3, fastPath: base + 4 }
}

/** `npm run demo` and `npm run sim`: the site on 3000 (or PORT), the simulator on 4009–4013. */
export const DEMO_PORTS = { site: 3000, sim: DEFAULT_SIM_PORTS } as const

/**
 * An e2e run: the site Playwright starts, the second `next start` servers single specs start
 * (spec by spec, never two at once: workers is 1), and the 5000 + 10×offset range for plain
 * listeners of a spec's own.
 */
export function e2ePorts(offset: number) {
  const site = 3100 + offset
  return {
    site,
    sim: simPortsFrom(4109 + offset),
    spec: { opsConfig: site + 1, badConfig: site + 2, provenance: site + 5, xApi: site + 6, monitor: site + 7, edge: site + 7 },
    own: 5000 + 10 * offset,
  } as const
}

/** `npm run bench`: our site, the baseline site, the floor (a bare Next page) and the simulator. */
export const BENCH_PORTS = { site: 3300, baseline: 3301, floor: 3302, sim: simPortsFrom(4300) } as const

/** scripts/bench-abuse.ts: E2E_PORT_OFFSET=30's own range (a hung upstream, the simulator, the site). */
export const BENCH_ABUSE_PORTS = { hang: 5300, sim: simPortsFrom(5301), site: 5306 } as const

/** scripts/bench-lighthouse.ts run alone: E2E_PORT_OFFSET=170's own range (the site, the simulator, the floor). */
export const BENCH_LIGHTHOUSE_PORTS = { site: 6700, sim: simPortsFrom(6701), floor: 6706 } as const

/**
 * The capacity bench (scripts/bench/capacity.ts): E2E_PORT_OFFSET=180's own range, 6800–6809:
 * nginx, two instances, Redis, the simulator, and the per-region upstream counter, which listens
 * on 6809 of 127.0.0.11–19 (one loopback address per region, so each region has its own upstream);
 * nginx's status server takes 6809 of 127.0.0.1, an address the counter leaves free.
 */
export const BENCH_CAPACITY_PORTS = { nginx: 6800, instances: [6801, 6802], redis: 6803, sim: simPortsFrom(6804), upstreams: 6809, nginxStatus: 6809 } as const

/**
 * The render bench (scripts/bench-render.ts): E2E_PORT_OFFSET=190's own range, 6900–6908: one or
 * two sites (this checkout, another to compare), the floor, the simulator and, in fleet mode, Redis.
 */
export const BENCH_RENDER_PORTS = { sites: [6900, 6901], floor: 6902, sim: simPortsFrom(6903), redis: 6908 } as const

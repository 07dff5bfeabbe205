import { DEFAULT_SIM_PORTS } from '../../simulator/contract'
import {
  BENCH_ABUSE_PORTS,
  BENCH_CAPACITY_PORTS,
  BENCH_LIGHTHOUSE_PORTS,
  BENCH_PORTS,
  BENCH_RENDER_PORTS,
  DEMO_PORTS,
  e2ePorts,
  simPortsFrom,
  type SimPorts,
} from './ports'

const listeners = (ports: { site: number; sim: SimPorts; baseline?: number; floor?: number; hang?: number }) =>
  [ports.site, ports.baseline, ports.floor, ports.hang, ...Object.values(ports.sim)].filter((port): port is number => port !== undefined)

describe('the port table', () => {
  it('lays out the simulator from its base the way the default simulator is laid out', () => {
    expect(simPortsFrom(4009)).toEqual(DEFAULT_SIM_PORTS)
  })

  it('gives the demo, every e2e offset in use and the benches ports no other stack uses', () => {
    const stacks = [DEMO_PORTS, BENCH_PORTS, BENCH_ABUSE_PORTS, BENCH_LIGHTHOUSE_PORTS, ...[0, 10, 20, 40, 50, 60, 70, 80, 90].map(e2ePorts)]
    const { nginx, instances, redis, sim, upstreams } = BENCH_CAPACITY_PORTS
    const render = [...BENCH_RENDER_PORTS.sites, BENCH_RENDER_PORTS.floor, ...Object.values(BENCH_RENDER_PORTS.sim), BENCH_RENDER_PORTS.redis]
    const all = [...stacks.flatMap((stack) => listeners(stack)), nginx, ...instances, redis, ...Object.values(sim), upstreams, ...render]
    expect(new Set(all).size).toBe(all.length)
  })

  it("keeps an e2e run's spec servers and own range clear of the next offset's ports", () => {
    const [a, b] = [e2ePorts(0), e2ePorts(10)]
    const ofA = [a.site, ...Object.values(a.spec), ...Object.values(a.sim), ...Array.from({ length: 10 }, (_, i) => a.own + i)]
    const ofB = [b.site, ...Object.values(b.spec), ...Object.values(b.sim), ...Array.from({ length: 10 }, (_, i) => b.own + i)]
    expect(ofA.filter((port) => ofB.includes(port))).toEqual([])
  })
})

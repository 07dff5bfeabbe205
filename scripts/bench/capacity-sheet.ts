/**
 * The arithmetic of the capacity sheet (docs/capacity.md), apart from the bench that measures
 * (./capacity.ts): reading /proc and Redis INFO counters, turning deltas into per-view figures,
 * and extrapolating those to a stated peak. Pure: no I/O, no clock, nothing of next or react.
 */

/** A process's group from /proc/<pid>/stat, and its CPU time there in clock ticks (usually 10 ms). */
export interface ProcStat {
  pid: number
  pgrp: number
  /** utime + stime: user and system time of every thread of the process. */
  ticks: number
}

/**
 * Parses /proc/<pid>/stat. The command name (field 2) is in parentheses and may itself hold
 * spaces and parentheses, so fields are counted from the last ")".
 */
export function parseProcStat(text: string): ProcStat {
  const close = text.lastIndexOf(')')
  const pid = Number(text.slice(0, text.indexOf(' ')))
  if (close < 0 || !Number.isInteger(pid)) throw new Error(`not a /proc/<pid>/stat line: ${JSON.stringify(text.slice(0, 80))}`)
  // After ")": state(3) ppid(4) pgrp(5) session(6) tty(7) tpgid(8) flags(9) minflt(10) cminflt(11)
  // majflt(12) cmajflt(13) utime(14) stime(15).
  const rest = text
    .slice(close + 2)
    .trim()
    .split(/\s+/)
  const field = (n: number) => Number(rest[n - 3])
  const [pgrp, utime, stime] = [field(5), field(14), field(15)]
  if (![pgrp, utime, stime].every(Number.isFinite)) throw new Error(`/proc/${pid}/stat: unexpected fields`)
  return { pid, pgrp, ticks: utime + stime }
}

/** A thread's time on a CPU in ns, from /proc/<pid>/task/<tid>/schedstat (finer than stat's ticks). */
export function parseSchedstat(text: string): number {
  const ns = Number(text.trim().split(/\s+/)[0])
  if (!Number.isFinite(ns) || text.trim() === '') throw new Error(`not a schedstat line: ${JSON.stringify(text)}`)
  return ns
}

/** An instance's Redis link as /api/metrics tells it (server/fleet/fleet.ts): commands timed out, skipped (breaker open), failed; breaker openings. */
export interface LinkCounts {
  timeout: number
  skipped: number
  failed: number
  opened: number
}

export function linkCountsOf(metrics: string): LinkCounts {
  const value = (pattern: RegExp) => Number(pattern.exec(metrics)?.[1] ?? 0)
  const outcome = (name: string) => value(new RegExp(`^spot_redis_commands\\{outcome="${name}"\\} (\\d+)`, 'm'))
  return { timeout: outcome('timeout'), skipped: outcome('skipped'), failed: outcome('failed'), opened: value(/^spot_redis_breaker_opened (\d+)/m) }
}

/** Redis INFO text as name → value (sections and comments dropped). */
export function parseRedisInfo(text: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue
    const colon = line.indexOf(':')
    if (colon > 0) out.set(line.slice(0, colon), line.slice(colon + 1))
  }
  return out
}

/** What Redis has served so far: calls per command, bytes in and out over the network, its CPU time. */
export interface RedisCounters {
  commands: Record<string, number>
  bytesIn: number
  bytesOut: number
  cpuMs: number
}

/** From `INFO commandstats`, `INFO stats` and `INFO cpu` (one text or all joined). */
export function redisCountersOf(info: Map<string, string>): RedisCounters {
  const commands: Record<string, number> = {}
  for (const [name, value] of info) {
    if (!name.startsWith('cmdstat_')) continue
    const calls = /(?:^|,)calls=(\d+)/.exec(value)
    if (calls) commands[name.slice('cmdstat_'.length)] = Number(calls[1])
  }
  const number = (name: string) => {
    const value = Number(info.get(name))
    if (!Number.isFinite(value)) throw new Error(`Redis INFO has no ${name}`)
    return value
  }
  const [bytesIn, bytesOut] = [number('total_net_input_bytes'), number('total_net_output_bytes')]
  return { commands, bytesIn, bytesOut, cpuMs: (number('used_cpu_user') + number('used_cpu_sys')) * 1000 }
}

/** after − before, per command (commands seen only after count from 0). */
export function redisDelta(after: RedisCounters, before: RedisCounters): RedisCounters {
  const commands: Record<string, number> = {}
  for (const [name, calls] of Object.entries(after.commands)) {
    const delta = calls - (before.commands[name] ?? 0)
    if (delta !== 0) commands[name] = delta
  }
  return { commands, bytesIn: after.bytesIn - before.bytesIn, bytesOut: after.bytesOut - before.bytesOut, cpuMs: after.cpuMs - before.cpuMs }
}

/**
 * A phase's delta less what reading the counters itself cost (the INFO calls and their replies,
 * measured between two back-to-back readings): negative remainders are noise and count as 0.
 */
export function lessOverhead(delta: RedisCounters, overhead: RedisCounters): RedisCounters {
  const commands: Record<string, number> = {}
  for (const [name, calls] of Object.entries(delta.commands)) {
    const left = calls - (overhead.commands[name] ?? 0)
    if (left > 0) commands[name] = left
  }
  const left = (a: number, b: number) => Math.max(0, a - b)
  return {
    commands,
    bytesIn: left(delta.bytesIn, overhead.bytesIn),
    bytesOut: left(delta.bytesOut, overhead.bytesOut),
    cpuMs: left(delta.cpuMs, overhead.cpuMs),
  }
}

/**
 * The commands clients sent, by name. Redis counts the commands a script runs too; the site's one
 * script (server/fleet/redis-link.cjs WRITE_IF_NEWER) runs an HGET, then HSET and PEXPIRE when it
 * writes, and nothing sends HSET or PEXPIRE otherwise: those are taken off, and the writes counted.
 */
export function sentByClients(commands: Readonly<Record<string, number>>): { sent: Record<string, number>; writes: number } {
  const evals = commands.eval ?? 0
  const sent: Record<string, number> = {}
  for (const [name, calls] of Object.entries(commands)) {
    const left = name === 'hget' ? calls - evals : name === 'hset' || name === 'pexpire' ? 0 : calls
    if (left > 0) sent[name] = left
  }
  return { sent, writes: commands.hset ?? 0 }
}

/**
 * What one kind of shared copy (symbol lists, tickers: server/fleet/shared-copies.ts) sent that Redis
 * answered, by step, as the instances' /api/metrics count it (`spot_redis_shared_copy_commands`):
 * its time (HGET), the copy (HMGET), a lease (SET NX PX), a write (the write script; `written`
 * when it stored, its HSET inside).
 */
export interface CopySteps {
  time: number
  read: number
  lease: number
  write: number
  written: number
}

const STEPS = ['time', 'read', 'lease', 'write', 'written'] as const
const noSteps = (): CopySteps => ({ time: 0, read: 0, lease: 0, write: 0, written: 0 })

/** Per kind of copy, its steps from one instance's /api/metrics text. */
export function copyStepsOf(metrics: string): Record<string, CopySteps> {
  const out: Record<string, CopySteps> = {}
  for (const [, copy, step, n] of metrics.matchAll(/^spot_redis_shared_copy_commands\{copy="([^"]+)",step="([^"]+)"\} (\d+)$/gm)) {
    if ((STEPS as readonly string[]).includes(step ?? '')) (out[copy ?? ''] ??= noSteps())[step as keyof CopySteps] = Number(n)
  }
  return out
}

/** after − before, per copy and step, summed over instances (each instance's pair in order). */
export function copyStepsDelta(after: readonly Record<string, CopySteps>[], before: readonly Record<string, CopySteps>[]): Record<string, CopySteps> {
  const out: Record<string, CopySteps> = {}
  after.forEach((instance, i) => {
    for (const [copy, steps] of Object.entries(instance)) {
      const sum = (out[copy] ??= noSteps())
      for (const step of STEPS) sum[step] += steps[step] - (before[i]?.[copy]?.[step] ?? 0)
    }
  })
  return out
}

/** A kind of shared copy's Redis traffic in a phase: looks (its time read), whole reads, leases, writes, and the bytes the reads and writes moved. */
export interface CopyTraffic {
  looks: number
  reads: number
  leases: number
  writes: number
  bytesIn: number
  bytesOut: number
}

/**
 * Tells the shared copies' traffic (symbol lists, tickers) from the pages' in a phase's delta, by
 * the steps the instances counted: each look is an HGET of the copy's time, a whole read an HMGET,
 * a lease a SET, a write an EVAL that runs an HGET, and an HSET (and a PEXPIRE, for a copy that
 * `expires`) when it stores. A read or write moves the copy's `bytes`. What is left is the pages'.
 */
export function splitSharedTraffic(
  delta: RedisCounters,
  copies: Record<string, { steps: CopySteps; bytes: number; expires: boolean }>,
): { pages: RedisCounters; copies: Record<string, CopyTraffic> } {
  const taken: Record<string, number> = {}
  const take = (name: string, n: number) => (taken[name] = (taken[name] ?? 0) + n)
  const traffic: Record<string, CopyTraffic> = {}
  for (const [name, { steps, bytes, expires }] of Object.entries(copies)) {
    take('hget', steps.time + steps.write)
    take('hmget', steps.read)
    take('set', steps.lease)
    take('eval', steps.write)
    take('hset', steps.written)
    if (expires) take('pexpire', steps.written)
    traffic[name] = {
      looks: steps.time,
      reads: steps.read,
      leases: steps.lease,
      writes: steps.write,
      bytesIn: steps.write * bytes,
      bytesOut: steps.read * bytes,
    }
  }
  const commands: Record<string, number> = {}
  for (const [name, calls] of Object.entries(delta.commands)) {
    const left = calls - (taken[name] ?? 0)
    if (left > 0) commands[name] = left
  }
  const moved = Object.values(traffic)
  return {
    pages: {
      commands,
      bytesIn: Math.max(0, delta.bytesIn - moved.reduce((sum, t) => sum + t.bytesIn, 0)),
      bytesOut: Math.max(0, delta.bytesOut - moved.reduce((sum, t) => sum + t.bytesOut, 0)),
      cpuMs: delta.cpuMs,
    },
    copies: traffic,
  }
}

/** Redis work per page view. */
export interface RedisPerView {
  /** Commands sent (a script is one). */
  commands: number
  byCommand: Record<string, number>
  /** Entries written (page or list copies newer than Redis's). */
  writes: number
  bytesIn: number
  bytesOut: number
  cpuMs: number
}

export function redisPerView(delta: RedisCounters, views: number): RedisPerView {
  if (!(views > 0)) throw new Error('redisPerView: no page views')
  const { sent, writes } = sentByClients(delta.commands)
  const byCommand = Object.fromEntries(Object.entries(sent).map(([name, calls]) => [name, calls / views]))
  const commands = Object.values(sent).reduce((a, b) => a + b, 0) / views
  return { commands, byCommand, writes: writes / views, bytesIn: delta.bytesIn / views, bytesOut: delta.bytesOut / views, cpuMs: delta.cpuMs / views }
}

/**
 * CPU ms per request from a process's CPU time over a phase, less what it burns idle over the
 * same wall time (timers, GC), divided by the requests.
 */
export function cpuMsPerRequest(phase: { cpuMs: number; wallMs: number; requests: number }, idleMsPerSecond: number): number {
  if (!(phase.requests > 0)) throw new Error('cpuMsPerRequest: no requests')
  return Math.max(0, phase.cpuMs - (idleMsPerSecond * phase.wallMs) / 1000) / phase.requests
}

/** The server's upstream endpoints by path (the simulator's names, docs/simulator.md). */
export function upstreamEndpointOf(path: string): string {
  const pathname = path.split('?')[0] ?? ''
  const name = pathname.split('/').filter(Boolean).at(-1) ?? ''
  if (/^symbol_list_(v3|all|v2)$/.test(name)) return name
  if (pathname === '/v5/market/tickers') return 'tickers'
  if (pathname === '/v5/market/kline') return 'kline'
  return 'other'
}

/** Calls per endpoint → calls per minute, over a window of `seconds`. */
export function perMinute(calls: Record<string, number>, seconds: number): Record<string, number> {
  if (!(seconds > 0)) throw new Error('perMinute: empty window')
  return Object.fromEntries(Object.entries(calls).map(([name, n]) => [name, (n * 60) / seconds]))
}

// ---------------------------------------------------------------------------------------------
// Extrapolation to a stated peak.

/** What the bench measured on this machine, per page view. */
export interface Measured {
  /**
   * Instance CPU ms per pair-page view: a cached page in the instance's memory (hit), a cached
   * page another instance made, read from Redis (hitFromRedis), a stale one (its answer and its
   * background render), a first render.
   */
  cpuMs: Record<ViewKind, number>
  /** nginx CPU ms per proxied view. */
  nginxCpuMs: number
  redis: Record<ViewKind, RedisPerView>
  /** Redis memory of one pair page's entry (MEMORY USAGE). */
  redisBytesPerPage: number
  /** Redis memory of one (upstream, language) symbol list, and of one upstream's tickers. */
  redisBytesPerList: number
  redisBytesPerTickers: number
  /** The shared copies' traffic per slot: symbol lists per (upstream, language), tickers per upstream. */
  lists: CopyRates
  tickers: CopyRates
  redisCpu: RedisOpCpu
  /**
   * The upstream bounds of the busiest region (the design's windows, which the bench checks it
   * reaches and keeps): its languages, and per state the calls of one symbol-list refresh (v3 + all
   * healthy; v3 + all + v2 failing) and how often the fleet may ask for tickers (one lease per 5 s
   * window and upstream, healthy or failing).
   */
  upstream: UpstreamDesign
}

export interface UpstreamDesign {
  languages: number
  listWindowS: number
  healthy: UpstreamRates
  outage: UpstreamRates
}

/**
 * A kind of shared copy's traffic per slot, measured while every slot was asked continuously:
 * per look (an instance's first render of the slot in a window) its time reads, whole reads
 * (when newer; more than one when it waits for the lease holder's copy) and lease SETs; writes
 * per minute for the fleet (live refreshes); the bytes one read or write moves; the window.
 */
export interface CopyRates {
  timesPerLook: number
  readsPerLook: number
  leasesPerLook: number
  writesPerMinute: number
  bytes: number
  windowS: number
}

/**
 * Redis CPU ms per operation with many in flight (./redis-replay.ts): a page's look (HGET + GET),
 * a page entry read whole, a page written; a shared copy's time; a list and an upstream's tickers
 * read whole and written. Per view, measured one request at a time, it is several times more
 * (each command wakes Redis alone): `redis[kind].cpuMs`.
 */
export interface RedisOpCpu {
  /** A cached page's look at Redis: HGET of its time and GET of the tag version. */
  headMs: number
  /** A page entry read whole (HGET of its data: a HIT another instance made). */
  entryReadMs: number
  /** A page entry written (WRITE_IF_NEWER with the entry, its expiry). */
  pageWriteMs: number
  /** A shared copy's time (HGET): the first step of every look at a symbol list or tickers (server/fleet/shared-copies.ts). */
  copyTimeMs: number
  /** A symbol list read whole, when newer (HMGET of its time and two records). */
  listReadMs: number
  /** A symbol list written (WRITE_IF_NEWER with its two records). */
  listWriteMs: number
  /** An upstream's tickers read whole (HMGET), and written (WRITE_IF_NEWER, a day's expiry); 0 without a tickers copy to copy. */
  tickersReadMs: number
  tickersWriteMs: number
}

/**
 * A shared copy's Redis load: `slots` copies, each looked at by every instance once in each
 * window it renders a page of it (listLooksPerMinute, renders spread evenly over the slots),
 * written `writesPerMinute` for the fleet.
 */
/** The symbol lists' and the tickers' shared copies: each a copyLoad at its own slots and costs. */
function sharedCopiesLoad(
  m: { lists: CopyRates; tickers: CopyRates; redisCpu: RedisOpCpu },
  slots: { listSlots: number; tickerSlots: number },
  instances: number,
  rendersPerSecond: number,
) {
  const c = m.redisCpu
  return {
    lists: copyLoad(m.lists, { slots: slots.listSlots, instances, rendersPerSecond }, { timeMs: c.copyTimeMs, readMs: c.listReadMs, writeMs: c.listWriteMs }),
    tickers: copyLoad(
      m.tickers,
      { slots: slots.tickerSlots, instances, rendersPerSecond },
      { timeMs: c.copyTimeMs, readMs: c.tickersReadMs, writeMs: c.tickersWriteMs },
    ),
  }
}

export function copyLoad(
  rates: CopyRates,
  o: { slots: number; instances: number; rendersPerSecond: number },
  cpu: { timeMs: number; readMs: number; writeMs: number },
): { looksPerSecond: number; commandsPerSecond: number; bytesInPerSecond: number; bytesOutPerSecond: number; cpuMs: number } {
  const looks = (o.slots * o.instances * listLooksPerMinute(o.rendersPerSecond / o.instances, o.slots, rates.windowS)) / 60
  const writes = (o.slots * rates.writesPerMinute) / 60
  return {
    looksPerSecond: looks,
    commandsPerSecond: looks * (rates.timesPerLook + rates.readsPerLook + rates.leasesPerLook) + writes,
    bytesInPerSecond: writes * rates.bytes,
    bytesOutPerSecond: looks * rates.readsPerLook * rates.bytes,
    cpuMs: looks * (rates.timesPerLook * cpu.timeMs + rates.readsPerLook * cpu.readMs) + writes * cpu.writeMs,
  }
}

export type ViewKind = 'hit' | 'hitFromRedis' | 'stale' | 'miss'
const kinds: readonly ViewKind[] = ['hit', 'hitFromRedis', 'stale', 'miss']

export interface UpstreamRates {
  callsPerRefresh: number
  tickersEveryS: number
}

export interface UpstreamPerMinute {
  /** symbol_list_v3 + symbol_list_all + symbol_list_v2: at most one refresh per (upstream, language) per window, fleet-wide. */
  symbolLists: number
  /** tickers: at most one per upstream per 5 s window, fleet-wide (a lease, as the lists). */
  tickers: number
}

export interface Assumptions {
  /** Page views per second at the peak, crawlers apart. */
  peakViewsPerSecond: number
  /** Share of those answered from the cache as fresh (HIT). */
  hitShare: number
  /** Of the other views, the share that are first renders (MISS); the rest are stale pages regenerated (STALE). */
  missShareOfOthers: number
  /**
   * How nginx spreads views: `round-robin` (as shipped: a page's views land on any instance, and
   * the first on each instance after the page was made again reads it from Redis) or `by-url`
   * (each page on one instance: its HITs are in that instance's memory).
   */
  balancing: 'round-robin' | 'by-url'
  /** The crawlers' walk: every page of every region and language once per `days`. */
  crawl: { regions: number; languages: number; pairs: number; days: number }
  /** Crawler views are first renders (MISS): the shared entries expire after 24 h, the walk's period. */
  crawlerViewsMiss: boolean
  /** Busy share of one core an instance is planned at (one instance per core: rendering is one thread). */
  targetUtilisation: number
  /** Instances kept beyond the need, to lose one (or deploy one) at the peak. */
  spareInstances: number
  /** Builds whose pages Redis holds at once (keys are per build and live 24 h: a deploy a day keeps two). */
  buildsInRedis: number
  /** (upstream, language) symbol lists in Redis, and upstreams (tickers copies). */
  listSlots: number
  tickerSlots: number
  /** Redis memory planned above the data (fragmentation, replication buffers, the growth of a day). */
  redisMemoryHeadroom: number
}

export const STATED_PEAK: Assumptions = {
  peakViewsPerSecond: 2000,
  hitShare: 0.8,
  missShareOfOthers: 0,
  balancing: 'round-robin',
  crawl: { regions: 9, languages: 16, pairs: 570, days: 1 },
  crawlerViewsMiss: true,
  targetUtilisation: 0.6,
  spareInstances: 1,
  buildsInRedis: 2,
  listSlots: 9 * 16,
  tickerSlots: 9,
  redisMemoryHeadroom: 1.5,
}

export interface Plan {
  /** Views per second by kind, crawlers included. */
  viewsPerSecond: Record<ViewKind | 'total', number>
  crawlerViewsPerSecond: number
  /** Share of HITs read from Redis (the first view on an instance since the page was made again). */
  hitsFromRedisShare: number
  /** Instance CPU needed, in cores (CPU-seconds per second). */
  instanceCores: number
  /** Instances at the target utilisation, then with the spare(s). */
  instancesNeeded: number
  instances: number
  nginxCores: number
  redis: {
    commandsPerSecond: number
    bytesInPerSecond: number
    bytesOutPerSecond: number
    /** Share of Redis's one command thread, from the replayed costs (many commands in flight). */
    cores: number
    /** The same from the per-view CPU measured one request at a time (each command waking Redis alone): an upper bound. */
    coresOneAtATime: number
    /** The shared copies' part of the commands, bytes and CPU above. */
    lists: CopyLoad
    tickers: CopyLoad
    pages: number
    dataBytes: number
    memoryBytes: number
  }
  /** Upstream calls per minute of the busiest region with `instances` instances, fleet-wide, at most. */
  upstream: { healthy: UpstreamPerMinute; outage: UpstreamPerMinute }
}

/**
 * With round-robin balancing, the share of a page's HITs that read it from Redis. Each time a
 * page is made again (once per revalidate period, on one instance) every other instance's copy
 * is older: the first view there reads the new one. With `viewsPerCycle` views per period (one
 * of them the regeneration) spread at random over `instances`, the i-th HIT is local when its
 * instance already saw the new copy, 1 − (1 − 1/N)^i on average.
 */
export type CopyLoad = ReturnType<typeof copyLoad>

export function hitsFromRedisShare(viewsPerCycle: number, instances: number): number {
  const hits = Math.max(0, Math.round(viewsPerCycle) - 1)
  if (hits === 0 || !Number.isFinite(hits) || instances <= 1) return 0
  // Σ (1 − q^i) for i = 1…hits, q = 1 − 1/N.
  const q = 1 - 1 / instances
  const local = hits - (q * (1 - q ** hits)) / (1 - q)
  return 1 - local / hits
}

export function capacityPlan(m: Measured, a: Assumptions): Plan {
  if (a.hitShare < 0 || a.hitShare >= 1 || a.missShareOfOthers < 0 || a.missShareOfOthers > 1)
    throw new Error('capacityPlan: shares must be within 0…1 (HITs below 1)')
  if (!(a.targetUtilisation > 0 && a.targetUtilisation <= 1)) throw new Error('capacityPlan: target utilisation must be within (0, 1]')
  const pages = a.crawl.regions * a.crawl.languages * a.crawl.pairs
  const crawler = pages / (a.crawl.days * 86_400)
  const others = a.peakViewsPerSecond * (1 - a.hitShare)
  const hits = a.peakViewsPerSecond * a.hitShare + (a.crawlerViewsMiss ? 0 : crawler)
  const stale = others * (1 - a.missShareOfOthers)
  // A stale view is once per page per period: the views of a page in a period, that one included.
  const viewsPerCycle = stale > 0 ? (hits + stale) / stale : Infinity
  const viewsWith = (share: number): Record<ViewKind | 'total', number> => ({
    hit: hits * (1 - share),
    hitFromRedis: hits * share,
    stale,
    miss: others * a.missShareOfOthers + (a.crawlerViewsMiss ? crawler : 0),
    total: a.peakViewsPerSecond + crawler,
  })
  const sumOver = (views: Record<ViewKind, number>, per: (kind: ViewKind) => number) => kinds.reduce((total, kind) => total + views[kind] * per(kind), 0)
  const sizeFor = (share: number) => {
    const views = viewsWith(share)
    const instanceCores = sumOver(views, (kind) => m.cpuMs[kind]) / 1000
    const instancesNeeded = Math.max(1, Math.ceil(instanceCores / a.targetUtilisation - 1e-9))
    return { views, instanceCores, instancesNeeded, instances: instancesNeeded + a.spareInstances }
  }
  // The share depends on the instances, the instances on the share: a few rounds converge (it grows with both).
  let share = 0
  let size = sizeFor(share)
  for (let round = 0; a.balancing === 'round-robin' && round < 50; round++) {
    const next = hitsFromRedisShare(viewsPerCycle, size.instances)
    if (next === share) break
    share = next
    size = sizeFor(share)
  }
  const { views, instanceCores, instancesNeeded, instances } = size
  const sum = (per: (kind: ViewKind) => number) => sumOver(views, per)
  const dataBytes = pages * m.redisBytesPerPage * a.buildsInRedis + a.listSlots * m.redisBytesPerList + a.tickerSlots * m.redisBytesPerTickers
  const renders = views.stale + views.miss
  const c = m.redisCpu
  // Each instance looks at a slot's fleet copy in the windows it renders a page of that slot.
  const { lists, tickers } = sharedCopiesLoad(m, a, instances, renders)
  const listCpuMs = lists.cpuMs + tickers.cpuMs
  const pageCpuMs = views.hit * c.headMs + views.hitFromRedis * (c.headMs + c.entryReadMs) + renders * (c.headMs + c.pageWriteMs)
  return {
    viewsPerSecond: views,
    crawlerViewsPerSecond: crawler,
    hitsFromRedisShare: share,
    instanceCores,
    instancesNeeded,
    instances,
    nginxCores: (views.total * m.nginxCpuMs) / 1000,
    redis: {
      commandsPerSecond: sum((kind) => m.redis[kind].commands) + lists.commandsPerSecond + tickers.commandsPerSecond,
      bytesInPerSecond: sum((kind) => m.redis[kind].bytesIn) + lists.bytesInPerSecond + tickers.bytesInPerSecond,
      bytesOutPerSecond: sum((kind) => m.redis[kind].bytesOut) + lists.bytesOutPerSecond + tickers.bytesOutPerSecond,
      cores: (pageCpuMs + listCpuMs) / 1000,
      coresOneAtATime: (sum((kind) => m.redis[kind].cpuMs) + listCpuMs) / 1000,
      lists,
      tickers,
      pages,
      dataBytes,
      memoryBytes: dataBytes * a.redisMemoryHeadroom,
    },
    upstream: upstreamOf(m.upstream),
  }
}

/** Symbol lists are shared by the fleet (a lease per language and window), tickers too (a lease per upstream and window): neither grows with the instances. */
function upstreamOf(u: UpstreamDesign): { healthy: UpstreamPerMinute; outage: UpstreamPerMinute } {
  return {
    healthy: upstreamCeiling({ languages: u.languages, listWindowS: u.listWindowS, ...u.healthy }),
    outage: upstreamCeiling({ languages: u.languages, listWindowS: u.listWindowS, ...u.outage }),
  }
}

/**
 * The most upstream calls per region per minute the design allows once every language is asked
 * continuously, whatever the instances: a symbol-list refresh per (upstream, language) per window
 * (the lease), of `callsPerRefresh` calls, and a tickers call every `tickersEveryS` (the tickers'
 * lease; docs/decisions/fleet.md "One refresher per fleet for lists and tickers").
 */
export function upstreamCeiling(o: { languages: number; listWindowS: number; callsPerRefresh: number; tickersEveryS: number }): UpstreamPerMinute {
  return { symbolLists: o.languages * (60 / o.listWindowS) * o.callsPerRefresh, tickers: 60 / o.tickersEveryS }
}

/**
 * How often one instance looks at one slot's fleet copy, per minute: once in each window
 * (`windowS`, the reuse window) in which it renders a page of that slot, renders spread evenly
 * over `slots` (Poisson: a window holds at least one with 1 − e^(−renders per window)).
 */
export function listLooksPerMinute(rendersPerSecond: number, slots: number, windowS: number): number {
  if (!(slots > 0 && windowS > 0)) throw new Error('listLooksPerMinute: no slots or no window')
  return (60 / windowS) * (1 - Math.exp(-(rendersPerSecond * windowS) / slots))
}

/** CPU a process burns idle (timers, Redis's cron) over a phase's wall time, taken off its delta. */
export function lessIdle(delta: RedisCounters, idleMsPerSecond: number, wallMs: number): RedisCounters {
  return { ...delta, cpuMs: Math.max(0, delta.cpuMs - (idleMsPerSecond * wallMs) / 1000) }
}

// ---------------------------------------------------------------------------------------------
// The traffic model with the edge in front (issue #44; docs/capacity.md "The traffic model"):
// views spread over the real pages by Zipf popularity; the edge answers HITs, the fleet sees
// regenerations, the edge's refreshes and what every view asks after load.

/**
 * Views per second of each page, most viewed first: `total` views a second over `pages` pages
 * with Zipf popularity of exponent `s` (page i is viewed in proportion to i^−s).
 */
export function zipfRates(total: number, pages: number, s: number): Float64Array {
  if (!(pages >= 1 && Number.isInteger(pages)) || !(total >= 0) || !(s >= 0)) throw new Error('zipfRates: pages must be a whole number ≥ 1, total and s ≥ 0')
  const rates = new Float64Array(pages)
  let sum = 0
  for (let i = 0; i < pages; i++) sum += rates[i] = (i + 1) ** -s
  for (let i = 0; i < pages; i++) rates[i] = ((rates[i] ?? 0) * total) / sum
  return rates
}

/** The expected number of distinct pages viewed in a window of `seconds` (views a Poisson stream per page): Σ 1 − e^(−λ·t). */
export function distinctPagesViewed(rates: ArrayLike<number>, seconds: number): number {
  let sum = 0
  for (let i = 0; i < rates.length; i++) sum += -Math.expm1(-(rates[i] ?? 0) * seconds)
  return sum
}

/**
 * Refreshes per second of a cache that keeps each page `holdS` seconds and refreshes it on its
 * first view after (Next's ISR with `revalidate`, or an edge with `s-maxage`; a stale view
 * starts the refresh): a renewal every holdS + 1/λ, so Σ λ / (1 + λ·holdS). Fewer than the
 * distinct pages viewed per period, per period (x / (1 + x) ≤ 1 − e^(−x)).
 */
export function refreshesPerSecond(rates: ArrayLike<number>, holdS: number): number {
  let sum = 0
  for (let i = 0; i < rates.length; i++) {
    const rate = rates[i] ?? 0
    sum += rate / (1 + rate * holdS)
  }
  return sum
}

/**
 * A CDN of `pops` points of presence, each seeing an equal share of every page's views and
 * keeping a page `sMaxAgeS` (then its first view refreshes it, in the background): the page
 * requests per second that reach the origin (each point of presence a cache as in
 * refreshesPerSecond), the regenerations among them (a page at most once per `revalidateS`:
 * per page the fewer of its origin requests and its distinct-views bound (1 − e^(−λT)) / T), and
 * the rest, answered from the instances' cache. One point of presence with s-maxage ≥ revalidate
 * (the edge of `npm run fleet`): each refresh finds the instances' copy stale, and every origin
 * request is a regeneration.
 */
export function originLoad(
  rates: ArrayLike<number>,
  o: { pops: number; sMaxAgeS: number; revalidateS: number },
): { requests: number; regenerations: number; hits: number } {
  if (!(o.pops >= 1) || !(o.sMaxAgeS >= 0) || !(o.revalidateS > 0)) throw new Error('originLoad: pops ≥ 1, s-maxage ≥ 0 and revalidate > 0')
  let requests = 0
  let regenerations = 0
  for (let i = 0; i < rates.length; i++) {
    const rate = rates[i] ?? 0
    const asked = rate / (1 + (rate * o.sMaxAgeS) / o.pops)
    requests += asked
    regenerations += Math.min(asked, -Math.expm1(-rate * o.revalidateS) / o.revalidateS)
  }
  return { requests, regenerations, hits: requests - regenerations }
}

/** The traffic the fleet is planned for with the edge in front (EDGE_PEAK). */
export interface TrafficModel {
  /** Pair-page views per second at the peak, crawlers apart. */
  viewsPerSecond: number
  /** The real pair pages: sites (region × language) × pairs. */
  sites: number
  pairsPerSite: number
  /** Zipf exponent of the pages' popularity. */
  zipfS: number
  /** The pair pages' `revalidate` (s): Next's ISR period. */
  revalidateS: number
  /**
   * The edge's copies: points of presence (1: the fleet's nginx), how long each keeps a page
   * fresh (Next sends s-maxage = revalidate), and whether it keeps an instance's STALE answer.
   * The fleet's edge keeps none (issue #44: a kept copy is never older than the revalidate
   * period): after each regeneration one more request, answered from the instances' cache, brings
   * the new copy in.
   */
  edge: { pops: number; sMaxAgeS: number; keepsStale: boolean }
  /** Crawlers walk every pair page once per `days`; the edge rarely has the page they ask for, and the instances' copy is past its expiry: each a render. */
  crawlDays: number
  /** Markets pages (one per site): viewed all the time, each regenerated once per its own period (s). */
  marketsPages: number
  marketsRevalidateS: number
  /** /api/client-config is asked by every view; the edge keeps it per host for `ttlS` (its s-maxage): `hosts` requests reach the fleet per ttlS (0: no edge copy, every view asks). */
  clientConfig: { hosts: number; ttlS: number }
  /** How long a view stays open: what it asks after load depends on it. */
  viewSeconds: number
  /** Client monitor batches a view of viewSeconds sends to /api/monitor (a POST each: no cache keeps them), its leave beacon included; the bench counts them. */
  monitorBatchesPerView: number
  /**
   * Monitor batches the edge passes to the fleet per second, all sites together; the rest it
   * refuses itself (429: a beacon refused is dropped, never sent again). null: every batch reaches
   * an instance, whose collector refuses those past its bound at almost the cost of taking them.
   */
  monitorPassedByEdge: number | null
  /** Instances at this share of one core each (rendering is one thread), plus the spare(s). */
  targetUtilisation: number
  spareInstances: number
  /** Redis memory: pages of this many builds (keys per build, 24 h), the symbol lists (one per site: its upstream and language), the tickers (one per upstream), and headroom. */
  buildsInRedis: number
  listSlots: number
  tickerSlots: number
  redisMemoryHeadroom: number
}

export const EDGE_PEAK: TrafficModel = {
  viewsPerSecond: 2000,
  sites: 48,
  pairsPerSite: 570,
  zipfS: 1,
  revalidateS: 300,
  edge: { pops: 1, sMaxAgeS: 300, keepsStale: false },
  crawlDays: 1,
  marketsPages: 48,
  marketsRevalidateS: 60,
  // One key per host (9 regions' hosts), kept its s-maxage (app/api/client-config/route.ts; a test keeps the two equal).
  clientConfig: { hosts: 9, ttlS: 20 },
  viewSeconds: 30,
  monitorBatchesPerView: 3,
  monitorPassedByEdge: 200,
  targetUtilisation: 0.6,
  spareInstances: 1,
  buildsInRedis: 2,
  listSlots: 48,
  tickerSlots: 9,
  redisMemoryHeadroom: 1.5,
}

/** What the bench measured that the edge plan needs (instance CPU ms per request; Redis per operation). */
export interface EdgeMeasured {
  cpuMs: {
    /** A regeneration: the stale answer the edge gets and the render behind it (STALE). */
    render: number
    /** An origin request answered from the instances' cache: read from Redis (round-robin: rarely this instance's own copy). */
    hitFromRedis: number
    /** The markets page's render. */
    marketsRender: number
    /** /api/client-config, and a monitor batch accepted or refused (429) by the collector. */
    clientConfig: number
    monitorBatch: number
    monitorRefused: number
  }
  /** The collector's bound in all per instance (batches a second; docs/decisions/client-wiring.md "Collector bounds"). */
  monitorBatchesPerSecondPerInstance: number
  /** CPU ms a second an instance spends on background work while it regenerates (the shared copies' refreshes and reads, GC), beyond its requests. */
  backgroundMsPerSecond: number
  redisBytesPerPage: number
  redisBytesPerList: number
  redisBytesPerTickers: number
  /** Redis CPU ms per operation with many in flight (./redis-replay.ts). */
  redisCpu: RedisOpCpu
  /** Bytes a page entry moves per read or write. */
  entryWireBytes: number
  /** The shared copies' traffic per look and per refresh, as in Measured. */
  lists: CopyRates
  tickers: CopyRates
  /** The edge's (nginx's) CPU ms per request: a page (or the client config) from its cache, a request it passes to an instance, a monitor batch it refuses. */
  edgeCpuMs: { hit: number; proxied: number; refused: number }
  upstream: UpstreamDesign
}

export interface EdgePlan {
  pages: number
  /** Distinct pages viewed per revalidate period (the regenerations' bound), and per second over the period. */
  distinctPerPeriod: number
  /** Page requests that reach the fleet, and the regenerations expected among them, per second. */
  originRequests: number
  regenerations: number
  /** Regenerations the instances are sized for: the bound, distinct pages viewed per period / period. */
  plannedRegenerations: number
  crawlerRendersPerSecond: number
  marketsRendersPerSecond: number
  clientConfigPerSecond: number
  /** Batches a second: sent by the views, accepted by the instances' collectors, refused by them, refused by the edge. */
  monitor: { batchesPerSecond: number; accepted: number; refused: number; refusedByEdge: number }
  /** Instance CPU by what spends it (CPU-seconds per second). */
  cores: { renders: number; hits: number; crawl: number; markets: number; clientConfig: number; monitor: number; background: number; total: number }
  instancesNeeded: number
  instances: number
  /**
   * The edge's work: pages and client configs it answers from its cache (each view asks both),
   * requests it passes to the instances, monitor batches it refuses, and its CPU (per point of
   * presence when there are several: the sum over them). The scripts a view loads are static
   * files, as cheap as from any file server, and mostly in the browser's cache: not counted.
   */
  edge: { hitsPerSecond: number; proxiedPerSecond: number; refusedPerSecond: number; cores: number }
  redis: {
    commandsPerSecond: number
    bytesInPerSecond: number
    bytesOutPerSecond: number
    cores: number
    dataBytes: number
    memoryBytes: number
    /** The shared copies' part of the above: each instance looks at a slot's copy in the windows it renders a page of it. */
    lists: CopyLoad
    tickers: CopyLoad
  }
  /** Upstream calls per minute of the busiest region, fleet-wide, at most. */
  upstream: { healthy: UpstreamPerMinute; outage: UpstreamPerMinute }
}

export function edgePlan(m: EdgeMeasured, t: TrafficModel): EdgePlan {
  if (!(t.targetUtilisation > 0 && t.targetUtilisation <= 1)) throw new Error('edgePlan: target utilisation must be within (0, 1]')
  const pages = t.sites * t.pairsPerSite
  const rates = zipfRates(t.viewsPerSecond, pages, t.zipfS)
  const origin = originLoad(rates, { pops: t.edge.pops, sMaxAgeS: t.edge.sMaxAgeS, revalidateS: t.revalidateS })
  const distinct = distinctPagesViewed(rates, t.revalidateS)
  // Sized for the bound, which no placement of the edge's refreshes exceeds.
  const planned = Math.max(origin.regenerations, distinct / t.revalidateS)
  // An edge that keeps no STALE answer asks once more for each regeneration's copy.
  const hits = origin.hits + (t.edge.keepsStale ? 0 : planned)
  const crawler = pages / (t.crawlDays * 86_400)
  const markets = t.marketsPages / t.marketsRevalidateS
  const clientConfig = t.clientConfig.ttlS > 0 ? (t.clientConfig.hosts * t.edge.pops) / t.clientConfig.ttlS : t.viewsPerSecond
  const batches = t.viewsPerSecond * t.monitorBatchesPerView
  const passed = Math.min(batches, t.monitorPassedByEdge ?? Infinity)
  const cores = (instances: number) => {
    const accepted = Math.min(passed, instances * m.monitorBatchesPerSecondPerInstance)
    const c = m.cpuMs
    const parts = {
      renders: (planned * c.render) / 1000,
      hits: (hits * c.hitFromRedis) / 1000,
      crawl: (crawler * c.render) / 1000,
      markets: (markets * c.marketsRender) / 1000,
      clientConfig: (clientConfig * c.clientConfig) / 1000,
      monitor: (accepted * c.monitorBatch + (passed - accepted) * c.monitorRefused) / 1000,
      background: (instances * m.backgroundMsPerSecond) / 1000,
    }
    const total = Object.values(parts).reduce((a, b) => a + b, 0)
    return { parts: { ...parts, total }, accepted }
  }
  // The collector's bound grows with the instances, and the instances with what it accepts: a few rounds converge.
  let instancesNeeded = 1
  for (let round = 0; round < 50; round++) {
    const next = Math.max(1, Math.ceil(cores(instancesNeeded + t.spareInstances).parts.total / t.targetUtilisation - 1e-9))
    if (next === instancesNeeded) break
    instancesNeeded = next
  }
  const instances = instancesNeeded + t.spareInstances
  const { parts, accepted } = cores(instances)
  const renders = planned + crawler + markets
  const r = m.redisCpu
  // Each origin request looks (HGET + GET); an answer from the cache reads the entry; a render writes it (a script).
  const looks = origin.requests + (t.edge.keepsStale ? 0 : planned) + crawler + markets
  const dataBytes = pages * m.redisBytesPerPage * t.buildsInRedis + t.listSlots * m.redisBytesPerList + t.tickerSlots * m.redisBytesPerTickers
  const { lists, tickers } = sharedCopiesLoad(m, t, instances, renders)
  const originRequests = origin.requests + (t.edge.keepsStale ? 0 : planned)
  const edgeHits = Math.max(0, t.viewsPerSecond - origin.requests) + Math.max(0, t.viewsPerSecond - clientConfig)
  const proxied = originRequests + crawler + markets + clientConfig + passed
  const refusedByEdge = batches - passed
  return {
    pages,
    distinctPerPeriod: distinct,
    originRequests,
    regenerations: origin.regenerations,
    plannedRegenerations: planned,
    crawlerRendersPerSecond: crawler,
    marketsRendersPerSecond: markets,
    clientConfigPerSecond: clientConfig,
    monitor: { batchesPerSecond: batches, accepted, refused: passed - accepted, refusedByEdge },
    cores: parts,
    instancesNeeded,
    instances,
    edge: {
      hitsPerSecond: edgeHits,
      proxiedPerSecond: proxied,
      refusedPerSecond: refusedByEdge,
      cores: (edgeHits * m.edgeCpuMs.hit + proxied * m.edgeCpuMs.proxied + refusedByEdge * m.edgeCpuMs.refused) / 1000,
    },
    redis: {
      commandsPerSecond: looks * 2 + hits + renders + lists.commandsPerSecond + tickers.commandsPerSecond,
      bytesInPerSecond: renders * m.entryWireBytes + lists.bytesInPerSecond + tickers.bytesInPerSecond,
      bytesOutPerSecond: hits * m.entryWireBytes + lists.bytesOutPerSecond + tickers.bytesOutPerSecond,
      cores: (looks * r.headMs + hits * r.entryReadMs + renders * r.pageWriteMs + lists.cpuMs + tickers.cpuMs) / 1000,
      dataBytes,
      memoryBytes: dataBytes * t.redisMemoryHeadroom,
      lists,
      tickers,
    },
    upstream: upstreamOf(m.upstream),
  }
}

/** What one Redis is planned to give: a share of its one command thread, network egress, memory. */
export interface RedisLimits {
  threadShare: number
  egressBytesPerSecond: number
  memoryBytes: number
}

/** A 1 Gbit/s link, half its thread, a 25 GB node: what one Redis here is planned to give. */
export const ONE_REDIS: RedisLimits = { threadShare: 0.5, egressBytesPerSecond: 125e6, memoryBytes: 25e9 }

/**
 * The peak (views per second) at which one Redis is outgrown under the model, and by what: its
 * thread, its egress or its memory, searched up to `maxViewsPerSecond` (Infinity when none is
 * reached: with one edge the regenerations, and so Redis's work, stop growing at a page per period).
 */
export function redisOutgrownAt(
  m: EdgeMeasured,
  t: TrafficModel,
  limits: RedisLimits = ONE_REDIS,
  maxViewsPerSecond = 1e6,
): { viewsPerSecond: number; by: 'thread' | 'egress' | 'memory' | null } {
  const over = (views: number): 'thread' | 'egress' | 'memory' | null => {
    const { redis } = edgePlan(m, { ...t, viewsPerSecond: views })
    if (redis.memoryBytes > limits.memoryBytes) return 'memory'
    if (redis.cores > limits.threadShare) return 'thread'
    if (Math.max(redis.bytesOutPerSecond, redis.bytesInPerSecond) > limits.egressBytesPerSecond) return 'egress'
    return null
  }
  if (over(maxViewsPerSecond) === null) return { viewsPerSecond: Infinity, by: null }
  let [low, high] = [0, maxViewsPerSecond]
  while (high - low > Math.max(1, high * 1e-3)) {
    const mid = (low + high) / 2
    if (over(mid) === null) low = mid
    else high = mid
  }
  return { viewsPerSecond: high, by: over(high) }
}

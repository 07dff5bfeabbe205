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

/** An instance's Redis link as /api/metrics tells it (server/fleet.ts): commands timed out, skipped (breaker open), failed; breaker openings. */
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
 * script (server/redis-link.cjs WRITE_IF_NEWER) runs an HGET, then HSET and PEXPIRE when it
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

/** The pair lists' Redis traffic in a phase (server/pair-list-shared.ts): reads, leases, writes. */
export interface ListTraffic {
  /** HGETALL: an instance reading the fleet's copy (the whole list). */
  reads: number
  /** SET NX PX: an instance asking for a window's lease. */
  leases: number
  /** WRITE_IF_NEWER of a list: one per live refresh. */
  writes: number
  bytesIn: number
  bytesOut: number
}

/**
 * Tells the pair lists' traffic from the pages' in a phase's delta. Only lists use HGETALL and
 * SET; list writes are the live refreshes the upstream saw (`listWrites`); each read or write
 * moves one list of `listBytes`. What is left is the pages'.
 */
export function splitListTraffic(delta: RedisCounters, o: { listWrites: number; listBytes: number }): { pages: RedisCounters; lists: ListTraffic } {
  const c = delta.commands
  const reads = c.hgetall ?? 0
  const leases = c.set ?? 0
  const writes = Math.min(o.listWrites, c.eval ?? 0)
  const lists = { reads, leases, writes, bytesIn: writes * o.listBytes, bytesOut: reads * o.listBytes }
  const commands: Record<string, number> = {}
  for (const [name, calls] of Object.entries(c)) {
    // A list write is an EVAL with its HGET and HSET inside.
    const left = name === 'hgetall' || name === 'set' ? 0 : name === 'eval' || name === 'hget' || name === 'hset' ? calls - writes : calls
    if (left > 0) commands[name] = left
  }
  return {
    pages: { commands, bytesIn: Math.max(0, delta.bytesIn - lists.bytesIn), bytesOut: Math.max(0, delta.bytesOut - lists.bytesOut), cpuMs: delta.cpuMs },
    lists,
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
  /** Redis memory of one (upstream, language) pair list. */
  redisBytesPerList: number
  /**
   * Pair-list traffic per (upstream, language) slot, measured while every slot was asked
   * continuously: HGETALL reads and lease SETs per look (an instance's first render of the slot
   * in a window; more than one read when it waits for the lease holder's copy), writes (live
   * refreshes) per minute for the fleet, and the bytes one read or write moves.
   */
  lists: { readsPerLook: number; leasesPerLook: number; writesPerMinute: number; bytes: number; windowS: number }
  /**
   * Redis CPU ms per operation with many in flight (./redis-replay.ts): a page's look (HGET +
   * GET), a page entry read whole, a page written, a list read, a list written. Per view,
   * measured one request at a time, it is several times more (each command wakes Redis alone):
   * `redis[kind].cpuMs`.
   */
  redisCpu: { headMs: number; entryReadMs: number; pageWriteMs: number; listReadMs: number; listWriteMs: number }
  /**
   * The upstream bounds of the busiest region (the design's windows, which the bench checks it
   * reaches and keeps): its languages, and per state the calls of one pair-list refresh (v3 + all
   * healthy; v3 + all + v2 failing) and how often each instance asks for tickers (the 5 s reuse
   * healthy; the capped back-off, 5–10 s, 7.5 s on average, failing).
   */
  upstream: { languages: number; listWindowS: number; healthy: UpstreamRates; outage: UpstreamRates }
}

export type ViewKind = 'hit' | 'hitFromRedis' | 'stale' | 'miss'
const kinds: readonly ViewKind[] = ['hit', 'hitFromRedis', 'stale', 'miss']

export interface UpstreamRates {
  callsPerRefresh: number
  tickersEveryS: number
}

export interface UpstreamPerMinute {
  /** symbol_list_v3 + symbol_list_all + symbol_list_v2: at most one refresh per (upstream, language) per window, fleet-wide. */
  pairLists: number
  /** tickers: one per upstream per reuse window in each instance (not shared). */
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
  /** (upstream, language) pair lists in Redis. */
  listSlots: number
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
    /** The pair lists' part of the commands and bytes above. */
    lists: { commandsPerSecond: number; bytesInPerSecond: number; bytesOutPerSecond: number }
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
  // The share depends on the instances, the instances on the share: a few rounds settle it (it grows with both).
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
  const dataBytes = pages * m.redisBytesPerPage * a.buildsInRedis + a.listSlots * m.redisBytesPerList
  const renders = views.stale + views.miss
  // Each instance looks at a slot's fleet copy in the windows it renders a page of that slot.
  const looks = (a.listSlots * instances * listLooksPerMinute(renders / instances, a.listSlots, m.lists.windowS)) / 60
  const listWrites = (a.listSlots * m.lists.writesPerMinute) / 60
  const lists = {
    commandsPerSecond: looks * (m.lists.readsPerLook + m.lists.leasesPerLook) + listWrites,
    bytesInPerSecond: listWrites * m.lists.bytes,
    bytesOutPerSecond: looks * m.lists.readsPerLook * m.lists.bytes,
  }
  const listCpuMs = looks * m.lists.readsPerLook * m.redisCpu.listReadMs + listWrites * m.redisCpu.listWriteMs
  const c = m.redisCpu
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
      commandsPerSecond: sum((kind) => m.redis[kind].commands) + lists.commandsPerSecond,
      bytesInPerSecond: sum((kind) => m.redis[kind].bytesIn) + lists.bytesInPerSecond,
      bytesOutPerSecond: sum((kind) => m.redis[kind].bytesOut) + lists.bytesOutPerSecond,
      cores: (pageCpuMs + listCpuMs) / 1000,
      coresOneAtATime: (sum((kind) => m.redis[kind].cpuMs) + listCpuMs) / 1000,
      lists,
      pages,
      dataBytes,
      memoryBytes: dataBytes * a.redisMemoryHeadroom,
    },
    // Pair lists are shared by the fleet (a lease per language and window); tickers are asked by each instance.
    upstream: {
      healthy: upstreamCeiling({ languages: m.upstream.languages, listWindowS: m.upstream.listWindowS, ...m.upstream.healthy, instances }),
      outage: upstreamCeiling({ languages: m.upstream.languages, listWindowS: m.upstream.listWindowS, ...m.upstream.outage, instances }),
    },
  }
}

/**
 * The most upstream calls per region per minute the design allows once every language is asked
 * continuously: a pair-list refresh per (upstream, language) per window fleet-wide (the lease),
 * of `callsPerRefresh` calls, and a tickers call every `tickersEveryS` from each instance.
 */
export function upstreamCeiling(o: {
  languages: number
  listWindowS: number
  callsPerRefresh: number
  tickersEveryS: number
  instances: number
}): UpstreamPerMinute {
  return { pairLists: o.languages * (60 / o.listWindowS) * o.callsPerRefresh, tickers: o.instances * (60 / o.tickersEveryS) }
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

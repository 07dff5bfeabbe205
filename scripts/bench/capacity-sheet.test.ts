import {
  capacityPlan,
  hitsFromRedisShare,
  cpuMsPerRequest,
  lessIdle,
  lessOverhead,
  linkCountsOf,
  listLooksPerMinute,
  parseProcStat,
  parseRedisInfo,
  parseSchedstat,
  perMinute,
  redisCountersOf,
  redisDelta,
  redisPerView,
  sentByClients,
  splitListTraffic,
  STATED_PEAK,
  upstreamCeiling,
  upstreamEndpointOf,
  type Measured,
  type RedisPerView,
} from './capacity-sheet'

describe('reading /proc/<pid>/stat', () => {
  it('counts fields from the last parenthesis, so a command name with spaces and ")" is no trouble', () => {
    const line = '4242 (next-server (v16) x) S 1 4240 4240 0 -1 4194560 9 0 0 0 1234 56 0 0 20 0 11 0 123 0 0'
    expect(parseProcStat(line)).toEqual({ pid: 4242, pgrp: 4240, ticks: 1290 })
  })

  it('refuses what is not a stat line', () => {
    expect(() => parseProcStat('hello')).toThrow(/not a \/proc/)
  })

  it("reads a thread's ns on a CPU from schedstat", () => {
    expect(parseSchedstat('818695201 1351288178 664\n')).toBe(818_695_201)
    expect(() => parseSchedstat('')).toThrow(/schedstat/)
  })
})

const INFO = [
  '# Stats',
  'total_connections_received:4',
  'total_net_input_bytes:1000',
  'total_net_output_bytes:50000',
  '# CPU',
  'used_cpu_sys:1.500000',
  'used_cpu_user:2.250000',
  '',
  '# Commandstats',
  'cmdstat_hget:calls=10,usec=40,usec_per_call=4.00,rejected_calls=0,failed_calls=0',
  'cmdstat_get:calls=5,usec=10,usec_per_call=2.00,rejected_calls=0,failed_calls=0',
  'cmdstat_info:calls=2,usec=100,usec_per_call=50.00,rejected_calls=0,failed_calls=0',
].join('\r\n')

describe('Redis counters', () => {
  const before = redisCountersOf(parseRedisInfo(INFO))

  it('reads calls per command and the network bytes', () => {
    expect(before).toEqual({ commands: { hget: 10, get: 5, info: 2 }, bytesIn: 1000, bytesOut: 50000, cpuMs: 3750 })
  })

  it("takes a phase's delta, less the cost of reading the counters, per view", () => {
    const after = { commands: { hget: 30, get: 15, info: 4, eval: 3 }, bytesIn: 5000, bytesOut: 90000, cpuMs: 3760 }
    const overhead = { commands: { info: 2 }, bytesIn: 60, bytesOut: 8000, cpuMs: 0.5 }
    const delta = lessOverhead(redisDelta(after, before), overhead)
    expect(delta).toEqual({ commands: { hget: 20, get: 10, eval: 3 }, bytesIn: 3940, bytesOut: 32000, cpuMs: 9.5 })
    // Each EVAL ran an HGET of its own: 17 HGETs were sent.
    expect(redisPerView(delta, 10)).toEqual({ commands: 3, byCommand: { hget: 1.7, get: 1, eval: 0.3 }, writes: 0, bytesIn: 394, bytesOut: 3200, cpuMs: 0.95 })
  })

  it('never gives negative work when the overhead was larger than the phase', () => {
    const delta = lessOverhead(
      { commands: { info: 1 }, bytesIn: 10, bytesOut: 10, cpuMs: 0.1 },
      { commands: { info: 2 }, bytesIn: 60, bytesOut: 8000, cpuMs: 0.5 },
    )
    expect(delta).toEqual({ commands: {}, bytesIn: 0, bytesOut: 0, cpuMs: 0 })
  })

  it('counts a script as one command sent, and what it wrote as writes', () => {
    // Two page writes (HGET, HSET, PEXPIRE inside) and one write refused as not newer (HGET inside).
    expect(sentByClients({ eval: 3, hget: 5, hset: 2, pexpire: 2, get: 2 })).toEqual({ sent: { eval: 3, hget: 2, get: 2 }, writes: 2 })
  })

  it("tells the pair lists' reads, leases and writes from the pages'", () => {
    const delta = { commands: { hgetall: 4, set: 3, eval: 5, hget: 9, hset: 5, pexpire: 3, get: 4 }, bytesIn: 1_000_000, bytesOut: 900_000, cpuMs: 12 }
    const { pages, lists } = splitListTraffic(delta, { listWrites: 2, listBytes: 200_000 })
    expect(lists).toEqual({ reads: 4, leases: 3, writes: 2, bytesIn: 400_000, bytesOut: 800_000 })
    expect(pages).toEqual({ commands: { eval: 3, hget: 7, hset: 3, pexpire: 3, get: 4 }, bytesIn: 600_000, bytesOut: 100_000, cpuMs: 12 })
    // More live refreshes than writes seen (the breaker was open): only the writes seen are the lists'.
    expect(splitListTraffic({ ...delta, commands: { eval: 1 } }, { listWrites: 5, listBytes: 1 }).lists.writes).toBe(1)
  })

  it('fails without the stats section rather than reading 0 bytes', () => {
    expect(() => redisCountersOf(parseRedisInfo('cmdstat_get:calls=1'))).toThrow(/total_net_input_bytes/)
    expect(() => redisPerView(before, 0)).toThrow(/no page views/)
  })
})

describe("an instance's Redis link", () => {
  it('reads timeouts, skips, failures and breaker openings from /api/metrics', () => {
    const text = [
      '# HELP spot_redis_commands Redis commands since start by outcome',
      'spot_redis_commands{outcome="ok"} 120',
      'spot_redis_commands{outcome="timeout"} 4',
      'spot_redis_commands{outcome="skipped"} 17',
      'spot_redis_breaker_opened 2',
    ].join('\n')
    expect(linkCountsOf(text)).toEqual({ timeout: 4, skipped: 17, failed: 0, opened: 2 })
    expect(linkCountsOf('')).toEqual({ timeout: 0, skipped: 0, failed: 0, opened: 0 })
  })
})

describe('looks at the pair lists', () => {
  it('happen once per window an instance renders a page of the slot, at most once per window', () => {
    expect(listLooksPerMinute(0, 48, 10)).toBe(0)
    // One render per slot per window on average: 1 − 1/e of the windows.
    expect(listLooksPerMinute(4.8, 48, 10)).toBeCloseTo(6 * (1 - Math.exp(-1)))
    expect(listLooksPerMinute(1e6, 48, 10)).toBeCloseTo(6)
    expect(() => listLooksPerMinute(1, 0, 10)).toThrow(/no slots/)
  })
})

describe('idle burn', () => {
  it("takes a process's idle CPU over the phase's wall time off its delta, never below 0", () => {
    const delta = { commands: {}, bytesIn: 0, bytesOut: 0, cpuMs: 30 }
    expect(lessIdle(delta, 2, 10_000).cpuMs).toBe(10)
    expect(lessIdle(delta, 5, 10_000).cpuMs).toBe(0)
  })
})

describe('CPU per request', () => {
  it('takes off the idle burn over the same wall time', () => {
    // 1500 ms over 10 s; idle 2 ms/s → 20 ms; 200 requests.
    expect(cpuMsPerRequest({ cpuMs: 1500, wallMs: 10_000, requests: 200 }, 2)).toBeCloseTo(7.4)
    expect(cpuMsPerRequest({ cpuMs: 0, wallMs: 10_000, requests: 10 }, 2)).toBe(0)
    expect(() => cpuMsPerRequest({ cpuMs: 1, wallMs: 1, requests: 0 }, 0)).toThrow(/no requests/)
  })
})

describe('upstream calls', () => {
  it('names the endpoints the server calls', () => {
    expect(upstreamEndpointOf('/spot/api/basic/symbol_list_v3?version=1')).toBe('symbol_list_v3')
    expect(upstreamEndpointOf('/spot/api/basic/symbol_list_all')).toBe('symbol_list_all')
    expect(upstreamEndpointOf('/v5/market/tickers?category=spot')).toBe('tickers')
    expect(upstreamEndpointOf('/t1')).toBe('other')
  })

  it('scales a window to a minute', () => {
    expect(perMinute({ tickers: 6 }, 30)).toEqual({ tickers: 12 })
    expect(() => perMinute({}, 0)).toThrow(/empty window/)
  })

  it("bounds a region's calls: lists per language and window for the fleet, tickers per instance", () => {
    expect(upstreamCeiling({ languages: 16, listWindowS: 10, callsPerRefresh: 2, tickersEveryS: 5, instances: 3 })).toEqual({ pairLists: 192, tickers: 36 })
  })
})

const redis = (commands: number, bytesIn: number, bytesOut: number, cpuMs: number): RedisPerView => ({
  commands,
  byCommand: {},
  writes: 0,
  bytesIn,
  bytesOut,
  cpuMs,
})
const MEASURED: Measured = {
  cpuMs: { hit: 2, hitFromRedis: 5, stale: 40, miss: 50 },
  nginxCpuMs: 0.1,
  redis: {
    hit: redis(2, 100, 50, 0.02),
    hitFromRedis: redis(3, 150, 100_000, 0.1),
    stale: redis(6, 200_000, 100_000, 0.5),
    miss: redis(8, 200_000, 120_000, 0.5),
  },
  redisBytesPerPage: 100_000,
  redisBytesPerList: 300_000,
  lists: { readsPerLook: 1.5, leasesPerLook: 1, writesPerMinute: 6, bytes: 250_000, windowS: 10 },
  redisCpu: { headMs: 0.01, entryReadMs: 0.1, pageWriteMs: 0.3, listReadMs: 0.2, listWriteMs: 0.5 },
  upstream: { languages: 16, listWindowS: 10, healthy: { callsPerRefresh: 2, tickersEveryS: 5 }, outage: { callsPerRefresh: 3, tickersEveryS: 7.5 } },
}

describe('HITs read from Redis under round-robin balancing', () => {
  it('are nearly all of them when a page has a few views per period over many instances', () => {
    // 5 views per period (1 regeneration, 4 HITs) over 57 instances: local 1 − (56/57)^i, i = 1…4.
    expect(hitsFromRedisShare(5, 57)).toBeCloseTo(1 - (0.017544 + 0.034775 + 0.05171 + 0.068354) / 4, 4)
  })

  it('are few for a popular page, and none with one instance or no HIT', () => {
    expect(hitsFromRedisShare(10_000, 10)).toBeLessThan(0.001)
    expect(hitsFromRedisShare(5, 1)).toBe(0)
    expect(hitsFromRedisShare(1, 57)).toBe(0)
    // No regeneration at all: pages never change, so every HIT is local once read.
    expect(hitsFromRedisShare(Infinity, 57)).toBe(0)
  })
})

describe('the plan for a peak', () => {
  // By URL: every HIT in the instance's memory, so the figures below can be worked by hand.
  const plan = capacityPlan(MEASURED, { ...STATED_PEAK, balancing: 'by-url' })

  it('splits the stated peak into cached views, regenerations and the daily crawl', () => {
    expect(plan.viewsPerSecond.hit).toBeCloseTo(1600)
    expect(plan.viewsPerSecond.stale).toBeCloseTo(400)
    // 9 × 16 × 570 = 82,080 pages a day: 0.95 first renders per second.
    expect(plan.crawlerViewsPerSecond).toBeCloseTo(82_080 / 86_400)
    expect(plan.viewsPerSecond.miss).toBeCloseTo(0.95, 2)
  })

  it('needs instances for the CPU at the target utilisation, plus the spare', () => {
    // 1600 × 2 + 400 × 40 + 0.95 × 50 ms = 19,247.5 ms/s = 19.25 cores; at 60 %: 33 (32.08 → 33), + 1.
    expect(plan.instanceCores).toBeCloseTo(19.2475, 3)
    expect(plan.instancesNeeded).toBe(33)
    expect(plan.instances).toBe(34)
  })

  it("sizes Redis: commands, bandwidth, and memory for two builds' pages and the lists", () => {
    // Lists: 400.95 renders/s over 34 instances and 144 slots: each instance looks at a slot in
    // 1 − e^(−0.819) = 55.9 % of the windows, 3.35 times a minute; 1.5 reads and a lease each.
    const looks = (144 * 34 * 6 * (1 - Math.exp(-((400.95 / 34) * 10) / 144))) / 60
    expect(looks).toBeCloseTo(273.7, 0)
    expect(plan.redis.lists.commandsPerSecond).toBeCloseTo(looks * 2.5 + (144 * 6) / 60)
    expect(plan.redis.lists.bytesOutPerSecond).toBeCloseTo(looks * 1.5 * 250_000)
    expect(plan.redis.lists.bytesInPerSecond).toBeCloseTo(((144 * 6) / 60) * 250_000)
    expect(plan.redis.commandsPerSecond).toBeCloseTo(1600 * 2 + 400 * 6 + 0.95 * 8 + plan.redis.lists.commandsPerSecond, 0)
    expect(plan.redis.bytesOutPerSecond).toBeCloseTo(1600 * 50 + 400 * 100_000 + 0.95 * 120_000 + plan.redis.lists.bytesOutPerSecond, -3)
    expect(plan.redis.pages).toBe(82_080)
    expect(plan.redis.dataBytes).toBe(82_080 * 100_000 * 2 + 144 * 300_000)
    expect(plan.redis.memoryBytes).toBeCloseTo(plan.redis.dataBytes * 1.5)
    // Pages: 1600 × 0.01 + 400.95 × (0.01 + 0.3) ms/s; lists: 273.7 looks/s × 1.5 reads × 0.2 ms + 14.4 writes/s × 0.5 ms.
    const lists = ((144 * 34 * 6 * (1 - Math.exp(-((400.95 / 34) * 10) / 144))) / 60) * 1.5 * 0.2 + 14.4 * 0.5
    expect(plan.redis.cores).toBeCloseTo((16 + 400.95 * 0.31 + lists) / 1000, 4)
    // One request at a time: 1600 × 0.02 + 400 × 0.5 + 0.95 × 0.5 ms/s, the lists alike.
    expect(plan.redis.coresOneAtATime).toBeCloseTo((232.475 + lists) / 1000, 4)
  })

  it('scales the tickers calls with the instances, not the pair-list calls', () => {
    // Lists: 16 languages × 6 windows × 2 (or 3) calls; tickers 12 (or 8) a minute from each of 34 instances.
    expect(plan.upstream.healthy).toEqual({ pairLists: 192, tickers: 12 * 34 })
    expect(plan.upstream.outage).toEqual({ pairLists: 288, tickers: 8 * 34 })
  })

  it('with round-robin, sizes for HITs read from Redis at the share its own instance count gives', () => {
    const rr = capacityPlan(MEASURED, STATED_PEAK)
    expect(rr.hitsFromRedisShare).toBeGreaterThan(0.9)
    expect(rr.hitsFromRedisShare).toBe(hitsFromRedisShare(5, rr.instances))
    expect(rr.viewsPerSecond.hitFromRedis + rr.viewsPerSecond.hit).toBeCloseTo(1600)
    expect(rr.instances).toBe(Math.ceil(rr.instanceCores / 0.6) + 1)
    expect(rr.instances).toBeGreaterThan(plan.instances)
    // Each HIT from Redis reads the whole entry.
    expect(rr.redis.bytesOutPerSecond - plan.redis.bytesOutPerSecond).toBeGreaterThan(rr.viewsPerSecond.hitFromRedis * 90_000)
  })

  it('moves with its assumptions: all but a few HITs need one instance and its spare', () => {
    const calm = capacityPlan(MEASURED, {
      ...STATED_PEAK,
      balancing: 'by-url',
      peakViewsPerSecond: 100,
      hitShare: 0.999,
      crawl: { ...STATED_PEAK.crawl, pairs: 0 },
    })
    expect(calm.instanceCores).toBeCloseTo((99.9 * 2 + 0.1 * 40) / 1000)
    expect(calm.instances).toBe(2)
    const allMiss = capacityPlan(MEASURED, { ...STATED_PEAK, missShareOfOthers: 1 })
    expect(allMiss.hitsFromRedisShare).toBe(0)
    expect(allMiss.instanceCores).toBeGreaterThan(plan.instanceCores)
  })

  it('refuses shares outside 0…1 and a utilisation of 0', () => {
    expect(() => capacityPlan(MEASURED, { ...STATED_PEAK, hitShare: 1.2 })).toThrow(/shares/)
    expect(() => capacityPlan(MEASURED, { ...STATED_PEAK, hitShare: 1 })).toThrow(/HITs below 1/)
    expect(() => capacityPlan(MEASURED, { ...STATED_PEAK, targetUtilisation: 0 })).toThrow(/utilisation/)
  })
})
